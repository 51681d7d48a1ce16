/**
 * Tyre purchases through the reference api, for Pembelian Ban's end-to-end tests
 * (tests/e2e/pembelian-ban.test.ts) and its request-level tests (tests/app/pembelian-ban.test.ts) alike:
 * the suppliers, a purchase of one tyre (unposted or posted), and a purchase found by its code or by a
 * tyre's serial. Each runner passes its own api client; a refused call throws with the api's answer.
 */
import type { Upstream } from './ban-records'

export type Line = { id: number; no_seri: string; kode_ban: string; harga: string | number }
export type Pembelian = {
  id: number
  kode_pembelian_ban: string
  status: string
  grand_total: string | number
  detail_ban: Line[]
  supplier_id: number
}

/** The api answered `ok(status)`, else an error with its answer. */
function check(r: { status: number; json: unknown }, ok: (status: number) => boolean, what: string) {
  if (!ok(r.status)) throw new Error(`${what}: the api answered ${r.status}: ${JSON.stringify(r.json)}`)
}

export function pembelianRecords(upstream: Upstream, unique: (prefix: string) => string) {
  async function suppliers() {
    return (await (await upstream()).get('/api/supplier')).json as { id: number; nama_supp: string; alamat: string }[]
  }
  async function pembelianByCode(kode: string): Promise<Pembelian | undefined> {
    const list = (await (await upstream()).get('/api/pembelian-ban')).json as Pembelian[]
    return list.find((p) => p.kode_pembelian_ban === kode)
  }
  async function pembelianWithSerial(noSeri: string): Promise<Pembelian | undefined> {
    const list = (await (await upstream()).get('/api/pembelian-ban')).json as Pembelian[]
    return list.find((p) => p.detail_ban.some((l) => l.no_seri === noSeri))
  }
  /** A purchase of one tyre at Rp 1.250.000 from the first supplier, unposted or posted. */
  async function makePembelian(status: 'unpost' | 'posting' = 'unpost'): Promise<Pembelian> {
    const api = await upstream()
    const [s] = await suppliers()
    const r = await api.post('/api/pembelian-ban/add', {
      supplier_id: s!.id,
      ban: [{ no_seri: unique('SN').replace(/\s/g, ''), kondisi_ban: 'BARU', harga: 1250000 }],
    })
    check(r, (st) => st < 300, 'POST /api/pembelian-ban/add')
    const p = r.json.data as Pembelian
    if (status === 'posting') check(await api.post(`/api/inquery-pembelian/${p.id}/posting`, {}), (st) => st === 200, 'posting')
    return { ...p, status }
  }
  return { suppliers, pembelianByCode, pembelianWithSerial, makePembelian }
}
