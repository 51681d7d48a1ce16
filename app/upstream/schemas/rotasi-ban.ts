import { z } from 'zod'
import { id, invoiceAnswerOf, nested, numeric, optionalId, text, upperText } from '../normalize'
import { detailBanShape, detailPemasanganSchema, vehicleDocumentSchema } from './pemasangan-ban'

/**
 * Rotasi Ban (moving fitted tyres between positions of one vehicle; the extension 'rotasi-ban'). A
 * rotation document (code RT + 6 digits) with its vehicle; its lines are moves.
 */
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
