/**
 * The parts store for the work orders' app and end-to-end tests, through the api as a user's screens
 * reach it (the extension 'suku-cadang', "Extensions: the parts store" in docs/upstream-contract.md):
 * a part is made with POST /api/suku-cadang and its stock bought with a Pembelian Suku Cadang (its lines
 * enter the stock at Simpan, at their subtotal); a part's stock and value are read back with
 * GET /api/suku-cadang/{id}, what the api stored. Each runner passes its own api client; a refused call
 * throws with the api's answer.
 */
import type { Upstream } from './ban-records'
import { expectStatus } from './fitted-vehicle-records'

export function bengkelRecords(upstream: Upstream) {
  let supplier: Promise<number> | null = null
  /** The first supplier of the demo data (the purchases' supplier). */
  const firstSupplier = () =>
    (supplier ??= (async () => {
      const r = await (await upstream()).get('/api/supplier')
      expectStatus(r, 200, 'GET /api/supplier')
      const rows = (Array.isArray(r.json) ? r.json : r.json.data) as { id: number }[]
      if (!rows[0]) throw new Error('GET /api/supplier: no supplier to buy parts from')
      return rows[0].id
    })())

  /**
   * A new part named `nama` with `stok` units worth `nilai` in stock (bought in one purchase at
   * `nilai / stok` each, a whole Rupiah). Answers its id.
   */
  async function partWithStock(o: { nama: string; satuan: string; stok: number; nilai: number }): Promise<number> {
    const api = await upstream()
    const made = await api.post('/api/suku-cadang', { nama: o.nama, satuan: o.satuan })
    expectStatus(made, 201, 'POST /api/suku-cadang')
    const id = made.json.data.id as number
    if (o.stok > 0) {
      const harga = o.nilai / o.stok
      if (!Number.isInteger(harga)) throw new Error(`partWithStock: ${o.nilai} is not ${o.stok} whole prices`)
      const bought = await api.post('/api/pembelian-suku-cadang', {
        supplier_id: await firstSupplier(),
        keterangan: 'Stok awal uji',
        detail: [{ suku_cadang_id: id, jumlah: o.stok, harga }],
      })
      expectStatus(bought, 201, 'POST /api/pembelian-suku-cadang')
    }
    return id
  }

  /** A part's stock and value as the api stored them. */
  async function stockOf(partId: number): Promise<{ stok: number; nilai_stok: number }> {
    const r = await (await upstream()).get(`/api/suku-cadang/${partId}`)
    expectStatus(r, 200, `GET /api/suku-cadang/${partId}`)
    return { stok: Number(r.json.data.stok), nilai_stok: Number(r.json.data.nilai_stok) }
  }

  return { partWithStock, stockOf }
}
