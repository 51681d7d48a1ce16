/**
 * Rotations through the reference api, for Rotasi Ban's end-to-end tests (tests/e2e/rotasi-ban.test.ts)
 * and its request-level tests (tests/app/rotasi-ban.test.ts) alike: a vehicle of a type of its own with
 * a registered fitting, a rotation document, and what the api holds of them. Each runner passes its own
 * api client; a refused call throws with the api's answer.
 */
import type { Upstream } from './ban-records'
import { expectStatus, fittedVehicleRecords, type Vehicle } from './fitted-vehicle-records'

export type { Vehicle }
export type Rotation = { id: number; kode_rotasi: string; status: string; kendaraan_id: number; jumlah_rotasi: number }

/** The km every fitting of fittedVehicle() was made at. */
export const KM_PASANG = 50_100

export function rotationRecords(upstream: Upstream, unique: (prefix: string) => string) {
  const { fittedVehicle: fitted } = fittedVehicleRecords(upstream, unique)

  /** A registered fitting of a new 6-tyre vehicle (km 50.000) with tyres on `positions`, fitted at km 50.100. */
  const fittedVehicle = (positions: string[]) => fitted({ totalBan: 6, prefix: 'RTS', tyrePrefix: 'RT', positions })

  /** A rotation document of the vehicle moving `from` to `to` at km 60.000. */
  async function rotationOf(v: Vehicle, from: string, to: string): Promise<Rotation> {
    const api = await upstream()
    const line = await api.post('/api/rotasi-ban/detail-ban', { kendaraan_id: v.id, posisi_asal: from, posisi_tujuan: to, km: 60_000 })
    expectStatus(line, 201, 'POST /api/rotasi-ban/detail-ban')
    const doc = await api.post(`/api/rotasi-ban/add-rotasi/${v.id}`)
    expectStatus(doc, 201, 'POST /api/rotasi-ban/add-rotasi')
    return doc.json.data as Rotation
  }

  const rotations = async () => (await (await upstream()).get('/api/rotasi-ban')).json as Rotation[]
  /** The vehicle's fitted tyres by position, as the api holds them. */
  const layout = async (v: Vehicle) =>
    Object.fromEntries(
      (
        (await (await upstream()).get(`/api/rotasi-ban/terpasang/${v.id}`)).json.data as { posisi_ban: string; ban: { no_seri: string } }[]
      ).map((d) => [d.posisi_ban, d.ban.no_seri]),
    )
  const tyreId = async (noSeri: string) =>
    ((await (await upstream()).get('/api/ban')).json as { id: number; no_seri: string }[]).find((b) => b.no_seri === noSeri)!.id

  return { fittedVehicle, rotationOf, rotations, layout, tyreId }
}
