// The closing report of `npm test` (scripts/test.sh): how long each phase took and the ten slowest
// test files, so a slow test is seen the day it is written. It reads what the run left in
// .test-report/: phases.txt (a line per phase: start time in seconds and its name, written by
// test.sh) and the runners' JSON reports (vitest-*.json from Vitest's json reporter, playwright.json
// from Playwright's). A report that is missing (a phase that did not run) is passed over.
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'

const DIR = '.test-report'
const root = process.cwd()
/** @param {number} ms */
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`

function phases() {
  const file = join(DIR, 'phases.txt')
  if (!existsSync(file)) return []
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => {
      const [at, ...name] = l.split(' ')
      return { at: Number(at), name: name.join(' ') }
    })
  return lines.slice(0, -1).map((p, i) => ({ name: p.name, ms: (lines[i + 1].at - p.at) * 1000 }))
}

/** Per test file: the time its tests took (Vitest: the file's run; Playwright: its tests' durations, both projects added). */
function files() {
  /** @type {Map<string, number>} */
  const out = new Map()
  /** @type {(name: string, ms: number, runner: string) => void} */
  const add = (name, ms, runner) => {
    const key = `${runner} ${name}`
    out.set(key, (out.get(key) ?? 0) + ms)
  }
  if (!existsSync(DIR)) return out
  for (const f of readdirSync(DIR).filter((n) => /^vitest-.*\.json$/.test(n))) {
    const report = JSON.parse(readFileSync(join(DIR, f), 'utf8'))
    for (const r of report.testResults ?? []) add(relative(root, r.name), Math.max(0, (r.endTime ?? 0) - (r.startTime ?? 0)), 'vitest')
  }
  const pw = join(DIR, 'playwright.json')
  if (existsSync(pw)) {
    const report = JSON.parse(readFileSync(pw, 'utf8'))
    /** @type {(suite: any, file: string) => void} */
    const walk = (suite, file) => {
      const name = suite.file ?? file
      for (const spec of suite.specs ?? [])
        for (const t of spec.tests ?? []) for (const r of t.results ?? []) add(join('tests/e2e', name), r.duration ?? 0, 'playwright')
      for (const s of suite.suites ?? []) walk(s, name)
    }
    for (const s of report.suites ?? []) walk(s, s.file)
  }
  return out
}

const p = phases()
if (p.length) {
  console.log('\n[test] phases')
  for (const { name, ms } of p) console.log(`  ${seconds(ms).padStart(9)}  ${name}`)
  console.log(`  ${seconds(p.reduce((n, x) => n + x.ms, 0)).padStart(9)}  in all`)
}
const slowest = [...files()].sort((a, b) => b[1] - a[1]).slice(0, 10)
if (slowest.length) {
  console.log('[test] the ten slowest test files (time spent in their tests)')
  for (const [name, ms] of slowest) console.log(`  ${seconds(ms).padStart(9)}  ${name}`)
}
