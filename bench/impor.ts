/**
 * (h) of `npm run bench` (`--only impor`): Impor Stok Ban through the built app, one user, as a browser
 * does it: a workbook of N tyres (default 10,000, `--impor-rows N`) made with exceljs in the template's
 * columns, posted to the upload form (the app reads and checks the file, the upstream checks the rows
 * and stages the batch) and the preview page read: the first time; then 'Simpan semua' (every tyre in
 * one transaction) to the banner's redirect: the second time. The app server's highest RSS (VmHWM of
 * its process, since it started) before and after, and how many tyres the api then holds of the batch.
 */
import ExcelJS from 'exceljs'
import { readFileSync } from 'node:fs'
import { IMPOR_SPECS } from '../app/lib/impor.ts'

export type ImporSystem = { base: string; apiBase: string; token: string; app: { pid?: number } }

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : n < 100 ? 1 : 0)} ms`
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`

/** The highest resident set of a process since it started (VmHWM), in bytes. */
function hwmOf(pid: number | undefined): number {
  if (!pid) return NaN
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return m ? Number(m[1]) * 1024 : NaN
  } catch {
    return NaN
  }
}

/** A workbook of `n` stock tyres (sheet Data, the template's header row). */
async function workbook(n: number, prefix: string, ukuran: string, merek: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  const sheet = wb.addWorksheet('Data')
  const columns = IMPOR_SPECS.ban.columns
  sheet.addRow(columns.map((c) => c.header))
  const cells: Record<string, string | number | null> = { ukuran, merek, kondisi: 'BARU', harga: 1_500_000, tebal_tapak: 16 }
  for (let i = 0; i < n; i++) sheet.addRow(columns.map((c) => (c.key === 'no_seri' ? `${prefix}-${i}` : (cells[c.key] ?? null))))
  return Buffer.from(await wb.xlsx.writeBuffer())
}

export async function imporLines(s: ImporSystem, appHeaders: Record<string, string>, rows: number): Promise<string[]> {
  const api = (path: string) =>
    fetch(`${s.apiBase}${path}`, { headers: { Accept: 'application/json', Authorization: `Bearer ${s.token}` } }).then(
      async (r) => (await r.json()) as unknown,
    )
  const listOf = (v: unknown) => (Array.isArray(v) ? v : (v as { data: unknown[] }).data) as Record<string, unknown>[]
  const ukuran = listOf(await api('/api/ukuran'))[0]?.nama as string | undefined
  const merek = listOf(await api('/api/merek'))[0]?.nama_merek as string | undefined
  if (!ukuran || !merek) return ['impor: the data set has no size or brand — not measured']
  const prefix = `BENCH${Date.now().toString(36)}`
  const file = await workbook(rows, prefix, ukuran, merek)
  const hwmBefore = hwmOf(s.app.pid)

  const started = performance.now()
  const form = new FormData()
  form.set(
    'file',
    new Blob([new Uint8Array(file)], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    'stok-ban.xlsx',
  )
  const up = await fetch(`${s.base}/admin/ban/impor`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
    headers: { ...appHeaders, Origin: s.base },
  })
  await up.arrayBuffer()
  const preview = up.headers.get('location')
  if (up.status !== 302 || !preview) return [`impor ${rows} tyres: the upload answered ${up.status} — not measured`]
  const page = await fetch(new URL(preview, s.base), { headers: appHeaders })
  const html = await page.text()
  const staged = performance.now() - started
  if (page.status !== 200 || !html.includes('Simpan semua'))
    return [`impor ${rows} tyres: the preview answered ${page.status} without 'Simpan semua' — not measured`]

  const saveStarted = performance.now()
  const save = await fetch(new URL(preview, s.base), {
    method: 'POST',
    body: new URLSearchParams({ intent: 'simpan' }),
    redirect: 'manual',
    headers: { ...appHeaders, Origin: s.base, 'Content-Type': 'application/x-www-form-urlencoded' },
  })
  await save.arrayBuffer()
  const saved = performance.now() - saveStarted
  const hwmAfter = hwmOf(s.app.pid)
  // The paged Stok Ban call counts the batch's serials (searched by their common prefix).
  const meta = ((await api(`/api/ban?q=${prefix}&page=1&per_page=1`)) as { meta?: { total: number } }).meta
  return [
    `impor stok ban, ${rows.toLocaleString('en')} tyres (${(file.byteLength / 1024).toFixed(0)} KiB xlsx): upload + preview ${ms(staged)}; ` +
      `Simpan semua ${ms(saved)} (answered ${save.status}); the api holds ${meta?.total ?? '?'} of them`,
    `impor: the app server's highest RSS (VmHWM) ${mb(hwmBefore)} before, ${mb(hwmAfter)} after`,
  ]
}

