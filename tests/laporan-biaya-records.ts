/**
 * The fleet of Laporan Biaya Ban's tests, through the reference api, for the end-to-end tests
 * (tests/e2e/laporan-biaya.test.ts) and the request-level tests (tests/app/laporan-biaya.test.ts) alike:
 * two tyres of a new merek from a new supplier on a new vehicle with known numbers — tyre A bought for
 * Rp 2.000.000, fitted at km 1.000, removed at km 21.000 on `day` and retreaded for Rp 400.000; tyre B
 * bought for Rp 1.800.000 and still fitted. Each runner passes its own api client; a refused call
 * throws with the api's answer.
 */
import type { Upstream } from './ban-records'

export type Tyre = { id: number; kode_ban: string; no_seri: string }
export type Fleet = { merek: string; supplier: string; noKabin: string; a: Tyre; b: Tyre }

/** A day of the far future that no other test uses (the report is read for that day alone), and its period. */
export { freeDay, period } from './finance-records'
export const flat = (s: string) => s.replace(/\s/g, '')
/** The api answered `status`, else an error with its answer. */
export function ok(r: { status: number; json: unknown }, status = 201) {
  if (r.status !== status) throw new Error(`the api answered ${r.status}, not ${status}: ${JSON.stringify(r.json)}`)
}

export function fleetRecords(upstream: Upstream, unique: (prefix: string) => string) {
  /** Two tyres of a new merek from a new supplier on a new vehicle: A removed on `day` and retreaded, B still fitted. */
  async function fleet(
    day: string,
    opts: { merek?: string; hargaA?: number; hargaB?: number; retread?: number; alasan?: 'Pecah' } = {},
  ): Promise<Fleet> {
    const api = await upstream()
    const merekName = opts.merek ?? unique('Merek LB')
    const m = await api.post('/api/merek/add', { nama_merek: merekName })
    ok(m)
    const supplierName = unique('PT Biaya')
    const s = await api.post('/api/supplier/add', { nama_supp: supplierName })
    ok(s)
    const supplierId = s.json.data.id as number
    const jenis = ((await api.get('/api/jenis_kendaraan')).json as { id: number; total_ban: number }[]).find((j) => j.total_ban === 6)!
    const noKabin = flat(unique('LB'))
    const k = await api.post('/api/kendaraan/add', { no_kabin: noKabin, jenis_kendaraan_id: jenis.id, km: 1000 })
    ok(k)
    const kendaraanId = k.json.data.id as number
    const seri = [flat(unique('LBA')), flat(unique('LBB'))]
    const beli = await api.post('/api/pembelian-ban/add', {
      supplier_id: supplierId,
      tanggal_awal: '2097-06-15',
      ban: [
        { no_seri: seri[0], kondisi_ban: 'BARU', harga: opts.hargaA ?? 2_000_000, merek_id: m.json.data.id },
        { no_seri: seri[1], kondisi_ban: 'BARU', harga: opts.hargaB ?? 1_800_000, merek_id: m.json.data.id },
      ],
    })
    ok(beli)
    const [a, b] = beli.json.data.detail_ban as Tyre[]
    for (const [posisi, no_seri] of [
      ['1A', seri[0]],
      ['1B', seri[1]],
    ]) {
      ok(await api.post('/api/pemasangan-ban/detail-ban', { kendaraan_id: kendaraanId, km_pemasangan: 1000, posisi_ban: posisi, no_seri }))
    }
    ok(await api.post(`/api/pemasangan-ban/add-pemasangan/${kendaraanId}`, {}))
    ok(
      await api.post('/api/pelepasan-ban/detail-ban', {
        kendaraan_id: kendaraanId,
        posisi_ban: '1A',
        km_pelepasan: 21000,
        alasan: opts.alasan ?? 'Ke Vulkanisir',
        tujuan: opts.alasan ? 'afkir' : 'vulkanisir',
      }),
    )
    ok(await api.post(`/api/pelepasan-ban/add-pelepasan/${kendaraanId}`, { tanggal_awal: day }))
    // A scrapped tyre is not retreaded; its cost is its price.
    if (!opts.alasan) {
      ok(
        await api.post(`/api/ban/${a!.id}/terima-vulkanisir`, { supplier_id: supplierId, biaya: opts.retread ?? 400_000, tanggal: day }),
        200,
      )
    }
    return { merek: merekName, supplier: supplierName, noKabin, a: a!, b: b! }
  }

  return { fleet }
}
