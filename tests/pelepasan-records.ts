/**
 * Removals through the reference api, for Pelepasan Ban's end-to-end tests
 * (tests/e2e/pelepasan-ban.test.ts) and its request-level tests (tests/app/pelepasan-ban.test.ts)
 * alike: a vehicle of a type of its own, a registered fitting with tyres on given positions, a removal
 * document, and what the api holds of them. Each runner passes its own api client; a refused call
 * throws with the api's answer.
 */
import type { Upstream } from './ban-records'
import { expectStatus, fittedVehicleRecords, type Vehicle } from './fitted-vehicle-records'

export type { Vehicle }
export type Removal = { id: number; kode_pelepasan: string; status: string; kendaraan_id: number; jumlah_ban: number }
export type RemovalLine = {
  id: number
  posisi_ban: string
  tujuan: string
  alasan: string
  km_pelepasan: number
  ban: { no_seri: string }
}

/** The km every fitting of fittedVehicle() was made at. */
export const KM_PASANG = 50_100

export function removalRecords(upstream: Upstream, unique: (prefix: string) => string) {
  const { serial, newVehicle, fittedVehicle: fitted } = fittedVehicleRecords(upstream, unique)

  /** A registered fitting of a new 10-tyre vehicle (km 50.000) with tyres on `positions`, fitted at km 50.100. */
  const fittedVehicle = (positions: string[]) => fitted({ totalBan: 10, prefix: 'KBL', tyrePrefix: 'PL', positions, target: 70000 })

  /** A removal document of the vehicle with the tyre on `posisi` taken off (km 60.000, Habis, to stock). */
  async function removalOf(v: Vehicle, posisi: string): Promise<Removal> {
    const api = await upstream()
    const line = await api.post('/api/pelepasan-ban/detail-ban', {
      kendaraan_id: v.id,
      posisi_ban: posisi,
      km_pelepasan: 60_000,
      alasan: 'Habis',
      tujuan: 'stok',
    })
    expectStatus(line, 201, 'POST /api/pelepasan-ban/detail-ban')
    const doc = await api.post(`/api/pelepasan-ban/add-pelepasan/${v.id}`)
    expectStatus(doc, 201, 'POST /api/pelepasan-ban/add-pelepasan')
    return doc.json.data as Removal
  }

  const removals = async () => (await (await upstream()).get('/api/pelepasan-ban')).json as Removal[]
  const removalLines = async (id: number) => (await (await upstream()).get(`/api/detail-pelepasan/${id}`)).json.data.detail as RemovalLine[]
  const staged = async (v: Vehicle) =>
    (await (await upstream()).get(`/api/pelepasan-ban/detail-list-ban/${v.id}`)).json.data as RemovalLine[]
  const tyreOf = async (noSeri: string) =>
    ((await (await upstream()).get('/api/ban')).json as { no_seri: string; status: string; kondisi_ban: string }[]).find(
      (b) => b.no_seri === noSeri,
    )
  const historyOf = async (banId: number) =>
    ((await (await upstream()).get(`/api/ban/${banId}/riwayat`)).json.data.riwayat as { jenis: string }[]).map((r) => r.jenis).reverse()

  return { serial, newVehicle, fittedVehicle, removalOf, removals, removalLines, staged, tyreOf, historyOf }
}
