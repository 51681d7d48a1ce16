import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'

const require = createRequire(import.meta.url)
/** vnu-jar exports the jar's path (a String object); Java comes from the system (scripts/test.sh). */
const VNU_JAR = String(require('vnu-jar'))
const AXE_SOURCE: string = require('node:fs').readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

/**
 * The Nu checker's CSS grammar predates rules that Tailwind v4 writes (`@property`, `margin-trim` in
 * an `@supports` test); they appear only when the stylesheet is inlined. Only these exact messages
 * are ignored; any other error, CSS or HTML, fails.
 */
const VNU_CSS_GRAMMAR_GAPS = [/^CSS: Unrecognized at-rule “@property”\.?$/, /^CSS: “margin-trim”: Property “margin-trim” doesn't exist\.?$/]

export type VnuMessage = { type: string; subType?: string; message: string; extract?: string; lastLine?: number }

/**
 * Errors of the Nu HTML Checker on the given documents, by their name: one JVM run for all of them
 * (the documents are written to a temporary folder, removed afterwards). Every name is in the
 * answer, with [] for a document without error.
 */
export function vnuErrors(documents: Record<string, string>): Record<string, string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'vnu-'))
  try {
    const names = Object.keys(documents)
    const fileOf = new Map<string, string>()
    const files = names.map((name, i) => {
      const file = join(dir, `doc-${i}.html`)
      writeFileSync(file, documents[name])
      fileOf.set(`doc-${i}.html`, name)
      return file
    })
    const out = execFileSync('java', ['-jar', VNU_JAR, '--errors-only', '--format', 'json', '--stdout', '--exit-zero-always', ...files], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    })
    const messages = (JSON.parse(out) as { messages: (VnuMessage & { url?: string })[] }).messages
    const errors: Record<string, string[]> = Object.fromEntries(names.map((name) => [name, []]))
    for (const m of messages) {
      if (m.type !== 'error' && m.type !== 'non-document-error') continue
      if (VNU_CSS_GRAMMAR_GAPS.some((re) => re.test(m.message))) continue
      const name = fileOf.get((m.url ?? '').replace(/^.*\//, ''))
      // A message tied to no document (the checker itself failed) counts against every document.
      for (const n of name === undefined ? names : [name])
        errors[n].push(`line ${m.lastLine ?? '?'}: ${m.message} ${m.extract ?? ''}`.trim())
    }
    return errors
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

export type AxeFinding = { id: string; impact: string | null; help: string; targets: string[] }

/** axe-core's serious and critical findings on the page as it is now (source injected as a script tag). */
export async function axeSeriousFindings(page: Page): Promise<AxeFinding[]> {
  await page.addScriptTag({ content: AXE_SOURCE })
  const findings = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            o: object,
          ) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }>
        }
      }
    ).axe
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }))
  })
  return findings.filter((f) => f.impact === 'serious' || f.impact === 'critical')
}
