import { z } from 'zod'
import { optionalText, requiredText } from './fields'
import { requiredWholeDigits, rupiahRule, wholeDigits, type WholeRule } from './numbers'

/**
 * The parts store's forms (extension 'suku-cadang'): a part (name, unit, category, minimum stock), a
 * count (Stok Opname) and a purchase's lines. The same bounds and messages as the upstream's, so a
 * refusal shows before the call.
 */

export const SATUAN = ['pcs', 'liter', 'set', 'unit', 'kg', 'meter', 'botol'] as const
export const SATUAN_MESSAGE = `Satuan harus salah satu dari: ${SATUAN.join(', ')}.`

export const SUKU_CADANG_FIELDS = ['nama', 'satuan', 'kategori', 'stok_minimum'] as const

export const STOK_MINIMUM: WholeRule = { label: 'Stok Minimum', min: 0, max: 1_000_000 }
export const STOK_MINIMUM_MESSAGE = 'Stok Minimum harus bilangan bulat 0 atau lebih.'

export const SukuCadangSchema = z.object({
  nama: requiredText('Nama suku cadang tidak boleh kosong!', 'Nama suku cadang', 100),
  satuan: z.enum(SATUAN, { error: SATUAN_MESSAGE }),
  kategori: optionalText('Kategori', 100),
  stok_minimum: wholeDigits(STOK_MINIMUM, { invalid: STOK_MINIMUM_MESSAGE, belowMin: STOK_MINIMUM_MESSAGE }),
})

export const sukuCadangBody = (v: z.infer<typeof SukuCadangSchema>) => ({
  nama: v.nama,
  satuan: v.satuan,
  kategori: v.kategori ? v.kategori : null,
  stok_minimum: v.stok_minimum === undefined ? 0 : Number(v.stok_minimum),
})

export const STOK_OPNAME_FIELDS = ['suku_cadang_id', 'tanggal', 'stok_fisik', 'alasan'] as const

export const StokOpnameSchema = z.object({
  suku_cadang_id: z.string({ error: 'Pilih suku cadang.' }).regex(/^\d+$/, 'Pilih suku cadang.'),
  tanggal: z.iso.date({ error: 'Tanggal harus berupa tanggal (YYYY-MM-DD).' }).optional(),
  stok_fisik: requiredWholeDigits(
    { label: 'Stok Fisik', min: 0, max: 1_000_000 },
    { required: 'Stok Fisik tidak boleh kosong!', invalid: 'Stok Fisik harus bilangan bulat 0 sampai 1.000.000.' },
  ),
  alasan: requiredText('Alasan tidak boleh kosong!', 'Alasan', 255),
})

export const HARGA_RULE = rupiahRule('Harga')
export const JUMLAH_RULE: WholeRule = { label: 'Jumlah', min: 1, max: 1_000_000 }
export const JUMLAH_MESSAGE = 'Jumlah harus bilangan bulat 1 sampai 1.000.000.'

/** A purchase line as typed: a part, a quantity, a price ('1.500.000'). */
export const EMPTY_PART_LINE = { suku_cadang_id: '', jumlah: '', harga: '' }

export const PartLineSchema = z.object({
  suku_cadang_id: z.string({ error: 'Pilih suku cadang.' }).regex(/^\d{1,12}$/, 'Pilih suku cadang.'),
  jumlah: requiredWholeDigits(JUMLAH_RULE, { required: JUMLAH_MESSAGE, invalid: JUMLAH_MESSAGE, belowMin: JUMLAH_MESSAGE }),
  harga: wholeDigits(HARGA_RULE, { invalid: 'Harga harus berupa angka.' }),
})

export const PembelianSukuCadangSchema = z.object({
  supplier_id: z.string({ error: 'Pilih supplier terlebih dahulu!' }).regex(/^\d{1,12}$/, 'Pilih supplier terlebih dahulu!'),
  tanggal_awal: z.iso.date({ error: 'Tanggal harus berupa tanggal (YYYY-MM-DD).' }).optional(),
  keterangan: optionalText('Keterangan', 255),
  detail: z.array(PartLineSchema, { error: 'Tambahkan minimal satu suku cadang.' }).min(1, 'Tambahkan minimal satu suku cadang.'),
})
export type PembelianSukuCadangValue = z.infer<typeof PembelianSukuCadangSchema>

export const toPembelianSukuCadangInput = (v: PembelianSukuCadangValue) => ({
  supplier_id: Number(v.supplier_id),
  tanggal_awal: v.tanggal_awal ?? null,
  keterangan: v.keterangan ? v.keterangan : null,
  detail: v.detail.map((l) => ({
    suku_cadang_id: Number(l.suku_cadang_id),
    jumlah: Number(l.jumlah),
    harga: l.harga === undefined ? 0 : Number(l.harga),
  })),
})

/** The upstream's line errors (`detail.0.jumlah`) as the form's names (`detail[0].jumlah`). */
export const lineErrorNames = (errors: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [k.replace(/\.(\d+)\./g, '[$1].'), v]))
