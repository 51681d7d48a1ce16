import type { Context } from 'hono'
import { z } from 'zod'

/**
 * Laravel-like errors: 401 {message}, 404 {message}, 409 {message}, 422 {message, errors}.
 * Throw one from a handler; app.onError (api/app.ts) turns it into the answer.
 */
export class ApiError extends Error {
  constructor(
    public status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500,
    message: string,
    public errors?: Record<string, string[]>,
  ) {
    super(message)
  }
  body() {
    return this.errors ? { message: this.message, errors: this.errors } : { message: this.message }
  }
}

export const notFound = (what = 'Data') => new ApiError(404, `${what} tidak ditemukan.`)
export const conflict = (message: string) => new ApiError(409, message)
export const invalid = (errors: Record<string, string[]>) => {
  const first = Object.values(errors)[0]?.[0] ?? 'Data tidak valid.'
  const more = Object.values(errors).flat().length - 1
  return new ApiError(422, more > 0 ? `${first} (dan ${more} kesalahan lainnya)` : first, errors)
}

export type FormValue = string | File
/** A request body as a plain object: JSON, urlencoded or multipart (bracket keys made nested). */
export type Body = Record<string, unknown>

/**
 * Names that must never become keys of a body object: assigning `__proto__` on a plain object sets
 * its prototype (with bracket keys, `__proto__[open]=1` would write into Object.prototype and every
 * object of the process would seem to have `open`), and `constructor` / `prototype` lead there too.
 * A body naming one of them, at any depth, is refused with 400 before anything reads it.
 */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype'])
export const forbiddenKeyMessage = (key: string) => `Nama field tidak diizinkan: ${key}.`
const refuseKey = (key: string): never => {
  throw new ApiError(400, forbiddenKeyMessage(key))
}

/**
 * Reads JSON, application/x-www-form-urlencoded or multipart/form-data into one object.
 * Multipart keys like `ban[0][no_seri]` become `{ ban: [{ no_seri }] }`. Empty strings are kept
 * (schemas decide what they mean). A missing or unreadable body is `{}`. A key in FORBIDDEN_KEYS,
 * anywhere in the body, is a 400.
 */
export async function readBody(c: Context): Promise<Body> {
  const type = c.req.header('content-type') ?? ''
  if (type.includes('application/json')) {
    const text = await c.req.text()
    if (!text.trim()) return {}
    return parseJsonBody(text)
  }
  if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    const form = await c.req.formData()
    return nestBracketKeys([...form.entries()] as [string, FormValue][])
  }
  return {}
}

/**
 * A JSON body as an object ({} for anything but an object). JSON.parse makes `"__proto__"` an own
 * property (harmless by itself, but a later spread or Object.assign would turn it into a prototype):
 * the reviver refuses it and its siblings at every depth.
 */
export function parseJsonBody(text: string): Body {
  let parsed: unknown
  try {
    parsed = JSON.parse(text, (key, value: unknown) => {
      if (FORBIDDEN_KEYS.has(key)) refuseKey(key)
      return value
    })
  } catch (error) {
    if (error instanceof ApiError) throw error
    throw new ApiError(400, 'Body JSON tidak valid.')
  }
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Body) : {}
}

/**
 * Form entries → a nested body. Every object is made with no prototype (Object.create(null)), so no
 * key can reach Object.prototype, and a bracket part in FORBIDDEN_KEYS (`__proto__`,
 * `a[constructor][x]`, `a[0][prototype]` …) is refused with 400.
 */
