import { z } from 'zod'
import { isCalendarDate } from '~/lib/date-filter'
import { kmRule, requiredWholeDigits, rupiahRule, wholeDigits } from '~/lib/forms/numbers'
import { backTo, documentMenu, riwayatTo } from '~/lib/document-menu'
import type { Can } from '~/lib/grants'
import type { RowMenuItem } from '~/ui/row-menu'

/**
 * Perintah Kerja (work orders): the form's fields and body, the row menu and the addresses, for the
 * browser and the server alike. The upstream keeps the rules (the km a reading in order, the parts
 * within their stock); the form says what it can before anything is sent.
 */

export const PERINTAH_KERJA_PATH = '/admin/perintah-kerja'
export const INQUERY_PERINTAH_KERJA_PATH = '/admin/inquery-perintah-kerja'

export const PILIH_KENDARAAN = 'Kendaraan harus dipilih.'
export const TANGGAL_SALAH = 'Tanggal harus diisi dengan tanggal yang valid.'
export const KM_WAJIB = 'Km tidak boleh kosong.'
export const KM_ANGKA = 'Km harus berupa bilangan bulat 0 atau lebih.'
export const MINIMAL_SATU = 'Tambahkan minimal satu item servis, suku cadang atau jasa.'
export const PILIH_PART = 'Suku cadang harus dipilih.'
export const JUMLAH_WAJIB = 'Jumlah harus diisi.'
export const JUMLAH_ANGKA = 'Jumlah harus bilangan bulat 1 atau lebih.'
export const URAIAN_WAJIB = 'Uraian jasa tidak boleh kosong.'
export const BIAYA_ANGKA = 'Biaya harus berupa angka Rupiah.'

const ref = z
  .string()
  .regex(/^\d{1,12}$/)
  .optional()

/** A part line: the part and how many; a line with neither is left out (the empty row the form offers). */
const PartLine = z.object({
  suku_cadang_id: ref,
  jumlah: wholeDigits({ label: 'Jumlah', min: 1, max: 1_000_000 }, { invalid: JUMLAH_ANGKA, belowMin: JUMLAH_ANGKA }),
})
/** A labour line: what was done and its cost; a line with neither is left out. */
const JasaLine = z.object({
  uraian: z.string().trim().max(255, 'Uraian jasa paling banyak 255 karakter.').optional(),
  biaya: wholeDigits(rupiahRule('Biaya'), { invalid: BIAYA_ANGKA }),
})

export const EMPTY_PART = { suku_cadang_id: '', jumlah: '' }
export const EMPTY_JASA = { uraian: '', biaya: '' }

const filledPart = (l: z.infer<typeof PartLine>) => !!l.suku_cadang_id || !!l.jumlah
const filledJasa = (l: z.infer<typeof JasaLine>) => !!l.uraian || !!l.biaya

export const PerintahKerjaSchema = z
  .object({
    kendaraan_id: z.string({ error: PILIH_KENDARAAN }).regex(/^\d{1,12}$/, PILIH_KENDARAAN),
    tanggal_awal: z.string({ error: TANGGAL_SALAH }).trim().refine(isCalendarDate, TANGGAL_SALAH),
    km: requiredWholeDigits(kmRule('Km'), { invalid: KM_ANGKA, required: KM_WAJIB }),
    karyawan_id: ref,
    keterangan: z.string().trim().max(255, 'Keterangan paling banyak 255 karakter.').optional(),
    // One entry per item offered (servis[k], the checked ones): the unchecked leave holes.
    servis: z
      .array(
        z
          .string()
          .regex(/^\d{1,12}$/)
          .optional(),
      )
      .optional(),
    parts: z.array(PartLine).optional(),
    jasa: z.array(JasaLine).optional(),
  })
  .superRefine((v, ctx) => {
    ;(v.parts ?? []).forEach((l, i) => {
      if (!filledPart(l)) return
      if (!l.suku_cadang_id) ctx.addIssue({ code: 'custom', path: ['parts', i, 'suku_cadang_id'], message: PILIH_PART })
      if (!l.jumlah) ctx.addIssue({ code: 'custom', path: ['parts', i, 'jumlah'], message: JUMLAH_WAJIB })
    })
    ;(v.jasa ?? []).forEach((l, i) => {
      if (filledJasa(l) && !l.uraian) ctx.addIssue({ code: 'custom', path: ['jasa', i, 'uraian'], message: URAIAN_WAJIB })
    })
    if (!(v.servis ?? []).some(Boolean) && !(v.parts ?? []).some(filledPart) && !(v.jasa ?? []).some(filledJasa)) {
      ctx.addIssue({ code: 'custom', path: [], message: MINIMAL_SATU })
    }
  })
