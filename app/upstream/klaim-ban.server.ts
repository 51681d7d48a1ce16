import { call, type Upstream } from './client.server'
import { getPage, type PageRequest } from './paged.server'
import { ack, listOf, savedOf } from './normalize'
import { idSegment, type Id } from './resource.server'
import { klaimSchema, sumberKlaimSchema, type KlaimInput } from './schemas/klaim-ban'
import { z } from 'zod'

export type { Klaim, KlaimInput, StatusKlaim, SumberKlaim } from './schemas/klaim-ban'

// Klaim Ban: extensions of the spec, offered with the 'klaim-ban' feature.

/** The list's filter: the period (both dates or neither), the posting state, the claim's status. */
export type KlaimFilter = {
  tanggal_awal?: string | null
  tanggal_akhir?: string | null
  status?: string | null
  status_klaim?: string | null
}

const filterQuery = (f: KlaimFilter) => ({
  tanggal_awal: f.tanggal_awal || undefined,
  tanggal_akhir: f.tanggal_akhir || undefined,
  status: f.status || undefined,
  status_klaim: f.status_klaim || undefined,
})

/** GET /api/klaim-ban[?filter]: the claims, by id. */
export const listKlaim = async (up: Upstream, f: KlaimFilter = {}) =>
  call(up, 'GET', '/api/klaim-ban', { schema: listOf(klaimSchema), query: filterQuery(f) })

/** GET /api/klaim-ban?filter&page&per_page&q&sort&dir → one page (meta: total, posting, grand_total). */
export const listKlaimPage = async (up: Upstream, req: PageRequest, f: KlaimFilter = {}) =>
  getPage(up, '/api/klaim-ban', klaimSchema, filterQuery(f), req)

/** GET /api/klaim-ban/{id}. */
export const getKlaim = async (up: Upstream, klaimId: Id) =>
  (await call(up, 'GET', `/api/klaim-ban/${idSegment(klaimId)}`, { schema: z.object({ data: klaimSchema }) })).data

/** GET /api/klaim-ban/pelepasan?q=&limit=: the pelepasan lines a new claim may be raised from, newest first. */
export const listSumberKlaim = async (up: Upstream, q = '', limit = 20) =>
  call(up, 'GET', '/api/klaim-ban/pelepasan', { schema: listOf(sumberKlaimSchema), query: { q: q || undefined, limit: String(limit) } })

/** GET /api/klaim-ban/pelepasan/{id}: one pelepasan line's figures, its amount and why it may not be claimed. */
export const getSumberKlaim = async (up: Upstream, lineId: Id) =>
  (await call(up, 'GET', `/api/klaim-ban/pelepasan/${idSegment(lineId)}`, { schema: z.object({ data: sumberKlaimSchema }) })).data

const body = (input: KlaimInput) => ({
  ...(input.detail_pelepasan_ban_id ? { detail_pelepasan_ban_id: input.detail_pelepasan_ban_id } : {}),
  tanggal_awal: input.tanggal_awal,
  jenis: input.jenis,
  supplier_id: input.supplier_id,
  karyawan_id: input.karyawan_id,
  nilai_klaim: input.nilai_klaim,
  alasan_ubah_nilai: input.alasan_ubah_nilai,
  keterangan: input.keterangan,
})

/** POST /api/klaim-ban JSON → 201 {message, data}. */
export const createKlaim = async (up: Upstream, input: KlaimInput) =>
  call(up, 'POST', '/api/klaim-ban', { schema: savedOf(klaimSchema), json: body(input) })

/** POST /api/klaim-ban/{id}/update JSON → {message, data}; 422 when posted. */
export const updateKlaim = async (up: Upstream, klaimId: Id, input: KlaimInput) =>
  call(up, 'POST', `/api/klaim-ban/${idSegment(klaimId)}/update`, { schema: savedOf(klaimSchema), json: body(input) })

/** POST /api/klaim-ban/{id}/{setujui|tolak|posting|unpost} → {message, data}. */
const statusCall = (to: 'setujui' | 'tolak' | 'posting' | 'unpost') => async (up: Upstream, klaimId: Id) =>
  call(up, 'POST', `/api/klaim-ban/${idSegment(klaimId)}/${to}`, { schema: savedOf(klaimSchema), json: {} })
export const setujuiKlaim = statusCall('setujui')
export const tolakKlaim = statusCall('tolak')
export const postingKlaim = statusCall('posting')
export const unpostKlaim = statusCall('unpost')

/** DELETE /api/klaim-ban/{id} (422 when posted). */
export const deleteKlaim = async (up: Upstream, klaimId: Id) => call(up, 'DELETE', `/api/klaim-ban/${idSegment(klaimId)}`, { schema: ack })
