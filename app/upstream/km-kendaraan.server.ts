import { call, type Upstream } from './client.server'
import { ack, savedOf } from './normalize'
import { getPage, type PageRequest } from './paged.server'
import { idSegment, type Id } from './resource.server'
import { bacaanKmSchema, bacaanPageSchema, kmKendaraanRowSchema } from './schemas/km-kendaraan'

export type { BacaanKm, KmKendaraanRow } from './schemas/km-kendaraan'

// Km Kendaraan (odometer readings): extensions of the spec, offered with the 'km-kendaraan' feature
// (docs/upstream-contract.md, "Extensions: km readings").

/** GET /api/km-kendaraan?jenis_kendaraan_id&q&page&per_page: one page of the vehicles with their latest reading. */
export const listKmKendaraan = async (up: Upstream, req: PageRequest, filter: { jenis_kendaraan_id?: string | null } = {}) =>
  getPage(up, '/api/km-kendaraan', kmKendaraanRowSchema, { jenis_kendaraan_id: filter.jenis_kendaraan_id || undefined }, req)

/** POST /api/km-kendaraan {tanggal, bacaan: [{kendaraan_id, km}]} → 201 {message, data: [reading]}; 422, nothing saved, with every line's error. */
export const simpanKm = async (up: Upstream, body: { tanggal: string; bacaan: { kendaraan_id: number; km: number }[] }) =>
  call(up, 'POST', '/api/km-kendaraan', { schema: ack, json: body })

/** POST /api/km-kendaraan/koreksi {kendaraan_id, tanggal, km, alasan} → 201 {message, data: reading}. */
export const koreksiKm = async (up: Upstream, body: { kendaraan_id: number; tanggal: string; km: number; alasan: string }) =>
  call(up, 'POST', '/api/km-kendaraan/koreksi', { schema: savedOf(bacaanKmSchema), json: body })

/** GET /api/kendaraan/{id}/km?page&per_page: the vehicle's readings, newest first, with its km per day. */
export async function kmKendaraanOf(up: Upstream, kendaraanId: Id, page = 1, perPage = 10) {
  const answer = await call(up, 'GET', `/api/kendaraan/${idSegment(kendaraanId)}/km`, {
    schema: bacaanPageSchema,
    query: { page: String(page), per_page: String(perPage) },
  })
  return {
    rows: answer.data,
    total: answer.meta.total,
    kmPerHari: answer.meta.km_per_hari ?? null,
    kendaraan: answer.meta.kendaraan ?? null,
  }
}