export type PerintahKerjaValue = z.infer<typeof PerintahKerjaSchema>

/**
 * The form's value → the upstream's body, the empty rows left out; `at` maps each kind's sent line
 * back to its row on the form (the upstream's `parts.1.jumlah` is the form's `parts[3].jumlah` when
 * rows 1 and 2 were empty).
 */
export function perintahKerjaBody(v: PerintahKerjaValue) {
  const parts = (v.parts ?? []).map((l, i) => ({ l, i })).filter(({ l }) => filledPart(l))
  const jasa = (v.jasa ?? []).map((l, i) => ({ l, i })).filter(({ l }) => filledJasa(l))
  return {
    body: {
      kendaraan_id: Number(v.kendaraan_id),
      tanggal_awal: v.tanggal_awal,
      km: v.km,
      karyawan_id: v.karyawan_id ? Number(v.karyawan_id) : null,
      keterangan: v.keterangan ?? '',
      servis: [...new Set((v.servis ?? []).filter((id): id is string => !!id))].map((id) => ({ item_servis_id: Number(id) })),
      parts: parts.map(({ l }) => ({ suku_cadang_id: Number(l.suku_cadang_id), jumlah: l.jumlah ?? '' })),
      jasa: jasa.map(({ l }) => ({ uraian: l.uraian ?? '', biaya: l.biaya || '0' })),
    },
    at: { parts: parts.map(({ i }) => i), jasa: jasa.map(({ i }) => i) },
  }
}

/**
 * The upstream's 422 keys → the form's field names: `parts.1.jumlah` → `parts[3].jumlah` (by `at`),
 * `servis.N.item_servis_id` and `baris` above the form; the rest as they are.
 */
export function formErrorsOf(errors: Record<string, string[]>, at: { parts: number[]; jasa: number[] }) {
  const fieldErrors: Record<string, string[]> = {}
  const formErrors: string[] = []
  for (const [key, messages] of Object.entries(errors)) {
    const line = /^(parts|jasa)\.(\d+)\.(\w+)$/.exec(key)
    if (line) {
      const row = at[line[1] as 'parts' | 'jasa'][Number(line[2])]
      if (row !== undefined) {
        fieldErrors[`${line[1]}[${row}].${line[3]}`] = messages
        continue
      }
    }
    if (key === 'baris' || key.startsWith('servis.') || key === 'status') formErrors.push(...messages)
    else fieldErrors[key] = messages
  }
  return { fieldErrors, formErrors }
}

/** The form that opens a work order for vehicle `kendaraanId` with `items` checked (the due list's Buat Perintah Kerja). */
export function buatPerintahKerjaHref(kendaraanId: number, items: readonly number[]) {
  const q = new URLSearchParams({ kendaraan_id: String(kendaraanId) })
  for (const id of items) q.append('item_servis_id', String(id))
  return `${PERINTAH_KERJA_PATH}/tambah?${q}`
}

/** The list of a vehicle's work orders (its detail's 'Lihat semua'). */
export const perintahKerjaOfVehicleHref = (kendaraanId: number) => `${PERINTAH_KERJA_PATH}?kendaraan_id=${kendaraanId}`

/**
 * The row menu of a work order: the document menu (Posting / Unpost, Update, Show, Riwayat, Delete)
 * and Cetak, its print page (Print).
 */
export function perintahKerjaMenu(
  row: { id: number; status: string | null },
  can: Pick<Can, 'posting' | 'unpost' | 'update' | 'show' | 'delete' | 'print'>,
  search: string,
  here: string,
  audit = false,
): RowMenuItem[] {
  return documentMenu(row, can, {
    show: `${row.id}${search}`,
    update: `${row.id}/edit${search}`,
    delete: `${row.id}/hapus${search}`,
    riwayat: riwayatTo(row, search, audit),
    cetak: `/admin/perintah-kerja-cetak/${row.id}?${backTo(here)}`,
  })
}
