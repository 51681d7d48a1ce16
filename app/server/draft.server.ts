import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { deflateRawSync, inflateRawSync } from 'node:zlib'
import { env } from '~/env.server'
import { forbiddenKeyIn } from './form.server'

/**
 * When a form is sent after the session has ended, the guard keeps what the user typed here (text
 * fields only, never passwords or files) for 15 minutes; after login the same dialog restores it,
 * and only for the user whose session it was: another user logging in on the same browser never
 * sees it (the draft is dropped when they open the page).
 *
 * The cookie holds the page, the user id and the fields, compressed (a purchase with many tyre
 * lines repeats the same names) and sealed with AES-256-GCM under a key derived from the session
 * secrets: the browser cannot read, change or forge it. A cookie holds about 4 kB; a draft that
 * does not fit keeps the fields that do (in form order) and says that it was cut.
 */
const COOKIE_NAME = env.secureCookies ? '__Host-fleet_draft' : 'fleet_draft'
const MAX_AGE_S = 15 * 60
/** The cookie's value at most (browsers take about 4096 bytes for name and value together). */
export const MAX_DRAFT_COOKIE = 3800
/** What of a form is even considered (characters of names and values); the rest counts as cut. */
const MAX_RAW = 64 * 1024

/** A restored draft: the typed fields, and whether some could not be kept. */
export type DraftValues = { fields: Record<string, string>; cut: boolean }

type Sealed = { p: string; u: number; f: Record<string, string>; c: boolean }

const keys = env.sessionSecrets.map((s) => createHash('sha256').update(`fleet-draft:${s}`).digest())

function seal(value: Sealed): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keys[0], iv)
  const enc = Buffer.concat([cipher.update(deflateRawSync(JSON.stringify(value))), cipher.final()])
  return [iv, cipher.getAuthTag(), enc].map((b) => b.toString('base64url')).join('.')
}

function unseal(text: string): Sealed | null {
  const [iv, tag, enc] = text.split('.').map((p) => Buffer.from(p, 'base64url'))
  if (!iv || !tag || !enc || iv.length !== 12 || tag.length !== 16) return null
  for (const key of keys) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, iv)
      decipher.setAuthTag(tag)
      const json = inflateRawSync(Buffer.concat([decipher.update(enc), decipher.final()]), { maxOutputLength: 4 * MAX_RAW })
      const v = JSON.parse(json.toString('utf8')) as Sealed
      if (typeof v?.p !== 'string' || typeof v.u !== 'number' || typeof v.f !== 'object' || v.f === null) return null
      return v
    } catch {
      // try the next (older) secret
    }
  }
  return null
}

function setCookie(value: string, maxAge: number) {
  return [
    `${COOKIE_NAME}=${value}`,
    `Max-Age=${maxAge}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    ...(env.secureCookies ? ['Secure'] : []),
  ].join('; ')
}

function cookieValue(header: string | null): string | null {
  if (!header) return null
  for (const part of header.split(';')) {
    const at = part.indexOf('=')
    if (at > 0 && part.slice(0, at).trim() === COOKIE_NAME) return part.slice(at + 1).trim()
  }
  return null
}

/**
 * The sealed cookie value for these fields, keeping as many as fit (in order; a field that does not
 * fit is left out whole, never shortened); `cut` when any was left out.
 */
export function packDraft(
  path: string,
  userId: number,
  entries: [string, string][],
  cutAlready = false,
): { value: string; kept: number; cut: boolean } | null {
  const make = (list: [string, string][], c: boolean) => seal({ p: path, u: userId, f: Object.fromEntries(list), c })
  const whole = make(entries, cutAlready)
  if (whole.length <= MAX_DRAFT_COOKIE) return { value: whole, kept: entries.length, cut: cutAlready }
  // The longest prefix that fits (binary search), then the later fields that still fit one by one
  // (a long note early in the form should not cost every field after it).
  let lo = 0
  let hi = entries.length - 1
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2)
    if (make(entries.slice(0, mid), true).length <= MAX_DRAFT_COOKIE) lo = mid
    else hi = mid - 1
  }
  const kept = entries.slice(0, lo)
  let tries = 0
  for (const entry of entries.slice(lo + 1)) {
    if (++tries > 40) break
    if (make([...kept, entry], true).length <= MAX_DRAFT_COOKIE) kept.push(entry)
  }
  if (kept.length === 0) return null
  return { value: make(kept, true), kept: kept.length, cut: true }
}

/**
 * Keeps the text fields of a refused POST for the page it came from, tied to the user whose session
 * ended; returns the Set-Cookie, or null when there is nothing to keep.
 */
export async function stashDraft(request: Request, path: string, userId: number): Promise<string | null> {
  const type = request.headers.get('Content-Type') ?? ''
  if (!type.includes('form')) return null
  let form: FormData
  try {
    form = await request.clone().formData()
  } catch {
    return null
  }
  const entries: [string, string][] = []
  const seen = new Set<string>()
  let total = 0
  let cut = false
  for (const [k, v] of form.entries()) {
    if (typeof v !== 'string' || /password|intent/i.test(k) || seen.has(k) || forbiddenKeyIn(k)) continue
    total += k.length + v.length
    if (total > MAX_RAW) {
      cut = true
      break
    }
    seen.add(k)
    entries.push([k, v])
  }
  if (entries.length === 0) return null
  const packed = packDraft(path, userId, entries, cut)
  return packed ? setCookie(packed.value, MAX_AGE_S) : null
}

/**
 * The draft for this page and this user, if there is one, with the Set-Cookie that clears it (a
 * draft is used once). A draft of another user is cleared and not shown: `values` is null.
 */
export async function takeDraft(request: Request, userId: number): Promise<{ values: DraftValues | null; clear: string } | null> {
  const raw = cookieValue(request.headers.get('Cookie'))
  if (!raw) return null
  const draft = unseal(raw)
  const clear = setCookie('', 0)
  if (!draft) return { values: null, clear }
  if (draft.p !== new URL(request.url).pathname) return null
  if (draft.u !== userId) return { values: null, clear }
  // Own fields only, on an object without a prototype: a field name can never reach Object.prototype.
  const fields = Object.create(null) as Record<string, string>
  for (const [k, v] of Object.entries(draft.f)) if (typeof v === 'string' && !forbiddenKeyIn(k)) fields[k] = v
  return { values: { fields, cut: draft.c === true }, clear }
}

/** A restored draft as the form it came from (for a screen that reads its state from a form). */
export function draftFormData(values: DraftValues): FormData {
  const form = new FormData()
  for (const [k, v] of Object.entries(values.fields)) form.append(k, v)
  return form
}
