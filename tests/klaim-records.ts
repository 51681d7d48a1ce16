/**
 * Tyre claims through the reference api, for Klaim Ban's end-to-end tests (tests/e2e/klaim-ban.test.ts)
 * and its request-level tests (tests/app/klaim-ban.test.ts) alike: a tyre bought for Rp 2.100.000 from
 * a supplier of its own, fitted at km 50.100 (the default target, 70.000 km) and removed as Pecah at
 * km 64.100 in a registered removal — 14.000 km run, so its claim is Rp 1.680.000 — and a claim raised
 * on it. Each runner passes its own api client; a refused call throws with the api's answer.
 */
import type { Upstream } from './ban-records'
import { expectStatus, fittedVehicleRecords } from './fitted-vehicle-records'

export type Klaim = {
  id: number
  kode_klaim: string
  status: string
  status_klaim: string
  nilai_klaim: number
  supplier_id: number | null
}

export function claimRecords(upstream: Upstream, unique: (prefix: string) => string) {
  const { serial, newVehicle } = fittedVehicleRecords(upstream, unique)

  /** A tyre removed early (Pecah, 14.000 km of 70.000) in a registered removal: its serial, removal line and supplier. */
  async function earlyRemoval() {
    const api = await upstream()
    const kendaraanId = (await newVehicle({ totalBan: 6, km: 50_000, prefix: 'KLK' })).id
    const s = await api.post('/api/supplier/add', { nama_supp: unique('PT Klaim') })
    expectStatus(s, 201, 'POST /api/supplier/add')
    const supplierId = s.json.data.id as number
    const noSeri = serial('KLB')
    const buy = await api.post('/api/pembelian-ban/add', {
      supplier_id: supplierId,
      ban: [{ no_seri: noSeri, kondisi_ban: 'BARU', harga: 2_100_000 }],
    })
    expectStatus(buy, 201, 'POST /api/pembelian-ban/add')
    const fit = await api.post('/api/pemasangan-ban/detail-ban', {
      kendaraan_id: kendaraanId,
      km_pemasangan: 50_100,
      posisi_ban: '1A',
      no_seri: noSeri,
    })
    expectStatus(fit, 201, 'POST /api/pemasangan-ban/detail-ban')
    expectStatus(await api.post(`/api/pemasangan-ban/add-pemasangan/${kendaraanId}`), 201, 'POST /api/pemasangan-ban/add-pemasangan')
    const line = await api.post('/api/pelepasan-ban/detail-ban', {
      kendaraan_id: kendaraanId,
      posisi_ban: '1A',
      km_pelepasan: 64_100,
      alasan: 'Pecah',
      tujuan: 'afkir',
    })
    expectStatus(line, 201, 'POST /api/pelepasan-ban/detail-ban')
    expectStatus(await api.post(`/api/pelepasan-ban/add-pelepasan/${kendaraanId}`), 201, 'POST /api/pelepasan-ban/add-pelepasan')
    return { noSeri, lineId: line.json.data.id as number, supplierId }
  }

  const claims = async () => (await (await upstream()).get('/api/klaim-ban')).json as Klaim[]

  /** A claim on an early removal, raised through the api (Diajukan). */
  async function raised() {
    const r = await earlyRemoval()
    const res = await (await upstream()).post('/api/klaim-ban', { detail_pelepasan_ban_id: r.lineId, jenis: 'Garansi Supplier' })
    expectStatus(res, 201, 'POST /api/klaim-ban')
    return { ...r, klaim: res.json.data as Klaim }
  }

  return { earlyRemoval, claims, raised }
}
