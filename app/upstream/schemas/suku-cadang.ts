import { z } from 'zod'
import { arrayOf, date, docStatus, id, nested, numeric, text, textOrEmpty } from '../normalize'

/**
 * The parts store (the extension 'suku-cadang', docs/upstream-contract.md "Extensions: the parts
 * store"): the parts with their stock and value at moving average cost, a part's Kartu Stok (the
 * ledger with its running balance), Pembelian Suku Cadang and Stok Opname.
 */

/** A part: its stock and that stock's value (whole Rupiah), the average cost of one unit. */
export const sukuCadangSchema = z.object({
  id,
  kode_suku_cadang: textOrEmpty,
  nama: textOrEmpty,
  satuan: textOrEmpty,
  kategori: text,
  stok_minimum: numeric.transform((v) => v ?? 0),
  stok: numeric.transform((v) => v ?? 0),
  nilai_stok: numeric.transform((v) => v ?? 0),
  harga_rata_rata: numeric.transform((v) => v ?? 0),
})
export type SukuCadang = z.infer<typeof sukuCadangSchema>

/** One movement of a part's Kartu Stok, with the balance after it. */
export const mutasiSchema = z.object({
  id,
  tanggal: date,
  jenis: textOrEmpty,
  dokumen_id: numeric,
  kode_dokumen: textOrEmpty,
  masuk: numeric.transform((v) => v ?? 0),
  keluar: numeric.transform((v) => v ?? 0),
  nilai: numeric.transform((v) => v ?? 0),
  saldo: numeric.transform((v) => v ?? 0),
  nilai_saldo: numeric.transform((v) => v ?? 0),
  keterangan: text,
})
export type Mutasi = z.infer<typeof mutasiSchema>

/** GET /api/suku-cadang/{id}/kartu-stok: one page of movements; the part and the balance before the range. */
export const kartuStokSchema = z.object({
  data: arrayOf(mutasiSchema),
  meta: z.looseObject({
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    per_page: z.number().int().positive(),
    part: sukuCadangSchema,
    saldo_awal: z.number(),
    nilai_saldo_awal: z.number(),
  }),
})
export type KartuStok = z.infer<typeof kartuStokSchema>

export const detailPembelianSchema = z.object({
  id: id.optional(),
  suku_cadang_id: id,
  kode_suku_cadang: textOrEmpty,
  nama: textOrEmpty,
  satuan: textOrEmpty,
  jumlah: numeric.transform((v) => v ?? 0),
  harga: numeric.transform((v) => v ?? 0),
  subtotal: numeric.transform((v) => v ?? 0),
})
export type DetailPembelianSukuCadang = z.infer<typeof detailPembelianSchema>

/** A purchase of parts: header, supplier, lines. */
export const pembelianSukuCadangSchema = z.object({
  id,
  kode_pembelian_suku_cadang: textOrEmpty,
  supplier_id: numeric,
  tanggal_awal: date,
  keterangan: text,
  grand_total: numeric.transform((v) => v ?? 0),
  status: docStatus,
  supplier: nested(z.object({ id, kode_supplier: textOrEmpty, nama_supp: textOrEmpty, alamat: text, telp: text })),
  detail: arrayOf(detailPembelianSchema),
})
export type PembelianSukuCadang = z.infer<typeof pembelianSukuCadangSchema>

/** A count of one part and the difference it applied. */
export const stokOpnameSchema = z.object({
  id,
  kode_stok_opname: textOrEmpty,
  suku_cadang_id: id,
  suku_cadang: nested(z.object({ id, kode_suku_cadang: textOrEmpty, nama: textOrEmpty, satuan: textOrEmpty })),
  tanggal: date,
  stok_sistem: numeric.transform((v) => v ?? 0),
  stok_fisik: numeric.transform((v) => v ?? 0),
  selisih: numeric.transform((v) => v ?? 0),
  nilai_selisih: numeric.transform((v) => v ?? 0),
  alasan: textOrEmpty,
  kode_user: text,
})
export type StokOpname = z.infer<typeof stokOpnameSchema>
