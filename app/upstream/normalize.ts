import { z } from 'zod'

/**
 * Zod pieces that normalise the upstream's quirks in one place: numbers sent as strings
 * ("150000.00"), null and "" for missing values, lists as plain arrays or inside data / data.data,
 * saved records as {data} or bare.
 */

/** Text or nothing: numbers become text, "" and whitespace become null. */
export const text = z.preprocess((v) => {
  if (v === undefined || v === null) return null
  if (typeof v === 'number' || typeof v === 'boolean') return String(v)
  if (typeof v === 'string') return v.trim() === '' ? null : v
  return null
}, z.string().nullable())

/** A number or nothing: accepts 150000, "150000", "150000.00", "150.000" is NOT read as 150. */
export const num = z.preprocess((v) => {
  if (v === undefined || v === null || v === '') return null
  if (typeof v === 'number') return Number.isFinite(v) ? v : null
  if (typeof v === 'string') {
    const s = v.trim()
    if (/^-?\d+(\.\d+)?$/.test(s)) return Number(s)
    return null
  }
  return null
}, z.number().nullable())

/** A record id: number or digit string. */
export const id = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)])

/** An optional nested id (foreign key). */
export const optionalId = z.preprocess((v) => (v === '' || v === undefined ? null : v), id.nullable())

const listSchemas = new WeakMap<z.ZodType, z.ZodType>()
const isList = new WeakSet<z.ZodType>()

/**
 * True for a schema whose answers the upstream client keeps (list-cache.server.ts): every list
 * (listOf) and the few single answers marked with keptAnswer.
 */
export const isListSchema = (schema: z.ZodType) => isList.has(schema)

/**
 * Marks a schema of a single answer that is read on every request (the user's own grants): the
 * client keeps it like a list — revalidated with the caller's token, shared only after a 304 — and
 * hands out one frozen object, which its users must not change.
 */
export function keptAnswer<T extends z.ZodType>(schema: T): T {
  isList.add(schema)
  return schema
}

/**
 * A list answer as a plain array, {data: [...]} or {data: {data: [...]}}. One schema object per item
 * schema (memoised), so the client can tell two lists at one URL apart by their schema.
 */
export function listOf<T extends z.ZodType>(item: T) {
  const known = listSchemas.get(item)
  if (known) return known as ReturnType<typeof makeListOf<T>>
  const made = makeListOf(item)
  listSchemas.set(item, made)
  isList.add(made)
  return made
}

function makeListOf<T extends z.ZodType>(item: T) {
  return z.preprocess((v) => {
    if (Array.isArray(v)) return v
    if (v && typeof v === 'object' && 'data' in v) {
      const d = (v as { data: unknown }).data
      if (Array.isArray(d)) return d
      if (d && typeof d === 'object' && 'data' in d && Array.isArray((d as { data: unknown }).data)) {
        return (d as { data: unknown[] }).data
      }
    }
    return v
  }, z.array(item))
}

/** A saved or single record: {data: record} or the record itself. */
export function recordOf<T extends z.ZodType>(item: T) {
  return z.preprocess((v) => {
    if (v && typeof v === 'object' && 'data' in v) {
      const d = (v as { data: unknown }).data
      if (d && typeof d === 'object' && !Array.isArray(d)) return d
    }
    return v
  }, item)
}

/** A nested object that may be missing or null. */
export const nested = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v && typeof v === 'object' && !Array.isArray(v) ? v : null), item.nullable())

// ---- more shared pieces (resource schemas in app/upstream/schemas/) --------------------------------

/** A plain JSON object (not an array, not null). */
export const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v)

/** Text that screens always show: missing, null or "" become "". */
export const textOrEmpty = text.transform((v) => v ?? '')

/** Upper-case text or nothing (kondisi_ban 'Baru' → 'BARU', posisi_ban '1a' → '1A'). */
export const upperText = text.transform((v) => (v === null ? null : v.trim().toUpperCase()))

/** Lower-case text or nothing (a tyre's status 'Stok' → 'stok'). */
export const lowerText = text.transform((v) => (v === null ? null : v.trim().toLowerCase()))

/**
 * A number or nothing, strictly: 150000, "150000", "150000.00" and " 42 " are read; null, missing and
 * "" are null; any other text ("150.000", "Rp 5", "abc") or type FAILS the parse (unlike `num`, which
 * turns it into null) — a money or km column that cannot be read is an error, not a silent blank.
 */
export const numeric = z.preprocess((v) => {
  if (v === undefined || v === null) return null
  if (typeof v === 'string') {
    const s = v.trim()
    if (s === '') return null
    if (/^-?\d+(\.\d+)?$/.test(s)) return Number(s)
  }
  return v
}, z.number().nullable())

/** Money (grand_total, harga): a `numeric`. */
export const money = numeric

/**
 * A yes/no flag: 1/0, "1"/"0", true/false, "true"/"false"; missing, null and "" are false. Anything
 * else (2, "ya", {}) fails.
 */
export const flag = z.preprocess((v) => {
  if (v === undefined || v === null || v === '') return false
  if (typeof v === 'boolean') return v
  if (v === 1 || v === 0) return v === 1
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase()
    if (s === '1' || s === 'true') return true
    if (s === '0' || s === 'false') return false
  }
  return v
}, z.boolean())

