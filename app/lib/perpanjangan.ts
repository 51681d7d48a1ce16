import { z } from 'zod'
import { isCalendarDate } from '~/lib/date-filter'
import { requiredWholeDigits, rupiahRule } from '~/lib/forms/numbers'
import { backTo, documentMenu, riwayatTo } from '~/lib/document-menu'
import type { Can } from '~/lib/grants'
import { imageFile } from '~/lib/images'
import type { RowMenuItem } from '~/ui/row-menu'

/**
 * Perpanjangan STNK & KIR: the renewal form, its row menu and the cost report's sums, for the browser
 * and the server alike. The upstream keeps the rules (a new expiry after the old one, a cost above 0);
 * the form says the same before anything is sent.
 */

export const JENIS_DOKUMEN = ['STNK', 'KIR'] as const
export type JenisDokumen = (typeof JENIS_DOKUMEN)[number]

/** The menu of the renewals (the catalogue's Perpanjangan STNK) and its cost report. */
export const PERPANJANGAN_PATH = '/admin/perpanjangan-stnk'
export const LAPORAN_PERPANJANGAN_PATH = '/admin/laporan-biaya-perpanjangan'

export const PILIH_KENDARAAN = 'Pilih kendaraan yang diperpanjang!'
export const PILIH_DOKUMEN = 'Pilih dokumen: STNK atau KIR!'
export const EXPIRED_BARU = 'Tanggal expired baru harus diisi dengan tanggal yang valid.'
export const TANGGAL_BAYAR = 'Tanggal bayar harus diisi dengan tanggal yang valid.'
export const BIAYA_WAJIB = 'Biaya harus diisi.'
export const BIAYA_ANGKA = 'Biaya harus berupa angka Rupiah.'
export const BIAYA_POSITIF = 'Biaya harus lebih dari 0.'
export const FOTO_KWITANSI = 'Foto Kwitansi'

const fmt = (d: string) => d.split('-').reverse().join('/')
/** The message when the new expiry is not after the old one (the upstream's words). */
export const afterOldMessage = (lama: string) => `Tanggal expired baru harus setelah tanggal expired lama (${fmt(lama)}).`

/**
 * The renewal's fields. `expired_lama` is the old expiry the form shows (sent back so the browser can
 * refuse a new date that is not after it); the vehicle and the document are fixed on Edit.
 */
export const PerpanjanganSchema = z
  .object({
    kendaraan_id: z.string({ error: PILIH_KENDARAAN }).regex(/^\d{1,12}$/, PILIH_KENDARAAN),
    jenis_dokumen: z.enum(JENIS_DOKUMEN, { error: PILIH_DOKUMEN }),
    expired_lama: z.string().refine(isCalendarDate).optional(),
    expired_baru: z.string({ error: EXPIRED_BARU }).trim().refine(isCalendarDate, EXPIRED_BARU),
    tanggal_bayar: z.string({ error: TANGGAL_BAYAR }).trim().refine(isCalendarDate, TANGGAL_BAYAR),
    // Whole Rupiah, 1 to 10^12 (forms/numbers.ts).
    biaya: requiredWholeDigits(rupiahRule('Biaya', 1), { invalid: BIAYA_ANGKA, belowMin: BIAYA_POSITIF, required: BIAYA_WAJIB }),
    gambar: imageFile(FOTO_KWITANSI).optional(),
    keterangan: z.string().trim().max(255, 'Keterangan paling banyak 255 karakter.').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.expired_lama && v.expired_baru <= v.expired_lama) {
      ctx.addIssue({ code: 'custom', path: ['expired_baru'], message: afterOldMessage(v.expired_lama) })
    }
  })
export type PerpanjanganValue = z.infer<typeof PerpanjanganSchema>

/** The form's values as the upstream reads them (multipart: the receipt photo goes as a file). */
export function perpanjanganBody(v: PerpanjanganValue, create: boolean): FormData {
  const form = new FormData()
  if (create) {
    form.set('kendaraan_id', v.kendaraan_id)
    form.set('jenis_dokumen', v.jenis_dokumen)
  }
  form.set('expired_baru', v.expired_baru)
  form.set('tanggal_bayar', v.tanggal_bayar)
  form.set('biaya', v.biaya)
  form.set('keterangan', v.keterangan ?? '')
  if (v.gambar) form.set('gambar', v.gambar)
  return form
}

/** The form that renews `jenis` of vehicle `kendaraanId` (the due panel's and Jatuh Tempo's Perpanjang). */
export const perpanjangHref = (kendaraanId: number, jenis: JenisDokumen) =>
  `${PERPANJANGAN_PATH}/tambah?${new URLSearchParams({ kendaraan_id: String(kendaraanId), jenis_dokumen: jenis })}`

/**
 * The row menu of a renewal: the document menu (Posting / Unpost, Update, Show, Riwayat, Delete) and
 * Cetak, its Bukti Perpanjangan (Print).
 */
export function perpanjanganMenu(
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
    cetak: `/admin/perpanjangan-cetak/${row.id}?${backTo(here)}`,
  })
}

// ---- Laporan Biaya Perpanjangan -----------------------------------------------------------------------

type Renewal = {
  kendaraan_id: number
  jenis_dokumen: string
  biaya: number | null
  kendaraan: { no_kabin: string | null; no_pol: string | null } | null
}

export type BiayaKendaraan = {
  kendaraan_id: number
  no_kabin: string
  no_pol: string
  stnk: number
  kir: number
  jumlah: number
  total: number
}
export type BiayaDokumen = { jenis_dokumen: JenisDokumen; jumlah: number; total: number }
export type BiayaPerpanjangan = { kendaraan: BiayaKendaraan[]; dokumen: BiayaDokumen[]; jumlah: number; total: number }

/**
 * The cost report of a period's renewals: per vehicle (the STNK and KIR costs, the count, the sum;
 * costliest first, then by No Kabin), per document kind (STNK, KIR) and the whole.
 */
export function biayaPerpanjangan(rows: readonly Renewal[]): BiayaPerpanjangan {
  const byVehicle = new Map<number, BiayaKendaraan>()
  const dokumen: BiayaDokumen[] = JENIS_DOKUMEN.map((j) => ({ jenis_dokumen: j, jumlah: 0, total: 0 }))
  let total = 0
  for (const r of rows) {
    const biaya = r.biaya ?? 0
    const v = byVehicle.get(r.kendaraan_id) ?? {
      kendaraan_id: r.kendaraan_id,
      no_kabin: r.kendaraan?.no_kabin ?? `#${r.kendaraan_id}`,
      no_pol: r.kendaraan?.no_pol ?? '',
      stnk: 0,
      kir: 0,
      jumlah: 0,
      total: 0,
    }
    if (r.jenis_dokumen === 'KIR') v.kir += biaya
    else v.stnk += biaya
    v.jumlah++
    v.total += biaya
    byVehicle.set(r.kendaraan_id, v)
    const d = dokumen.find((x) => x.jenis_dokumen === r.jenis_dokumen)
    if (d) {
      d.jumlah++
      d.total += biaya
    }
    total += biaya
  }
  const kendaraan = [...byVehicle.values()].sort((a, b) => b.total - a.total || a.no_kabin.localeCompare(b.no_kabin, 'id-ID'))
  return { kendaraan, dokumen, jumlah: rows.length, total }
}
