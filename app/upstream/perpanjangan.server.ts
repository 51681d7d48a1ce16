import { z } from 'zod'
import { call, type Upstream } from './client.server'
import { ack, listOf, savedOf } from './normalize'
import { getPage, type PageRequest } from './paged.server'
import { idSegment, type Id } from './resource.server'
import { biayaKendaraanSchema, perpanjanganSchema, sebelumnyaSchema } from './schemas/perpanjangan'

export type { JenisDokumen, Perpanjangan, Sebelumnya } from './schemas/perpanjangan'

// Perpanjangan STNK & KIR: extensions of the spec, offered with the 'perpanjangan' feature.

/** The list's filter: the payment period (both dates or neither), the posting state, a vehicle, a document. */
export type PerpanjanganFilter = {
  tanggal_awal?: string | null
  tanggal_akhir?: string | null
  status?: string | null
  kendaraan_id?: number | null
  jenis_dokumen?: string | null
}

const filterQuery = (f: PerpanjanganFilter) => ({
  tanggal_awal: f.tanggal_awal || undefined,
  tanggal_akhir: f.tanggal_akhir || undefined,
  status: f.status || undefined,
  kendaraan_id: f.kendaraan_id ? String(f.kendaraan_id) : undefined,
  jenis_dokumen: f.jenis_dokumen || undefined,
})

/** GET /api/perpanjangan[?filter]: the renewals, oldest first. */
export const listPerpanjangan = async (up: Upstream, f: PerpanjanganFilter = {}) =>
  call(up, 'GET', '/api/perpanjangan', { schema: listOf(perpanjanganSchema), query: filterQuery(f) })

/** GET /api/perpanjangan?filter&page&per_page&q&sort&dir → one page (meta: total, posting, grand_total: the sum of the costs). */
export const listPerpanjanganPage = async (up: Upstream, req: PageRequest, f: PerpanjanganFilter = {}) =>
  getPage(up, '/api/perpanjangan', perpanjanganSchema, filterQuery(f), req)

/** The cost report's period (the payment date; both dates or neither). */
export type PeriodeBiaya = { tanggal_awal?: string | null; tanggal_akhir?: string | null }

const periodeQuery = (f: PeriodeBiaya) => ({ tanggal_awal: f.tanggal_awal || undefined, tanggal_akhir: f.tanggal_akhir || undefined })

/**
 * GET /api/perpanjangan/biaya?period&page&per_page&q&sort&dir → one page of the cost report, a line per
 * vehicle, summed by the upstream (meta: total vehicles, grand_total, and the sums `stnk`, `kir`, `jumlah`).
 */
export const listBiayaPerpanjanganPage = async (up: Upstream, req: PageRequest, f: PeriodeBiaya = {}) =>
  getPage(up, '/api/perpanjangan/biaya', biayaKendaraanSchema, periodeQuery(f), req)

/** GET /api/perpanjangan/biaya?period: every vehicle's line of the cost report, costliest first. */
export const listBiayaPerpanjangan = async (up: Upstream, f: PeriodeBiaya = {}) =>
  call(up, 'GET', '/api/perpanjangan/biaya', { schema: listOf(biayaKendaraanSchema), query: periodeQuery(f) })

/** GET /api/perpanjangan/{id}. */
export const getPerpanjangan = async (up: Upstream, docId: Id) =>
  (await call(up, 'GET', `/api/perpanjangan/${idSegment(docId)}`, { schema: z.object({ data: perpanjanganSchema }) })).data

/** GET /api/perpanjangan/sebelumnya?kendaraan_id&jenis_dokumen: the expiry a new renewal replaces. */
export const getSebelumnya = async (up: Upstream, kendaraanId: number, jenis: string) =>
  (
    await call(up, 'GET', '/api/perpanjangan/sebelumnya', {
      schema: z.object({ data: sebelumnyaSchema }),
      query: { kendaraan_id: String(kendaraanId), jenis_dokumen: jenis },
    })
  ).data

/** POST /api/perpanjangan (multipart: the receipt photo) → 201 {message, data}. */
export const createPerpanjangan = async (up: Upstream, form: FormData) =>
  call(up, 'POST', '/api/perpanjangan', { schema: savedOf(perpanjanganSchema), form })

/** POST /api/perpanjangan/{id}/update (multipart) → {message, data}; 422 when posted. */
export const updatePerpanjangan = async (up: Upstream, docId: Id, form: FormData) =>
  call(up, 'POST', `/api/perpanjangan/${idSegment(docId)}/update`, { schema: savedOf(perpanjanganSchema), form })

/** POST /api/perpanjangan/{id}/{posting|unpost} → {message, data}. */
const statusCall = (to: 'posting' | 'unpost') => async (up: Upstream, docId: Id) =>
  call(up, 'POST', `/api/perpanjangan/${idSegment(docId)}/${to}`, { schema: savedOf(perpanjanganSchema), json: {} })
export const postingPerpanjangan = statusCall('posting')
export const unpostPerpanjangan = statusCall('unpost')

/** DELETE /api/perpanjangan/{id} (422 when posted or not the vehicle's latest of its kind). */
export const deletePerpanjangan = async (up: Upstream, docId: Id) =>
  call(up, 'DELETE', `/api/perpanjangan/${idSegment(docId)}`, { schema: ack })
