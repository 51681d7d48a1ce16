import { call, type Upstream } from './client.server'
import { getPage, type PageRequest } from './paged.server'
import { idSegment, type Id } from './resource.server'
import { z } from 'zod'
import { ack, id, invoiceAnswerOf, listOf, nested, numeric, optionalId, savedOf, text, upperText } from './normalize'
import { detailBanShape, detailPemasanganSchema, vehicleDocumentSchema } from './schemas/pemasangan-ban'

/**
 * Rotasi Ban (moving fitted tyres between positions of one vehicle; the extension 'rotasi-ban'): the
 * shapes of its answers, which no other module reads, and its calls.
 */

// ---- answers: a rotation document (code RT + 6 digits) with its vehicle; its lines are moves ----

export const rotasiSchema = vehicleDocumentSchema('kode_rotasi', 'jumlah_rotasi')
export type Rotasi = z.infer<typeof rotasiSchema>

/** A move: the tyre of posisi_asal went to posisi_tujuan at km; ban_tukar (null: the position was empty) came the other way. */
export const detailRotasiSchema = z.object({
  id,
  rotasi_ban_id: optionalId,
  kendaraan_id: optionalId,
  posisi_asal: upperText,
  posisi_tujuan: upperText,
  km: numeric,
  ban: nested(z.object(detailBanShape)),
  ban_tukar: nested(z.object(detailBanShape)),
})
export type DetailRotasi = z.infer<typeof detailRotasiSchema>

/** A tyre on the vehicle now (GET /api/rotasi-ban/terpasang/{kendaraanId}): a pemasangan line, its pemasangan's code and the tyre's last km. */
export const terpasangRotasiSchema = detailPemasanganSchema.extend({ kode_pemasangan: text, km_terakhir: numeric })
export type TerpasangRotasi = z.infer<typeof terpasangRotasiSchema>

/** GET /api/detail-rotasi/{id}: `{data: {…document, detail: [move]}}`. */
export const detailRotasiAnswerSchema = invoiceAnswerOf(rotasiSchema, detailRotasiSchema, ['detail', 'details', 'detail_rotasi'])

/** POST /api/rotasi-ban/detail-ban: a move (joins the document at once with rotasi_ban_id). */
export type DetailRotasiInput = {
  kendaraan_id: number
  posisi_asal: string
  posisi_tujuan: string
  km: number
  rotasi_ban_id?: number | null
}

// ---- calls ---------------------------------------------------------------------------------------

/** GET /api/rotasi-ban: the rotation documents, by id. */
export const listRotasi = async (up: Upstream) => call(up, 'GET', '/api/rotasi-ban', { schema: listOf(rotasiSchema) })

/** GET /api/rotasi-ban?page&per_page&q&sort&dir → one page {data, meta}. */
export const listRotasiPage = async (up: Upstream, req: PageRequest) => getPage(up, '/api/rotasi-ban', rotasiSchema, {}, req)

/** GET /api/rotasi-ban/terpasang/{kendaraanId} → {data: [pemasangan line + kode_pemasangan + km_terakhir]}: the tyres on the vehicle now. */
export const listTerpasangRotasi = async (up: Upstream, kendaraanId: Id) =>
  call(up, 'GET', `/api/rotasi-ban/terpasang/${idSegment(kendaraanId)}`, { schema: listOf(terpasangRotasiSchema) })

/** GET /api/rotasi-ban/detail-list-ban/{kendaraanId} → {data: [move]}: the vehicle's staged moves. */
export const listDetailRotasiKendaraan = async (up: Upstream, kendaraanId: Id) =>
  call(up, 'GET', `/api/rotasi-ban/detail-list-ban/${idSegment(kendaraanId)}`, { schema: listOf(detailRotasiSchema) })

/** POST /api/rotasi-ban/detail-ban JSON: moves a tyre (staged, or into the document `rotasi_ban_id` at once). */
export const addDetailRotasi = async (up: Upstream, input: DetailRotasiInput) =>
  call(up, 'POST', '/api/rotasi-ban/detail-ban', {
    schema: savedOf(detailRotasiSchema),
    json: {
      kendaraan_id: input.kendaraan_id,
      posisi_asal: input.posisi_asal,
      posisi_tujuan: input.posisi_tujuan,
      km: input.km,
      ...(input.rotasi_ban_id ? { rotasi_ban_id: input.rotasi_ban_id } : {}),
    },
  })

/** DELETE /api/rotasi-ban/delete-detail-ban/{id}: undoes a move (the tyres back where they were). */
export const deleteDetailRotasi = async (up: Upstream, detailId: Id) =>
  call(up, 'DELETE', `/api/rotasi-ban/delete-detail-ban/${idSegment(detailId)}`, { schema: ack })

/** POST /api/rotasi-ban/add-rotasi/{kendaraanId} [{tanggal_awal}]: registers the staged moves as a document. */
export const addRotasi = async (up: Upstream, kendaraanId: Id, input: { tanggal_awal?: string } = {}) =>
  call(up, 'POST', `/api/rotasi-ban/add-rotasi/${idSegment(kendaraanId)}`, {
    schema: savedOf(rotasiSchema),
    json: input.tanggal_awal ? { tanggal_awal: input.tanggal_awal } : {},
  })

/** GET /api/detail-rotasi/{id} → {data: {…document, detail: [move]}}. */
export const getDetailRotasi = async (up: Upstream, rotasiId: Id) =>
  call(up, 'GET', `/api/detail-rotasi/${idSegment(rotasiId)}`, { schema: detailRotasiAnswerSchema })

/** One rotation document: a dialog's record without reading the whole list. */
export const getRotasi = async (up: Upstream, rotasiId: Id) => (await getDetailRotasi(up, rotasiId)).data

/** POST /api/rotasi-ban/{id}/posting | /unpost → {message, data: document}; 409 when already in that state. */
const statusCall = (to: 'posting' | 'unpost') => async (up: Upstream, rotasiId: Id) =>
  call(up, 'POST', `/api/rotasi-ban/${idSegment(rotasiId)}/${to}`, { schema: savedOf(rotasiSchema), json: {} })
export const postingRotasi = statusCall('posting')
export const unpostRotasi = statusCall('unpost')

/** DELETE /api/rotasi-ban/{id}: undoes every move (422 when posted). */
export const deleteRotasi = async (up: Upstream, rotasiId: Id) =>
  call(up, 'DELETE', `/api/rotasi-ban/${idSegment(rotasiId)}`, { schema: ack })
