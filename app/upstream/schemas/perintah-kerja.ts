import { z } from 'zod'
import { arrayOf, date, docStatus, id, nested, numeric, optionalId, text, textOrEmpty } from '../normalize'

/**
 * Perintah Kerja (work orders; the extension 'perintah-kerja'): a document (code PK + 6 digits) on a
 * vehicle with its date, km, mechanic, the service items done, the parts taken from the store (their
 * price fixed when they left it), the labour lines and the totals. The list answers the headers; one
 * work order answers its lines too.
 */

const amount = numeric.transform((v) => v ?? 0)

export const perintahKerjaSchema = z.object({
  id,
  kode_perintah_kerja: textOrEmpty,
  kendaraan_id: id,
  tanggal_awal: date,
  km: amount,
  karyawan_id: optionalId,
  keterangan: text,
  total_suku_cadang: amount,
  total_jasa: amount,
  grand_total: amount,
  status: docStatus,
  kendaraan: nested(z.object({ id, kode_kendaraan: text, no_pol: text, no_kabin: text, jenis: text })),
  mekanik: nested(z.object({ id, nama: textOrEmpty })),
  servis: arrayOf(z.object({ id, item_servis_id: id, kode_item_servis: text, nama: textOrEmpty })).optional(),
  parts: arrayOf(
    z.object({
      id,
      suku_cadang_id: id,
      kode_suku_cadang: text,
      nama: textOrEmpty,
      satuan: textOrEmpty,
      jumlah: amount,
      harga: amount,
      subtotal: amount,
    }),
  ).optional(),
  jasa: arrayOf(z.object({ id, uraian: textOrEmpty, biaya: amount })).optional(),
})
export type PerintahKerja = z.infer<typeof perintahKerjaSchema>
