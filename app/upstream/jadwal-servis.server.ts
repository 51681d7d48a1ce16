import { call, type Upstream } from './client.server'
import { ack, listOf, savedOf } from './normalize'
import { getPage, type PageRequest } from './paged.server'
import { idSegment, type Id } from './resource.server'
import {
  itemServisSchema,
  jadwalJenisRowSchema,
  jadwalJenisSchema,
  jadwalKendaraanSchema,
  servisJatuhTempoRowSchema,
} from './schemas/jadwal-servis'

export type { ItemServis, JadwalJenis, JadwalJenisRow, JadwalKendaraan, ServisJatuhTempoRow } from './schemas/jadwal-servis'

// Jadwal Servis (service plans): extensions of the spec, offered with the 'jadwal-servis' feature
// (docs/upstream-contract.md, "Extensions: service plans").

/** The body of an item: blank intervals and parts are null. */
export type ItemServisInput = { nama: string; interval_km: number | null; interval_hari: number | null; suku_cadang: string | null }

/** GET /api/item-servis → every service item, by name. */
export const listItemServis = async (up: Upstream) => call(up, 'GET', '/api/item-servis', { schema: listOf(itemServisSchema) })

/** GET /api/item-servis/{id} → {data: item}; 404 when gone. */
export const getItemServis = async (up: Upstream, itemId: Id) =>
  (await call(up, 'GET', `/api/item-servis/${idSegment(itemId)}`, { schema: savedOf(itemServisSchema) })).data

/** POST /api/item-servis → 201 {message, data}; 422 by field. */
export const createItemServis = async (up: Upstream, body: ItemServisInput) =>
  call(up, 'POST', '/api/item-servis', { schema: savedOf(itemServisSchema), json: body })

/** PUT /api/item-servis/{id} → {message, data}; 422 by field; 404. */
export const updateItemServis = async (up: Upstream, itemId: Id, body: ItemServisInput) =>
  call(up, 'PUT', `/api/item-servis/${idSegment(itemId)}`, { schema: savedOf(itemServisSchema), json: body })

/** DELETE /api/item-servis/{id} → {message}; 409 while a plan, an override or an opening entry uses it. */
export const deleteItemServis = async (up: Upstream, itemId: Id) =>
  call(up, 'DELETE', `/api/item-servis/${idSegment(itemId)}`, { schema: ack })

/** GET /api/jadwal-servis → every vehicle type with how many items its plan has and how many vehicles it has. */
export const listJadwalServis = async (up: Upstream) => call(up, 'GET', '/api/jadwal-servis', { schema: listOf(jadwalJenisRowSchema) })

/** GET /api/jadwal-servis/jenis/{id} → the type's plan: every item, `aktif` when planned. */
export const getJadwalServisJenis = async (up: Upstream, jenisId: Id) =>
  call(up, 'GET', `/api/jadwal-servis/jenis/${idSegment(jenisId)}`, { schema: jadwalJenisSchema })

export type JadwalLine = { item_servis_id: number; interval_km: number | null; interval_hari: number | null }

/** PUT /api/jadwal-servis/jenis/{id} {items: the active lines} → {message, data}; 422 keyed items.<i>.<field>. */
export const saveJadwalServisJenis = async (up: Upstream, jenisId: Id, items: JadwalLine[]) =>
  call(up, 'PUT', `/api/jadwal-servis/jenis/${idSegment(jenisId)}`, { schema: ack, json: { items } })

/** GET /api/jadwal-servis/kendaraan/{id} → the vehicle's own plan with each item's last service and due. */
export const getJadwalServisKendaraan = async (up: Upstream, kendaraanId: Id) =>
  call(up, 'GET', `/api/jadwal-servis/kendaraan/${idSegment(kendaraanId)}`, { schema: jadwalKendaraanSchema })

export type JadwalKendaraanLine = JadwalLine & { aktif: boolean; servis_tanggal: string | null; servis_km: number | null }

/** PUT /api/jadwal-servis/kendaraan/{id} {items} → {message, data}: overrides where they differ from the type's plan, opening entries. */
export const saveJadwalServisKendaraan = async (up: Upstream, kendaraanId: Id, items: JadwalKendaraanLine[]) =>
  call(up, 'PUT', `/api/jadwal-servis/kendaraan/${idSegment(kendaraanId)}`, { schema: ack, json: { items } })

export type ServisJatuhTempoFilter = {
  jenis_kendaraan_id?: string | null
  item_servis_id?: string | null
  status?: 'semua' | 'lewat' | null
  dalam_km?: string | null
  dalam_hari?: string | null
}

/** GET /api/servis-jatuh-tempo?…filter&page&per_page&q → one page, soonest first; meta.jumlah_lewat over every match. */
export const listServisJatuhTempo = async (up: Upstream, req: PageRequest, filter: ServisJatuhTempoFilter = {}) =>
  getPage(
    up,
    '/api/servis-jatuh-tempo',
    servisJatuhTempoRowSchema,
    {
      jenis_kendaraan_id: filter.jenis_kendaraan_id || undefined,
      item_servis_id: filter.item_servis_id || undefined,
      status: filter.status || undefined,
      dalam_km: filter.dalam_km || undefined,
      dalam_hari: filter.dalam_hari || undefined,
    },
    req,
  )
