/**
 * Service plans through the reference api, for the Servis berkala screens' end-to-end tests and their
 * request-level tests alike: a service item of its own, a vehicle type's plan, a vehicle's opening
 * entry (its last service), and what the api holds. Each runner passes its own api client; a refused
 * call throws with the api's answer.
 */
import { expectStatus } from './fitted-vehicle-records'

type Answer = { status: number; json: any } // eslint-disable-line @typescript-eslint/no-explicit-any
export type ServisUpstream = () => Promise<{
  get: (p: string) => Promise<Answer>
  post: (p: string, j?: unknown) => Promise<Answer>
  put: (p: string, j?: unknown) => Promise<Answer>
}>

export type ItemServis = { id: number; kode_item_servis: string; nama: string; interval_km: number | null; interval_hari: number | null }
export type PlanLine = { item_servis_id: number; interval_km: number | null; interval_hari: number | null }

export function servisRecords(upstream: ServisUpstream, unique: (prefix: string) => string) {
  /** A new service item named from `prefix` (unique), every `km` and/or `hari`. */
  async function item(prefix: string, km: number | null, hari: number | null = null): Promise<ItemServis> {
    const r = await (
      await upstream()
    ).post('/api/item-servis', { nama: unique(prefix), interval_km: km, interval_hari: hari, suku_cadang: null })
    expectStatus(r, 201, 'POST /api/item-servis')
    return r.json.data as ItemServis
  }

  /** Replaces the plan of a vehicle type. */
  async function plan(jenisId: number, lines: PlanLine[]) {
    const r = await (await upstream()).put(`/api/jadwal-servis/jenis/${jenisId}`, { items: lines })
    expectStatus(r, 200, `PUT /api/jadwal-servis/jenis/${jenisId}`)
  }

  /** The plan of a vehicle type as the api holds it: its active items. */
  async function planOf(jenisId: number): Promise<(PlanLine & { aktif: boolean })[]> {
    const r = await (await upstream()).get(`/api/jadwal-servis/jenis/${jenisId}`)
    expectStatus(r, 200, `GET /api/jadwal-servis/jenis/${jenisId}`)
    return (r.json.data.items as (PlanLine & { aktif: boolean })[]).filter((i) => i.aktif)
  }

  /** A vehicle's own plan as the api holds it, each item with its last service and due. */
  async function vehiclePlan(kendaraanId: number) {
    const r = await (await upstream()).get(`/api/jadwal-servis/kendaraan/${kendaraanId}`)
    expectStatus(r, 200, `GET /api/jadwal-servis/kendaraan/${kendaraanId}`)
    return r.json.data as {
      km_per_hari: number | null
      items: {
        item_servis_id: number
        aktif: boolean
        sumber: string
        interval_km: number | null
        interval_hari: number | null
        servis_terakhir: { tanggal: string; km: number } | null
        sisa_km: number | null
        lewat: boolean
      }[]
    }
  }

  /** The opening entry (last service) of one item of a vehicle, keeping the rest of its plan. */
  async function lastService(kendaraanId: number, itemId: number, tanggal: string, km: number) {
    const current = await vehiclePlan(kendaraanId)
    const items = current.items.map((i) => ({
      item_servis_id: i.item_servis_id,
      aktif: i.aktif,
      interval_km: i.interval_km,
      interval_hari: i.interval_hari,
      ...(i.item_servis_id === itemId ? { servis_tanggal: tanggal, servis_km: km } : {}),
    }))
    const r = await (await upstream()).put(`/api/jadwal-servis/kendaraan/${kendaraanId}`, { items })
    expectStatus(r, 200, `PUT /api/jadwal-servis/kendaraan/${kendaraanId}`)
  }

  return { item, plan, planOf, vehiclePlan, lastService }
}
