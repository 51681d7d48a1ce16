// The closing report of `npm test` (scripts/test.sh): how long each step took (steps run side by
// side, so each says when it started), the run's wall time, how many tests ran where, and the ten
// slowest test files, so a slow test is seen the day it is written. It reads what the run left in
// .test-report/: started.txt (the run's start, in seconds), steps.txt (a line per step: start, end,
// exit status, name, written by test.sh) and the runners' JSON reports (vitest-*.json from Vitest's json reporter, playwright.json
// from Playwright's). A report that is missing (a phase that did not run) is passed over.
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'

const DIR = '.test-report'
const root = process.cwd()
/** @param {number} ms */
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`

function steps() {
  const file = join(DIR, 'steps.txt')
  if (!existsSync(file)) return []
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => {
      const [start, end, status, ...name] = l.split(' ')
      return { start: Number(start), end: Number(end), failed: status !== '0', name: name.join(' ') }
    })
    .sort((a, b) => a.start - b.start)
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

/**
 * How many tests ran in each runner and project, and how many behaviours that is: a Playwright test
 * that runs with JavaScript and without is one behaviour tested both ways (docs/performance.md).
 */
function testCounts() {
  /** @type {string[]} */
  const out = []
  if (!existsSync(DIR)) return out
  for (const f of readdirSync(DIR).filter((n) => /^vitest-.*\.json$/.test(n))) {
    const report = JSON.parse(readFileSync(join(DIR, f), 'utf8'))
    out.push(
      `vitest ${f.replace(/^vitest-|\.json$/g, '')}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests + (report.numTodoTests ?? 0)} skipped`,
    )
  }
  const pw = join(DIR, 'playwright.json')
  if (existsSync(pw)) {
    const report = JSON.parse(readFileSync(pw, 'utf8'))
    /** @type {Map<string, Map<string, number>>} a test's key → project → runs (a loop may repeat a title) */
    const projects = new Map()
    /** @type {(suite: any, file: string, titles: string[]) => void} */
    const walk = (suite, file, titles) => {
      const name = suite.file ?? file
      for (const spec of suite.specs ?? [])
        for (const t of spec.tests ?? []) {
          const key = `${name} › ${[...titles, spec.title].join(' › ')}`
          const runs = projects.get(key) ?? new Map()
          runs.set(t.projectName, (runs.get(t.projectName) ?? 0) + 1)
          projects.set(key, runs)
        }
      for (const s of suite.suites ?? []) walk(s, name, suite.file ? [] : [...titles, s.title].filter(Boolean))
    }
    for (const s of report.suites ?? []) walk(s, s.file, [])
    const all = [...projects.values()]
    const runs = all.reduce((n, m) => n + [...m.values()].reduce((a, b) => a + b, 0), 0)
    const behaviours = all.reduce((n, m) => n + Math.max(...m.values()), 0)
    const both = all.reduce((n, m) => n + Math.min(m.get('js') ?? 0, m.get('nojs') ?? 0), 0)
    const stats = report.stats ?? {}
    out.push(
      `playwright: ${runs} runs (${stats.expected ?? '?'} passed, ${stats.unexpected ?? '?'} failed, ${stats.flaky ?? '?'} flaky, ${stats.skipped ?? '?'} skipped) of ${behaviours} behaviours, ${both} of them with JavaScript and without`,
    )
  }
  return out
}

const started = existsSync(join(DIR, 'started.txt')) ? Number(readFileSync(join(DIR, 'started.txt'), 'utf8')) : null
const p = steps()
if (p.length && started !== null) {
  console.log('\n[test] steps (started at +seconds from the start of the tests; side by side where they overlap)')
  for (const s of p)
    console.log(
      `  ${seconds((s.end - s.start) * 1000).padStart(9)}  at +${String(s.start - started).padEnd(5)} ${s.name}${s.failed ? '  (FAILED)' : ''}`,
    )
  // Until the last step ended (the report may be printed again later: `node scripts/test-report.mjs`).
  const ended = Math.max(...p.map((s) => s.end))
  console.log(`  ${seconds((ended - started) * 1000).padStart(9)}  in all (wall time, after the install)`)
}
const counts = testCounts()
if (counts.length) {
  console.log('[test] tests run')
  for (const line of counts) console.log(`  ${line}`)
}
const slowest = [...files()].sort((a, b) => b[1] - a[1]).slice(0, 10)
if (slowest.length) {
  console.log('[test] the ten slowest test files (time spent in their tests)')
  for (const [name, ms] of slowest) console.log(`  ${seconds(ms).padStart(9)}  ${name}`)
}