export function nestBracketKeys(entries: [string, FormValue][]): Body {
  const out: Body = Object.create(null) as Body
  for (const [key, value] of entries) {
    const parts = key.replace(/\]/g, '').split('[')
    for (const part of parts) if (FORBIDDEN_KEYS.has(part)) refuseKey(part)
    let node: Record<string, unknown> = out
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]
      const last = i === parts.length - 1
      // An array's members are numbered: `ban[0]` then `ban[length]` would set the array's length.
      if (Array.isArray(node) && !/^\d+$/.test(part)) throw new ApiError(400, `Nama field tidak valid: ${key}.`)
      if (last) {
        node[part] = value
      } else {
        const nextIsIndex = /^\d+$/.test(parts[i + 1])
        const child = Object.hasOwn(node, part) ? node[part] : undefined
        if (!child || typeof child !== 'object' || child instanceof File) {
          node[part] = nextIsIndex ? [] : Object.create(null)
        }
        node = node[part] as Record<string, unknown>
      }
    }
  }
  // Arrays made from sparse indexes (ban[0], ban[3]) are compacted; objects stay without a prototype.
  const compact = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.filter((x) => x !== undefined).map(compact)
    if (v && typeof v === 'object' && !(v instanceof File)) {
      const copy = Object.create(null) as Record<string, unknown>
      for (const [k, x] of Object.entries(v)) copy[k] = compact(x)
      return copy
    }
    return v
  }
  return compact(out) as Body
}

/** Parses a body with a zod schema; failures become 422 with Laravel's `errors` map. */
export function validate<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body)
  if (result.success) return result.data
  const errors: Record<string, string[]> = {}
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_'
    ;(errors[key] ??= []).push(issue.message)
  }
  throw invalid(errors)
}

/** A route parameter that must be a positive integer id; anything else is 404. */
export function idParam(c: Context, name = 'id', what = 'Data'): number {
  const raw = c.req.param(name) ?? ''
  const id = Number(raw)
  // An id above what an INTEGER column holds names no record (PostgreSQL would refuse to compare it).
  if (!/^\d+$/.test(raw) || id > 2_147_483_647 || id < 1) throw notFound(what)
  return id
}

// ---- zod pieces shared by every resource ----------------------------------------------------------

/** '' / null / undefined → null; anything else trimmed text. */
export const optionalText = z.preprocess(
  (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
  z.union([z.string().trim().max(1000), z.number().transform(String)]).nullable(),
)

export const requiredText = (message: string) =>
  z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string({ error: message }).trim().min(1, message).max(255))

/** Digit text (multipart sends strings) → number; other text stays text so the schema reports it. */
function toNumber(v: unknown, pattern: RegExp): unknown {
  if (v === undefined || v === null || v === '') return null
  if (typeof v === 'string') {
    const s = v.trim()
    if (s === '') return null
    return pattern.test(s) ? Number(s) : s
  }
  return v
}
const INT = /^-?\d+(\.0+)?$/
const DECIMAL = /^-?\d+(\.\d+)?$/

/** Optional whole number ≥ 0 given as number or digit string; '' / null / absent → null. */
export const optionalInt = (message = 'Harus berupa angka.') =>
  z.preprocess((v) => toNumber(v, INT), z.number({ error: message }).int(message).min(0, message).nullable())

/** Required whole number ≥ 0. */
export const requiredInt = (message: string) =>
  z.preprocess((v) => toNumber(v, INT) ?? undefined, z.number({ error: message }).int(message).min(0, message))

/** Optional number ≥ 0 (decimals allowed, "1,5" read as 1.5). */
export const optionalNumber = (message = 'Harus berupa angka.') =>
  z.preprocess(
    (v) => toNumber(typeof v === 'string' ? v.replace(',', '.') : v, DECIMAL),
    z.number({ error: message }).min(0, message).nullable(),
  )

/** Optional date YYYY-MM-DD. */
export const optionalDate = (message = 'Tanggal tidak valid.') =>
  z.preprocess((v) => (v === undefined || v === null || v === '' ? null : v), z.union([z.iso.date({ error: message }), z.null()]))

/** A date filter query parameter (tanggal_awal / tanggal_akhir); invalid → 422. */
export function dateQuery(c: Context, name: string): string | null {
  const v = c.req.query(name)
  if (v === undefined || v === '') return null
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(v))) {
    throw invalid({ [name]: [`${name} harus berupa tanggal (YYYY-MM-DD).`] })
  }
  return v
}

/** The company's time zone (default Asia/Jakarta): "today" for a default document date, the day of a moment. */
export const COMPANY_ZONE = process.env.APP_TIMEZONE ?? 'Asia/Jakarta'
const dateInZone = new Intl.DateTimeFormat('en-CA', {
  timeZone: COMPANY_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})
/** Today's date (YYYY-MM-DD) in the company's time zone, not UTC. */
export const today = (now = new Date()) => dateInZone.format(now)
