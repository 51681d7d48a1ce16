import { z } from 'zod'
import { docStatus, id, invoiceAnswerOf, lowerText, nested, numeric, optionalId, text, upperText } from '../normalize'
import { detailBanShape, detailPemasanganSchema, vehicleDocumentSchema } from './pemasangan-ban'

/**
 * Pelepasan Ban (taking tyres off a vehicle; an extension of the spec). A pelepasan document
 * (code PL + 6 digits) with its vehicle; its lines are pelepasan details.
 */
export const pelepasanSchema = vehicleDocumentSchema('kode_pelepasan', 'jumlah_ban')
export type Pelepasan = z.infer<typeof pelepasanSchema>

/** A pelepasan line: a tyre taken off a position (staged, or part of a document). */
export const detailPelepasanSchema = z.object({
  id,
  pelepasan_ban_id: optionalId,
  kendaraan_id: optionalId,
  ban_id: optionalId,
  detail_pemasangan_ban_id: optionalId,
  posisi_ban: upperText,
  km_pemasangan: numeric,
  km_pelepasan: numeric,
  km_tempuh: numeric,
  alasan: text,
  tujuan: lowerText,
  tebal_tapak: numeric,
  keterangan: text,
  ban: nested(z.object({ ...detailBanShape, status: lowerText })),
})
export type DetailPelepasan = z.infer<typeof detailPelepasanSchema>

/**
 * A tyre on the vehicle now (GET /api/pelepasan-ban/terpasang/{kendaraanId}): a pemasangan line plus its
 * pemasangan's code and status (an upstream without the status: unpost).
 */
export const terpasangSchema = detailPemasanganSchema.extend({ kode_pemasangan: text, status_pemasangan: docStatus })
export type Terpasang = z.infer<typeof terpasangSchema>

/** GET /api/detail-pelepasan/{id}: `{data: {…document, detail: [line]}}` (a top-level `detail` accepted too). */
export const detailPelepasanAnswerSchema = invoiceAnswerOf(pelepasanSchema, detailPelepasanSchema, [
  'detail',
  'details',
  'detail_pelepasan',
])
export type DetailPelepasanAnswer = z.infer<typeof detailPelepasanAnswerSchema>

/** POST /api/pelepasan-ban/detail-ban: a tyre taken off a position (joins the document at once with pelepasan_ban_id). */
export type DetailPelepasanInput = {
  kendaraan_id: number
  posisi_ban: string
  km_pelepasan: number
  alasan: string
  tujuan: string
  tebal_tapak?: number | null
  keterangan?: string | null
  pelepasan_ban_id?: number | null
}