/** The company's zone: dates carrying an explicit zone are read in WIB (UTC+7). */
const WIB_OFFSET_MS = 7 * 60 * 60 * 1000
const DATE_LIKE = /^(\d{4}-\d{2}-\d{2})(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/

/**
 * A calendar date as 'YYYY-MM-DD' or nothing. Accepts 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm[:ss]' and ISO
 * ('YYYY-MM-DDTHH:mm:ss[.ffffff][Z|±hh:mm]'). Without a zone the date part is kept as written; with a
 * zone the instant is read in WIB (UTC+7) — Laravel serialises a date cast as UTC ('2024-01-14T17:00:00Z'
 * is 15 January in Jakarta). null, "" and MySQL's zero date '0000-00-00' are null. Anything else
 * (including impossible dates like '2024-02-30') fails.
 */
export const date = z.preprocess((v) => {
  if (v === undefined || v === null) return null
  if (typeof v !== 'string') return v
  const s = v.trim()
  if (s === '' || s.startsWith('0000-00-00')) return null
  const m = DATE_LIKE.exec(s)
  if (!m) return s
  if (!m[2]) return m[1]
  const t = Date.parse(s.replace(' ', 'T'))
  if (Number.isNaN(t)) return s
  return new Date(t + WIB_OFFSET_MS).toISOString().slice(0, 10)
}, z.iso.date().nullable())

export const DOC_STATUSES = ['posting', 'unpost'] as const
export type DocStatus = (typeof DOC_STATUSES)[number]

/**
 * A purchase's or pemasangan's status: 'posting' | 'unpost', case-insensitive and trimmed ('POSTING',
 * 'Posted', 'unposted' are read). Missing, null or "" is 'unpost' (never posted). Any other value
 * FAILS: guessing 'unpost' for an unknown state would offer Update/Delete on a document finance may
 * have locked.
 */
export const docStatus = z.preprocess((v) => {
  if (v === undefined || v === null) return 'unpost'
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase()
    if (s === '' || s === 'unpost' || s === 'unposted') return 'unpost'
    if (s === 'posting' || s === 'posted') return 'posting'
  }
  return v
}, z.enum(DOC_STATUSES))

/**
 * A stored file name (gambar, ft_sim, gambar_stnk …). A real upstream may send the public path or a
 * full URL to its storage ('https://host/storage/uploads/a.png', '/storage/uploads/a.png'): the
 * storage prefix is cut so the app always gets the bare name it serves at /uploads/{name}.
 */
export const fileName = text.transform((v) => {
  if (v === null) return null
  const cut = v.trim().replace(/^(?:https?:\/\/[^/]+)?\/?storage\/uploads\//i, '')
  return cut === '' ? null : cut
})

/** A list that may be missing or null (nested detail lists): missing/null → []. */
export const arrayOf = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => {
    if (v === undefined || v === null) return []
    // PHP/Laravel sends a collection with non-sequential keys as an object: {"3": {...}, "4": {...}}.
    if (isRecord(v) && Object.keys(v).every((k) => /^\d+$/.test(k))) return Object.values(v)
    return v
  }, z.array(item))

/** What a write answers: the server's message and the saved record, when it sends one. */
export type Saved<T> = { message: string | null; data: T | null }

/**
 * The answer of a write (create, update, posting …): `{message, data}`, `{data}` or the bare record.
 * The write has already happened upstream, so an answer without a record — or with one this app
 * cannot read — is NOT an error (a failure here would invite a duplicate re-submit): `data` is then
 * null and the oddity is logged. Screens redirect and reload anyway (POST/redirect/GET).
 */
export function savedOf<T extends z.ZodType>(item: T) {
  return z.unknown().transform((v): Saved<z.output<T>> => {
    const message = isRecord(v) && typeof v.message === 'string' ? v.message : null
    let candidate: unknown = null
    if (isRecord(v)) {
      if (isRecord(v.data)) candidate = v.data
      else if ('id' in v) candidate = v
    }
    if (candidate === null) return { message, data: null }
    const parsed = item.safeParse(candidate)
    if (!parsed.success) {
      console.warn('[upstream] saved record not readable:', parsed.error.issues.slice(0, 3))
      return { message, data: null }
    }
    return { message, data: parsed.data }
  })
}

/** What a delete answers: only the message is read (success is the 2xx status). */
export const ack = z.unknown().transform((v) => ({
  message: isRecord(v) && typeof v.message === 'string' ? v.message : null,
}))

/**
 * An invoice answer (GET /api/detail-pembelian/{id}, /api/detail-pemasangan/{id}): `{data: header,
 * detail: [line]}`. A bare header is read as `data`; without `detail`, the header's own line list
 * under one of `fallbackKeys` is used; no lines at all is an empty list.
 */
export function invoiceAnswerOf<H extends z.ZodType, L extends z.ZodType>(header: H, line: L, fallbackKeys: string[]) {
  return z.preprocess(
    (v) => {
      if (!isRecord(v)) return v
      const data = isRecord(v.data) ? v.data : 'id' in v ? v : v.data
      let detail = v.detail
      if ((detail === undefined || detail === null) && isRecord(data)) {
        detail = fallbackKeys.map((k) => data[k]).find((x) => x !== undefined && x !== null)
      }
      return { data, detail }
    },
    z.object({ data: header, detail: arrayOf(line) }),
  )
}
