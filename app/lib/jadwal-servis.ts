import { isCalendarDate, todayInCompany } from './date-filter'
import { formatNumber } from './format'
import {
  INTERVAL_HARI,
  INTERVAL_HARI_BUKAN_ANGKA,
  INTERVAL_KM,
  INTERVAL_KM_BUKAN_ANGKA,
  ISI_INTERVAL,
  readInterval,
} from './forms/item-servis'
import { kmRule, readWhole } from './forms/numbers'

/**
 * Jadwal Servis, pure logic: the plan forms (a vehicle type's, a vehicle's own) — one row an item
 * with its fields named after it — read and checked as the upstream will, and the upstream's
 * refusal of a line (keyed `items.<i>.<field>`) put back beside that item's field.
 */

/** `10.000 km / 180 hari`, whichever is given; '—' without either. */
export const intervalText = (km: number | null, hari: number | null) =>
  [km === null ? null : `${formatNumber(km)} km`, hari === null ? null : `${formatNumber(hari)} hari`].filter(Boolean).join(' / ') || '—'

/** The fields of an item's row: `aktif-{id}`, `km-{id}`, `hari-{id}`, and a vehicle's `tanggal-{id}`, `servis_km-{id}`. */
export const PLAN_FIELDS = ['aktif', 'km', 'hari', 'tanggal', 'servis_km'] as const
export type PlanField = (typeof PLAN_FIELDS)[number]
export const planField = (field: PlanField, itemId: number) => `${field}-${itemId}`
const PLAN_FIELD = /^(aktif|km|hari|tanggal|servis_km)-(\d{1,12})$/

export const SERVIS_BERSAMA = 'Isi Tanggal dan Km servis terakhir bersama.'
export const TANGGAL_TIDAK_VALID = 'Tanggal tidak valid.'
export const TANGGAL_NANTI = 'Tanggal tidak boleh setelah hari ini.'
export const SERVIS_KM_BUKAN_ANGKA = 'Km harus berupa angka, misalnya 125.000.'

export type PlanLine = {
  item_servis_id: number
  aktif: boolean
  interval_km: number | null
  interval_hari: number | null
  servis_tanggal: string | null
  servis_km: number | null
}

/** A plan form as sent: what was typed (kept on any refusal), its lines in the form's order, the errors by field name. */
export type PlanEntry = {
  typed: Record<string, string>
  lines: PlanLine[]
  errors: Record<string, string>
  formError: string | null
}

/**
 * Reads a plan form. Every item that has a field in it is a line; an active line needs an interval
 * (km, days or both) within the master's bounds; with `servis` (a vehicle's plan) the last service's
 * date and km go together, the date not after today. An inactive line's intervals are not checked.
 */
export function readPlanForm(form: FormData, opts: { servis: boolean; today?: string }): PlanEntry {
  const today = opts.today ?? todayInCompany()
  const typed: Record<string, string> = {}
  const order: number[] = []
  for (const [name, value] of form) {
    const m = PLAN_FIELD.exec(name)
    if (!m || typeof value !== 'string') continue
    const id = Number(m[2])
    if (!order.includes(id)) order.push(id)
    typed[name] = value.trim().slice(0, 40)
  }
  const errors: Record<string, string> = {}
  const lines: PlanLine[] = []
  for (const id of order) {
    const aktif = typed[planField('aktif', id)] === '1'
    const line: PlanLine = { item_servis_id: id, aktif, interval_km: null, interval_hari: null, servis_tanggal: null, servis_km: null }
    const km = readInterval(typed[planField('km', id)] ?? '', INTERVAL_KM, INTERVAL_KM_BUKAN_ANGKA)
    const hari = readInterval(typed[planField('hari', id)] ?? '', INTERVAL_HARI, INTERVAL_HARI_BUKAN_ANGKA)
    if (aktif) {
      if ('error' in km) errors[planField('km', id)] = km.error
      if ('error' in hari) errors[planField('hari', id)] = hari.error
      if ('value' in km && 'value' in hari && km.value === null && hari.value === null) errors[planField('km', id)] = ISI_INTERVAL
    }
    if ('value' in km) line.interval_km = km.value
    if ('value' in hari) line.interval_hari = hari.value
    if (opts.servis) {
      const tanggal = typed[planField('tanggal', id)] ?? ''
      const servisKm = typed[planField('servis_km', id)] ?? ''
      if (tanggal || servisKm) {
        if (!tanggal || !servisKm) errors[planField(tanggal ? 'servis_km' : 'tanggal', id)] = SERVIS_BERSAMA
        if (tanggal && !isCalendarDate(tanggal)) errors[planField('tanggal', id)] = TANGGAL_TIDAK_VALID
        else if (tanggal > today) errors[planField('tanggal', id)] = TANGGAL_NANTI
        else if (tanggal) line.servis_tanggal = tanggal
        if (servisKm) {
          const r = readWhole(servisKm, kmRule('Km'), { invalid: SERVIS_KM_BUKAN_ANGKA })
          if ('error' in r) errors[planField('servis_km', id)] = r.error
          else line.servis_km = r.value
        }
      }
    }
    lines.push(line)
  }
  return { typed, lines, errors, formError: null }
}

const UPSTREAM_FIELD: Record<string, PlanField> = {
  interval_km: 'km',
  interval_hari: 'hari',
  servis_tanggal: 'tanggal',
  servis_km: 'servis_km',
  item_servis_id: 'km',
  aktif: 'aktif',
}

/** The upstream's 422 of a plan put beside its fields: `items.<i>.<field>` of the lines sent; the rest above the form. */
export function upstreamPlanErrors(
  fieldErrors: Record<string, string[]>,
  sent: readonly { item_servis_id: number }[],
): { errors: Record<string, string>; rest: string[] } {
  const errors: Record<string, string> = {}
  const rest: string[] = []
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const message = messages.join(' ')
    if (!message) continue
    const m = /^items\.(\d+)\.(\w+)$/.exec(key)
    const line = m ? sent[Number(m[1])] : undefined
    const field = m ? UPSTREAM_FIELD[m[2]!] : undefined
    if (line && field) {
      const name = planField(field, line.item_servis_id)
      errors[name] = errors[name] ? `${errors[name]} ${message}` : message
    } else rest.push(message)
  }
  return { errors, rest }
}
