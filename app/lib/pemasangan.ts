import { z } from 'zod'
import { KM_MAX, kmRule, wholeDigits, wholeNumberField } from './forms/numbers'

/**
 * Pemasangan Ban (putting tyres on a vehicle): the positions of the axle diagram, the position
 * dialog's schema, and how the upstream's refusals of a tyre line map onto that dialog's fields.
 * Pure: used by the server and by Conform in the browser.
 */

/** Tyre counts the diagram knows. */
export const KNOWN_TOTAL_BAN = [6, 10, 18, 22] as const

export type AxleRow = { axle: number; positions: string[] }

export type TyreLayout = {
  /** Every position, in order: 1A 1B 2A 2B 2C 2D 3A … */
  positions: string[]
  /** The axles from the front: axle 1 has two single tyres (A, B), every other axle four (A B left, C D right). */
  rows: AxleRow[]
  /** Set when the count is not one the diagram knows: only the base positions are shown. */
  warning: string | null
}

const axle = (n: number) => ['A', 'B', 'C', 'D'].map((l) => `${n}${l}`)

/**
 * The positions of a vehicle type with `totalBan` tyres: 1A 1B and 2A–2D always;
 * 3A–3D for 10, 18, 22; 4A–4D and 5A–5D for 18, 22; 6A–6D for 22.
 *
 * A count the spec does not name (7, 12, 0, none) shows the base six — the positions every vehicle
 * has, and the ones the reference api accepts for it — with a message saying so; it never throws.
 * 6 is a known count: the base six, no message.
 */
export function tyrePositions(totalBan: number | null | undefined): TyreLayout {
  const n = typeof totalBan === 'number' && Number.isFinite(totalBan) ? totalBan : null
  const axles = [2]
  if (n === 10 || n === 18 || n === 22) axles.push(3)
  if (n === 18 || n === 22) axles.push(4, 5)
  if (n === 22) axles.push(6)
  const rows: AxleRow[] = [{ axle: 1, positions: ['1A', '1B'] }, ...axles.map((a) => ({ axle: a, positions: axle(a) }))]
  const known = n !== null && (KNOWN_TOTAL_BAN as readonly number[]).includes(n)
  const warning = known
    ? null
    : n === null
      ? 'Jumlah ban jenis kendaraan ini belum diisi; diagram hanya menampilkan posisi dasar (1A, 1B, 2A-2D).'
      : `Jumlah ban ${n} tidak dikenal (yang dikenal: 6, 10, 18, 22); diagram hanya menampilkan posisi dasar (1A, 1B, 2A-2D).`
  return { positions: rows.flatMap((r) => r.positions), rows, warning }
}

/** A position text from a URL ('2a' → '2A'), or null when it is not a position of this layout. */
export function positionOf(layout: TyreLayout, value: string | undefined): string | null {
  const p = (value ?? '').trim().toUpperCase()
  return layout.positions.includes(p) ? p : null
}

// ---- the position dialog ------------------------------------------------------------------------

/** The notice of a posted pemasangan: its screen opens read-only, its dialogs answer 409. */
export const POSTED_READ_ONLY = 'Pemasangan ban ini sudah diposting dan tidak dapat diubah. Unpost terlebih dahulu.'

export const NO_SERI_HARUS_DIPILIH = 'Nomor Seri harus dipilih'
export const DEFAULT_TARGET_BAN = 70000

/**
 * A km typed with or without thousands ('12.345' → 12345): whole, 0–10.000.000 (forms/numbers.ts);
 * `label` names it in the bounds' messages.
 */
export const wholeNumber = (empty: string, invalid: string, label = 'Km') => wholeNumberField(kmRule(label), { invalid, required: empty })

/** 'Form Input Pemasangan Ban ({position})': No. Seri, Km Pemasangan, Target Ban (the rest is read-only). */
export const PosisiBanSchema = z.object({
  no_seri: z.string({ error: NO_SERI_HARUS_DIPILIH }).trim().min(1, NO_SERI_HARUS_DIPILIH).max(100, 'Nomor Seri tidak valid.'),
  km_pemasangan: wholeNumber('Km pemasangan tidak boleh kosong.', 'Km pemasangan harus berupa angka.', 'Km pemasangan'),
  target_presentase: wholeDigits({ label: 'Target ban', min: 1, max: KM_MAX }, { invalid: 'Target ban harus berupa angka.' }).transform(
    (v) => (v === undefined ? DEFAULT_TARGET_BAN : Number(v)),
  ),
})
export type PosisiBanValue = z.infer<typeof PosisiBanSchema>

/** Fields of the dialog the user can correct; an upstream error on any other field is shown above the form. */
const DIALOG_FIELDS = ['no_seri', 'km_pemasangan', 'target_presentase'] as const

/**
 * The upstream's refusal of a tyre line (422 {message, errors}) as the dialog shows it: errors of
 * the user's fields beside them (the km rule: 'Km pemasangan tidak boleh lebih kecil dari km
 * kendaraan.' beside Km Pemasangan), the others (position taken, vehicle, pemasangan) above the form.
 * An upstream that names no field but speaks of the km puts its message beside Km Pemasangan.
 */
export const pemasanganLineErrors = (message: string | null | undefined, fieldErrors: Record<string, string[] | undefined>) =>
  tyreLineErrors(message, fieldErrors, { fields: DIALOG_FIELDS, kmField: 'km_pemasangan' })

/**
 * A tyre line dialog's view of the upstream's 422 (a pemasangan's or a pelepasan's): messages of `fields`
 * beside those fields, the others above the form; a message naming no field but speaking of the km
 * beside `kmField`.
 */
export function tyreLineErrors(
  message: string | null | undefined,
  fieldErrors: Record<string, string[] | undefined>,
  dialog: { fields: readonly string[]; kmField: string },
): { fieldErrors: Record<string, string[]>; formErrors: string[] } {
  const fields: Record<string, string[]> = {}
  const form: string[] = []
  for (const [key, list] of Object.entries(fieldErrors)) {
    const messages = (list ?? []).filter(Boolean)
    if (!messages.length) continue
    const name = key.replace(/\.\d+$/, '')
    if (dialog.fields.includes(name)) fields[name] = [...(fields[name] ?? []), ...messages]
    else form.push(...messages)
  }
  const text = (message ?? '').trim()
  if (Object.keys(fields).length === 0 && form.length === 0 && text) {
    if (/\bkm\b/i.test(text)) fields[dialog.kmField] = [text]
    else form.push(text)
  }
  return { fieldErrors: fields, formErrors: [...new Set(form)] }
}