/** The resident set of a process now (VmRSS), in bytes. */
function rssOf(pid: number | undefined): number {
  if (!pid) return NaN
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return m ? Number(m[1]) * 1024 : NaN
  } catch {
    return NaN
  }
}

/** The highest VmRSS of `pid` while `work` runs, sampled every 20 ms. */
async function peakRss<T>(pid: number | undefined, work: () => Promise<T>): Promise<{ value: T; peak: number }> {
  let peak = rssOf(pid)
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20)
  try {
    return { value: await work(), peak }
  } finally {
    clearInterval(timer)
  }
}

/** One file posted to the upload form: its status, time and the refusal shown (or the preview's address). */
async function post(s: ImporSystem, appHeaders: Record<string, string>, name: string, file: Buffer) {
  const form = new FormData()
  form.set('file', new Blob([new Uint8Array(file)]), name)
  const started = performance.now()
  const res = await fetch(`${s.base}/admin/ban/impor`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
    headers: { ...appHeaders, Origin: s.base },
  })
  const html = await res.text()
  const alert = /role="alert"[^>]*>([^<]*)</.exec(html)?.[1]
  return { status: res.status, ms: performance.now() - started, said: res.headers.get('location') ?? alert ?? '' }
}

/**
 * Ten concurrent imports of `rows` tyres each (each its own workbook), as ten clerks would: each
 * answer's status and time (a redirect to the preview; 503 'Server sedang memproses impor lain'
 * past the import gate's queue), the app's peak RSS meanwhile and whether its process is the same.
 */
export async function imporConcurrentLines(
  s: ImporSystem,
  appHeaders: Record<string, string>,
  rows: number,
  files = 10,
): Promise<string[]> {
  const api = (path: string) =>
    fetch(`${s.apiBase}${path}`, { headers: { Accept: 'application/json', Authorization: `Bearer ${s.token}` } }).then(
      async (r) => (await r.json()) as unknown,
    )
  const listOf = (v: unknown) => (Array.isArray(v) ? v : (v as { data: unknown[] }).data) as Record<string, unknown>[]
  const ukuran = listOf(await api('/api/ukuran'))[0]?.nama as string | undefined
  const merek = listOf(await api('/api/merek'))[0]?.nama_merek as string | undefined
  if (!ukuran || !merek) return ['impor concurrent: the data set has no size or brand — not measured']
  const prefix = `BENCHC${Date.now().toString(36)}`
  const books = await Promise.all(Array.from({ length: files }, (_, i) => workbook(rows, `${prefix}${i}`, ukuran, merek)))
  const pid = s.app.pid
  const { value: answers, peak } = await peakRss(pid, () => Promise.all(books.map((b, i) => post(s, appHeaders, `stok-${i}.xlsx`, b))))
  const alive = Number.isFinite(rssOf(pid))
  const kinds = answers.map((a) => (a.status === 302 ? 'preview' : `${a.status} ${a.said.slice(0, 60)}`))
  return [
    `impor, ${files} concurrent uploads of ${rows.toLocaleString('en')} tyres (${(books[0]!.byteLength / 1024).toFixed(0)} KiB xlsx each): ` +
      `the app's peak RSS ${mb(peak)}; its process ${alive ? 'the same, still up' : 'GONE'}`,
    `impor concurrent answers: ${answers.map((a, i) => `${ms(a.ms)} ${kinds[i]}`).join(' | ')}`,
  ]
}

/**
 * The hostile files that filled the app's heap (tests/hostile-spreadsheets.ts), one after another:
 * each answer's status, time and message, and the app's peak RSS meanwhile.
 */
export async function imporHostileLines(s: ImporSystem, appHeaders: Record<string, string>): Promise<string[]> {
  const { manyLinesCsv, manyRowsXlsx, emptyRowsXlsx } = await import('../tests/hostile-spreadsheets.ts')
  const files: [string, string, Buffer][] = [
    ['CSV of 2,000,000 lines', 'stok.csv', manyLinesCsv()],
    ['xlsx of 300,000 rows', 'stok.xlsx', manyRowsXlsx()],
    ['xlsx of 600,000 empty rows', 'stok.xlsx', emptyRowsXlsx()],
  ]
  const lines: string[] = []
  for (const [what, name, data] of files) {
    const { value: a, peak } = await peakRss(s.app.pid, () => post(s, appHeaders, name, data))
    lines.push(
      `impor hostile: ${what} (${(data.byteLength / 2 ** 20).toFixed(1)} MB): ${a.status} in ${ms(a.ms)}, '${a.said.slice(0, 70)}…'; app peak RSS ${mb(peak)}`,
    )
  }
  return lines
}
