/**
 * Inspection rounds through the reference api, for Pemeriksaan Ban's end-to-end tests
 * (tests/e2e/pemeriksaan-ban.test.ts) and its request-level tests (tests/app/pemeriksaan-ban.test.ts)
 * alike: a vehicle of a type of its own with two fitted tyres and an earlier round, a round of today,
 * and the company's dates. Each runner passes its own api client; a refused call throws with the
 * api's answer.
 */
import type { Upstream } from './ban-records'
import { expectStatus, fittedVehicleRecords, type Vehicle } from './fitted-vehicle-records'

export type { Vehicle }

/** The km the tyres of inspectedVehicle() were fitted at (and its first round's). */
export const KM_PASANG = 50_100

/** The company's today (Asia/Jakarta) and `days` before it, YYYY-MM-DD. */
export const dayIso = (days = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() - days * 86_400_000),
  )
/** YYYY-MM-DD as the screens show it, DD/MM/YYYY. */
export const idDate = (iso: string) => iso.split('-').reverse().join('/')
export const plusDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

export function inspectionRecords(upstream: Upstream, unique: (prefix: string) => string) {
  const { fittedVehicle } = fittedVehicleRecords(upstream, unique)

  /** A round of today on the vehicle, stored through the api (what a test reads back, not the screen's save). */
  async function storeRound(kendaraanId: number, km: number, detail: Record<string, string | number>[]) {
    const saved = await (await upstream()).post('/api/pemeriksaan-ban', { kendaraan_id: kendaraanId, tanggal_awal: dayIso(), km, detail })
    expectStatus(saved, 201, 'POST /api/pemeriksaan-ban')
  }

  /**
   * A new 6-tyre vehicle (km 50.000) with tyres on 1A and 1B fitted at km 50.100, and a round 30 days ago
   * at that km: 1A 10 mm, 1B 8 mm.
   */
  async function inspectedVehicle() {
    const api = await upstream()
    const { v, tyres } = await fittedVehicle({ totalBan: 6, prefix: 'PRB', tyrePrefix: 'P', positions: ['1A', '1B'] })
    const first = await api.post('/api/pemeriksaan-ban', {
      kendaraan_id: v.id,
      tanggal_awal: dayIso(30),
      km: KM_PASANG,
      detail: [
        { posisi_ban: '1A', tebal_tapak: 10 },
        { posisi_ban: '1B', tebal_tapak: 8 },
      ],
    })
    expectStatus(first, 201, 'POST /api/pemeriksaan-ban')
    const ids = (await api.get('/api/ban')).json as { id: number; no_seri: string; kode_ban: string }[]
    const tyre = (noSeri: string) => ids.find((b) => b.no_seri === noSeri)!
    return { v, tyres: tyres.map(tyre) }
  }

  return { storeRound, inspectedVehicle }
}
