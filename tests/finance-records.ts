/**
 * The purchases of the finance tests, through the reference api, for the end-to-end tests
 * (tests/e2e/finance.test.ts) and the request-level tests (tests/app/finance.test.ts) alike, and the
 * days they are made on. Tests share one database: a test's purchases are on a day of its own.
 * Each runner passes its own api client; a refused call throws with the api's answer.
 */
import type { Upstream } from './ban-records'

export type Line = { id: number; no_seri: string; kode_ban: string }
export type Pembelian = {
  id: number
  kode_pembelian_ban: string
  status: string
  grand_total: string | number
  tanggal_awal: string
  detail_ban: Line[]
}

/**
 * A day between 2100 and 2899, at random. With about 290,000 days and a few dozen taken per run, two
 * tests meet on a day about once in a thousand runs; the fittings' stock purchases and the print
 * test's purchases use days outside this range.
 */
export function freeDay(): string {
  const d = new Date(Date.UTC(2100, 0, 1) + Math.floor(Math.random() * 292_000) * 86_400_000)
  return d.toISOString().slice(0, 10)
}
export const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
/** The URL parameters of the period from `from` to `to` (one day when `to` is left out). */
export const period = (from: string, to = from) => `tanggal_awal=${from}&tanggal_akhir=${to}`

export function financeRecords(upstream: Upstream, unique: (prefix: string) => string) {
  /** A purchase on `day` from the first supplier: `tyres` new tyres at `harga` each, posted if asked. */
  async function purchase(day: string, opts: { status?: 'posting' | 'unpost'; tyres?: number; harga?: number } = {}): Promise<Pembelian> {
    const api = await upstream()
    const supplier = (await api.get('/api/supplier')).json[0] as { id: number }
    const ban = Array.from({ length: opts.tyres ?? 1 }, () => ({
      no_seri: unique('FN').replace(/\s/g, ''),
      kondisi_ban: 'BARU',
      harga: opts.harga ?? 1_000_000,
    }))
    const r = await api.post('/api/pembelian-ban/add', { supplier_id: supplier.id, tanggal_awal: day, ban })
    if (r.status !== 201) throw new Error(`the api answered ${r.status}, not 201: ${JSON.stringify(r.json)}`)
    const p = r.json.data as Pembelian
    if (opts.status === 'posting') {
      const posted = await api.post(`/api/inquery-pembelian/${p.id}/posting`, {})
      if (posted.status !== 200) throw new Error(`posting answered ${posted.status}: ${JSON.stringify(posted.json)}`)
    }
    return { ...p, status: opts.status ?? 'unpost' }
  }
  /** The purchase as the api lists it now (undefined once deleted). */
  async function stored(id: number): Promise<Pembelian | undefined> {
    return ((await (await upstream()).get('/api/pembelian-ban')).json as Pembelian[]).find((p) => p.id === id)
  }
  return { purchase, stored }
}
