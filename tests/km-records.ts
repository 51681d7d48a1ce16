/**
 * Odometer readings through the reference api, for Km Kendaraan's end-to-end tests
 * (tests/e2e/km-kendaraan.test.ts) and its request-level tests (tests/app/km-kendaraan.test.ts) alike:
 * vehicles of a type of their own with a common cabin-number prefix (a search finds exactly them),
 * a reading, and what the api holds. Each runner passes its own api client; a refused call throws with
 * the api's answer.
 */
import type { Upstream } from './ban-records'
import { expectStatus } from './fitted-vehicle-records'

export type KmVehicle = { id: number; no_kabin: string; km: number }
export type Reading = { id: number; kendaraan_id: number; tanggal: string; km: number; sumber: string; alasan: string | null }

export function kmRecords(upstream: Upstream, unique: (prefix: string) => string) {
  /** `count` new vehicles of a new type at `km`, their cabin numbers `{prefix}-1`, `{prefix}-2` … of one unique prefix. */
  async function vehicles(count: number, km: number, prefixOf = 'KM'): Promise<{ prefix: string; jenisId: number; list: KmVehicle[] }> {
    const api = await upstream()
    const prefix = unique(prefixOf).replace(/\s/g, '')
    const jenis = await api.post('/api/jenis_kendaraan/add', { nama_jenis_kendaraan: `Jenis ${prefix}`, total_ban: 6 })
    expectStatus(jenis, 201, 'POST /api/jenis_kendaraan/add')
    const list: KmVehicle[] = []
    for (let i = 1; i <= count; i++) {
      const k = await api.post('/api/kendaraan/add', {
        no_kabin: `${prefix}-${i}`,
        no_pol: `B ${i} KM`,
        jenis_kendaraan_id: jenis.json.data.id,
        km,
      })
      expectStatus(k, 201, 'POST /api/kendaraan/add')
      list.push(k.json.data as KmVehicle)
    }
    return { prefix, jenisId: jenis.json.data.id as number, list }
  }

  /** A typed reading of one vehicle. */
  async function reading(kendaraanId: number, tanggal: string, km: number) {
    const r = await (await upstream()).post('/api/km-kendaraan', { tanggal, bacaan: [{ kendaraan_id: kendaraanId, km }] })
    expectStatus(r, 201, 'POST /api/km-kendaraan')
  }

  /** The vehicle's readings, newest first, and its km as the api holds it. */
  async function readingsOf(kendaraanId: number): Promise<{ readings: Reading[]; km: number }> {
    const api = await upstream()
    const r = await api.get(`/api/kendaraan/${kendaraanId}/km?per_page=200`)
    expectStatus(r, 200, `GET /api/kendaraan/${kendaraanId}/km`)
    const k = await api.get(`/api/kendaraan/${kendaraanId}/show`)
    expectStatus(k, 200, `GET /api/kendaraan/${kendaraanId}/show`)
    return { readings: r.json.data as Reading[], km: Number(k.json.data.km) }
  }

  return { vehicles, reading, readingsOf }
}
