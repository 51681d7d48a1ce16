import { call, type Upstream } from './client.server'
import { getPage, type PageRequest } from './paged.server'
import { ack, listOf, savedOf } from './normalize'
import { idSegment, type Id } from './resource.server'
import {
  detailPelepasanAnswerSchema,
  detailPelepasanSchema,
  pelepasanSchema,
  terpasangSchema,
  type DetailPelepasanInput,
} from './schemas/pelepasan-ban'

export type { DetailPelepasan, DetailPelepasanInput, Pelepasan, Terpasang } from './schemas/pelepasan-ban'

// Pelepasan Ban: extensions of the spec, offered with the 'ban-lifecycle' feature.

/** GET /api/pelepasan-ban: the pelepasan documents, by id. */
export const listPelepasan = async (up: Upstream) => call(up, 'GET', '/api/pelepasan-ban', { schema: listOf(pelepasanSchema) })

/** GET /api/pelepasan-ban?page&per_page&q&sort&dir (extension 'paged-lists') → one page {data, meta}. */
export const listPelepasanPage = async (up: Upstream, req: PageRequest) => getPage(up, '/api/pelepasan-ban', pelepasanSchema, {}, req)

/** GET /api/pelepasan-ban/terpasang/{kendaraanId} → {data: [pemasangan line + kode_pemasangan]}: the tyres on the vehicle now. */
export const listTerpasang = async (up: Upstream, kendaraanId: Id) =>
  call(up, 'GET', `/api/pelepasan-ban/terpasang/${idSegment(kendaraanId)}`, { schema: listOf(terpasangSchema) })

/** GET /api/pelepasan-ban/detail-list-ban/{kendaraanId} → {data: [pelepasan line]}: staged pelepasan lines of the vehicle. */
export const listDetailPelepasanKendaraan = async (up: Upstream, kendaraanId: Id) =>
  call(up, 'GET', `/api/pelepasan-ban/detail-list-ban/${idSegment(kendaraanId)}`, { schema: listOf(detailPelepasanSchema) })

/** POST /api/pelepasan-ban/detail-ban JSON: takes a tyre off (staged, or into the document `pelepasan_ban_id` at once). */
export const addDetailPelepasan = async (up: Upstream, input: DetailPelepasanInput) =>
  call(up, 'POST', '/api/pelepasan-ban/detail-ban', {
    schema: savedOf(detailPelepasanSchema),
    json: {
      kendaraan_id: input.kendaraan_id,
      posisi_ban: input.posisi_ban,
      km_pelepasan: input.km_pelepasan,
      alasan: input.alasan,
      tujuan: input.tujuan,
      ...(input.tebal_tapak === undefined || input.tebal_tapak === null ? {} : { tebal_tapak: input.tebal_tapak }),
      ...(input.keterangan ? { keterangan: input.keterangan } : {}),
      ...(input.pelepasan_ban_id ? { pelepasan_ban_id: input.pelepasan_ban_id } : {}),
    },
  })

/** DELETE /api/pelepasan-ban/delete-detail-ban/{id}: undoes a pelepasan (the tyre back on its position). */
export const deleteDetailPelepasan = async (up: Upstream, detailId: Id) =>
  call(up, 'DELETE', `/api/pelepasan-ban/delete-detail-ban/${idSegment(detailId)}`, { schema: ack })

/** POST /api/pelepasan-ban/add-pelepasan/{kendaraanId} [{tanggal_awal}]: registers the staged pelepasan lines as a document. */
export const addPelepasan = async (up: Upstream, kendaraanId: Id, input: { tanggal_awal?: string } = {}) =>
  call(up, 'POST', `/api/pelepasan-ban/add-pelepasan/${idSegment(kendaraanId)}`, {
    schema: savedOf(pelepasanSchema),
    json: input.tanggal_awal ? { tanggal_awal: input.tanggal_awal } : {},
  })

/** GET /api/detail-pelepasan/{id} → {data: {…document, detail: [pelepasan line]}}. */
export const getDetailPelepasan = async (up: Upstream, pelepasanId: Id) =>
  call(up, 'GET', `/api/detail-pelepasan/${idSegment(pelepasanId)}`, { schema: detailPelepasanAnswerSchema })

/** One pelepasan document (from its invoice call): a dialog's record without reading the whole list. */
export const getPelepasan = async (up: Upstream, pelepasanId: Id) => (await getDetailPelepasan(up, pelepasanId)).data

/** POST /api/pelepasan-ban/{id}/posting | /unpost → {message, data: document}; 409 when already in that state. */
const statusCall = (to: 'posting' | 'unpost') => async (up: Upstream, pelepasanId: Id) =>
  call(up, 'POST', `/api/pelepasan-ban/${idSegment(pelepasanId)}/${to}`, { schema: savedOf(pelepasanSchema), json: {} })
export const postingPelepasan = statusCall('posting')
export const unpostPelepasan = statusCall('unpost')

/** DELETE /api/pelepasan-ban/{id}: undoes every line (409 when posted). */
export const deletePelepasan = async (up: Upstream, pelepasanId: Id) =>
  call(up, 'DELETE', `/api/pelepasan-ban/${idSegment(pelepasanId)}`, { schema: ack })
