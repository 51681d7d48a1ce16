import { call, type Upstream } from './client.server'
import { getPage, periodList, type PageRequest } from './paged.server'
import { ack, listOf, savedOf } from './normalize'
import { idSegment, jsonNumber, type Id } from './resource.server'
import {
  DEFAULT_TARGET_PRESENTASE,
  detailPemasanganAnswerSchema,
  detailPemasanganSchema,
  pemasanganSchema,
  type DetailBanInput,
  type InqueryDetailBanInput,
} from './schemas/pemasangan-ban'

export {
  DEFAULT_TARGET_PRESENTASE,
  detailPemasanganAnswerSchema,
  detailPemasanganSchema,
  pemasanganSchema,
  type DetailBanInput,
  type DetailPemasangan,
  type DetailPemasanganAnswer,
  type InqueryDetailBanInput,
  type Pemasangan,
} from './schemas/pemasangan-ban'

const detailBanJson = (input: DetailBanInput) => ({
  kendaraan_id: jsonNumber(input.kendaraan_id),
  km_pemasangan: jsonNumber(input.km_pemasangan),
  posisi_ban: input.posisi_ban,
  no_seri: input.no_seri,
  target_presentase: jsonNumber(input.target_presentase) ?? DEFAULT_TARGET_PRESENTASE,
})

// ---- the pemasangan list and the create screen ------------------------------------------------------

/** GET /api/pemasangan-ban: the answer is the list itself (data / data.data accepted). */
export const listPemasangan = async (up: Upstream) => call(up, 'GET', '/api/pemasangan-ban', { schema: listOf(pemasanganSchema) })

/** GET /api/pemasangan-ban?page&per_page&q&sort&dir (extension 'paged-lists') → one page {data, meta}. */
export const listPemasanganPage = async (up: Upstream, req: PageRequest) => getPage(up, '/api/pemasangan-ban', pemasanganSchema, {}, req)

/** DELETE /api/pemasangan-ban/{id} */
export const deletePemasangan = async (up: Upstream, pemasanganId: Id) =>
  call(up, 'DELETE', `/api/pemasangan-ban/${idSegment(pemasanganId)}`, { schema: ack })

/** GET /api/pemasangan-ban/detail-list-ban/{kendaraanId} → {data: [detail]}: the vehicle's staged tyres. */
export const listDetailBanKendaraan = async (up: Upstream, kendaraanId: Id) =>
  call(up, 'GET', `/api/pemasangan-ban/detail-list-ban/${idSegment(kendaraanId)}`, {
    schema: listOf(detailPemasanganSchema),
  })

/** POST /api/pemasangan-ban/detail-ban JSON {kendaraan_id, km_pemasangan, posisi_ban, no_seri, target_presentase}: stage a tyre. */
export const addDetailBan = async (up: Upstream, input: DetailBanInput) =>
  call(up, 'POST', '/api/pemasangan-ban/detail-ban', { schema: savedOf(detailPemasanganSchema), json: detailBanJson(input) })

/** DELETE /api/pemasangan-ban/delete-detail-ban/{id}: the tyre returns to stock. */
export const deleteDetailBan = async (up: Upstream, detailId: Id) =>
  call(up, 'DELETE', `/api/pemasangan-ban/delete-detail-ban/${idSegment(detailId)}`, { schema: ack })

/** POST /api/pemasangan-ban/add-pemasangan/{kendaraanId} (empty body): registers the staged tyres as a pemasangan. */
export const addPemasangan = async (up: Upstream, kendaraanId: Id) =>
  call(up, 'POST', `/api/pemasangan-ban/add-pemasangan/${idSegment(kendaraanId)}`, { schema: savedOf(pemasanganSchema) })

/** GET /api/detail-pemasangan/{id} → {data: pemasangan, detail: [detail]} (the invoice). */
export const getDetailPemasangan = async (up: Upstream, pemasanganId: Id) =>
  call(up, 'GET', `/api/detail-pemasangan/${idSegment(pemasanganId)}`, { schema: detailPemasanganAnswerSchema })

/** One pemasangan (from its invoice call): a dialog's record without reading the whole list. */
export const getPemasangan = async (up: Upstream, pemasanganId: Id) => (await getDetailPemasangan(up, pemasanganId)).data

/** POST /api/inquery-pemasangan-ban/{id}/posting — the spelling the pemasangan LIST uses. */
export const postingPemasangan = async (up: Upstream, pemasanganId: Id) =>
  call(up, 'POST', `/api/inquery-pemasangan-ban/${idSegment(pemasanganId)}/posting`, { schema: savedOf(pemasanganSchema), json: {} })

/** POST /api/inquery-pemasangan-ban/{id}/unpost — the spelling the pemasangan LIST uses. */
export const unpostPemasangan = async (up: Upstream, pemasanganId: Id) =>
  call(up, 'POST', `/api/inquery-pemasangan-ban/${idSegment(pemasanganId)}/unpost`, { schema: savedOf(pemasanganSchema), json: {} })

// ---- the finance inquiry ---------------------------------------------------------------------------

const inqueryPemasangan = periodList('/api/inquery-pemasangan-ban', pemasanganSchema)

/** GET /api/inquery-pemasangan-ban?tanggal_awal&tanggal_akhir&status; one page (meta.posting) with the 'paged-lists' extension. */
export const listInqueryPemasangan = inqueryPemasangan.whole
export const listInqueryPemasanganPage = inqueryPemasangan.page

/** GET /api/inquery-pemasangan-ban/detail-list-ban/{pemasanganId} → {data: [detail]}: the pemasangan's tyres. */
export const listInqueryDetailBan = async (up: Upstream, pemasanganId: Id) =>
  call(up, 'GET', `/api/inquery-pemasangan-ban/detail-list-ban/${idSegment(pemasanganId)}`, {
    schema: listOf(detailPemasanganSchema),
  })

/** POST /api/inquery-pemasangan-ban/detail-ban JSON: as addDetailBan plus pemasangan_ban_id. */
export const addInqueryDetailBan = async (up: Upstream, input: InqueryDetailBanInput) =>
  call(up, 'POST', '/api/inquery-pemasangan-ban/detail-ban', {
    schema: savedOf(detailPemasanganSchema),
    json: { ...detailBanJson(input), pemasangan_ban_id: jsonNumber(input.pemasangan_ban_id) },
  })

/** POST /api/inquery-pemasangan-ban/{id}/update JSON {kendaraan_id} */
export const updateInqueryPemasangan = async (up: Upstream, pemasanganId: Id, input: { kendaraan_id: number | string }) =>
  call(up, 'POST', `/api/inquery-pemasangan-ban/${idSegment(pemasanganId)}/update`, {
    schema: savedOf(pemasanganSchema),
    json: { kendaraan_id: jsonNumber(input.kendaraan_id) },
  })

/** POST /api/inquery-pemasangan/{id}/posting — the spelling the INQUIRY screen uses. */
export const postingInqueryPemasangan = async (up: Upstream, pemasanganId: Id) =>
  call(up, 'POST', `/api/inquery-pemasangan/${idSegment(pemasanganId)}/posting`, { schema: savedOf(pemasanganSchema), json: {} })

/** POST /api/inquery-pemasangan/{id}/unpost — the spelling the INQUIRY screen uses. */
export const unpostInqueryPemasangan = async (up: Upstream, pemasanganId: Id) =>
  call(up, 'POST', `/api/inquery-pemasangan/${idSegment(pemasanganId)}/unpost`, { schema: savedOf(pemasanganSchema), json: {} })
