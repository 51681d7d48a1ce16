import { isCalendarDate, todayInCompany } from './date-filter'
import { kmRule, readWhole } from './forms/numbers'

/**
 * Km Kendaraan, pure logic: the entry form of many vehicles' readings (one field a vehicle, named
 * after it; one date for all), read and checked as the upstream will, and the upstream's refusal of
 * a line put back beside that vehicle's field.
 */

/** Vehicles a page: twenty readings fit on one screen. */
export const KM_PER_PAGE = 25

/** The km field of a vehicle in the entry form. */
export const kmField = (kendaraanId: number) => `km-${kendaraanId}`
const KM_FIELD = /^km-(\d{1,12})$/

export const TANGGAL_KOSONG = 'Tanggal tidak boleh kosong.'
export const TANGGAL_TIDAK_VALID = 'Tanggal tidak valid.'
export const TANGGAL_NANTI = 'Tanggal tidak boleh setelah hari ini.'
export const KM_BUKAN_ANGKA = 'Km harus berupa angka, misalnya 125.000.'
export const TIDAK_ADA_KM = 'Isi km minimal satu kendaraan.'

export type KmLine = { kendaraan_id: number; km: number }

/** The entry form as sent: what was typed (kept on any refusal), the lines to save, the errors by field. */
export type KmEntry = {
  tanggal: string
  /** The km typed, by vehicle id (blank fields left out). */
  typed: Record<string, string>
  lines: KmLine[]
  /** By 'tanggal' or a vehicle id. */
  errors: Record<string, string>
  /** Above the form: nothing was filled. */
  formError: string | null
}

/** A reading's date: required, a real day, not after today in the company's zone. */
export function tanggalError(tanggal: string, today: string = todayInCompany()): string | null {
  if (!tanggal) return TANGGAL_KOSONG
  if (!isCalendarDate(tanggal)) return TANGGAL_TIDAK_VALID
  if (tanggal > today) return TANGGAL_NANTI
  return null
}

/** A typed km: a whole number 0–10.000.000 ('125.000' is read), or why not. */
export function readKm(text: string): { value: number } | { error: string } {
  return readWhole(text, kmRule('Km'), { invalid: KM_BUKAN_ANGKA })
}

/** Reads the posted entry form: every filled `km-{id}` field is a line; blanks are not readings. */
export function readKmEntry(form: FormData, today: string = todayInCompany()): KmEntry {
  const tanggal = String(form.get('tanggal') ?? '')
    .trim()
    .slice(0, 40)
  const typed: Record<string, string> = {}
  const lines: KmLine[] = []
  const errors: Record<string, string> = {}
  for (const [name, value] of form) {
    const m = KM_FIELD.exec(name)
    if (!m || typeof value !== 'string') continue
    const text = value.trim().slice(0, 200)
    if (!text || m[1]! in typed) continue
    typed[m[1]!] = text
    const km = readKm(text)
    if ('error' in km) errors[m[1]!] = km.error
    else lines.push({ kendaraan_id: Number(m[1]), km: km.value })
  }
  const dateProblem = tanggalError(tanggal, today)
  if (dateProblem) errors.tanggal = dateProblem
  const formError = Object.keys(typed).length === 0 ? TIDAK_ADA_KM : null
  return { tanggal, typed, lines, errors, formError }
}

/**
 * The upstream's 422 on a save of `lines` → errors by vehicle id (its keys are `bacaan.{i}.km` and
 * `bacaan.{i}.kendaraan_id`, i the line's place in what was sent) and by 'tanggal'; what fits no field
 * is returned apart.
 */
export function upstreamKmErrors(
  fieldErrors: Record<string, string[]>,
  lines: readonly KmLine[],
): { errors: Record<string, string>; rest: string[] } {
  const errors: Record<string, string> = {}
  const rest: string[] = []
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const message = messages.join(' ')
    if (!message) continue
    const line = /^bacaan\.(\d+)\.(km|kendaraan_id)$/.exec(key)
    const vehicle = line ? lines[Number(line[1])] : undefined
    if (vehicle)
      errors[String(vehicle.kendaraan_id)] = errors[String(vehicle.kendaraan_id)]
        ? `${errors[String(vehicle.kendaraan_id)]} ${message}`
        : message
    else if (key === 'tanggal') errors.tanggal = message
    else rest.push(message)
  }
  return { errors, rest }
}

/** A reading's source as the screens say it. */
export function sumberLabel(sumber: string): string {
  const labels: Record<string, string> = {
    input: 'Input',
    impor: 'Impor',
    koreksi: 'Koreksi',
    dokumen: 'Dokumen',
    perintah_kerja: 'Perintah Kerja',
    pemasangan_ban: 'Pemasangan Ban',
    pelepasan_ban: 'Pelepasan Ban',
    rotasi_ban: 'Rotasi Ban',
    pemeriksaan_ban: 'Pemeriksaan Ban',
  }
  return labels[sumber] ?? (sumber || '—')
}

/**
 * The page that shows a document reading's document read-only, with the menu whose Show opens it;
 * null when its document has none (a fitting, a removal and a rotation open only in their edit
 * screens, which need Update: their code is shown as text).
 */
export function dokumenPage(sumber: string, dokumenId: number | null | undefined): { href: string; menu: string } | null {
  if (dokumenId == null) return null
  if (sumber === 'pemeriksaan_ban') return { href: `/admin/pemeriksaan-detail/${dokumenId}`, menu: '/admin/pemeriksaan-ban' }
  return null
}
