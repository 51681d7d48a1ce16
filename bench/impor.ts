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
