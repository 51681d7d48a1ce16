import type { Submission, SubmissionResult } from '@conform-to/react'

/**
 * Reading a submitted form safely: a body that is not a form (JSON, text, XML, no
 * Content-Type, a broken or cut-off multipart) is a 400/415 with an Indonesian message, never a 500;
 * a field sent twice keeps its first value, control characters are dropped (a form of this app never repeats a field name unless the
 * caller says so in `multi`), so a careless client loses nothing it typed.
 */
export const BODY_UNREADABLE = 'Isi formulir tidak dapat dibaca. Muat ulang halaman lalu kirim kembali formulirnya.'
export const BODY_UNSUPPORTED = 'Formulir harus dikirim sebagai formulir biasa (bukan JSON atau teks).'

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']

export type FormRead = { ok: true; formData: FormData } | { ok: false; status: 400 | 415; message: string }

/**
 * Field names that must never become object keys: Conform (and any code that nests `a[b][c]` or
 * `a.b.c` names into objects) would write `__proto__` into an object's prototype, and
 * `constructor` / `prototype` lead there too. A form naming one, in any part of any field name, is
 * refused with 400 before anything reads it.
 */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype'])
export const forbiddenKeyMessage = (key: string) => `Nama field tidak diizinkan: ${key}.`

/** The first forbidden part of a field name (split at `.`, `[` and `]`), or null. */
export function forbiddenKeyIn(name: string): string | null {
  for (const part of name.split(/[.[\]]/)) if (FORBIDDEN_KEYS.has(part)) return part
  return null
}

export async function readForm(request: Request, opts: { multi?: readonly string[] } = {}): Promise<FormRead> {
  const type = (request.headers.get('Content-Type') ?? '').split(';')[0].trim().toLowerCase()
  if (!FORM_TYPES.includes(type)) return { ok: false, status: 415, message: BODY_UNSUPPORTED }
  let raw: FormData
  try {
    raw = await request.formData()
  } catch {
    return { ok: false, status: 400, message: BODY_UNREADABLE }
  }
  for (const key of raw.keys()) {
    const bad = forbiddenKeyIn(key)
    if (bad) return { ok: false, status: 400, message: forbiddenKeyMessage(bad) }
  }
  return { ok: true, formData: firstValues(raw, opts.multi ?? []) }
}

/** The same form with every repeated field reduced to its first value (except `multi` fields). */
export function firstValues(form: FormData, multi: readonly string[] = []): FormData {
  const out = new FormData()
  const seen = new Set<string>()
  for (const [key, value] of form.entries()) {
    if (seen.has(key) && !multi.includes(key) && !key.endsWith('[]')) continue
    seen.add(key)
    if (typeof value === 'string') out.append(key, stripControls(value))
    else out.append(key, value, value.name)
  }
  return out
}

/**
 * Control characters (NUL, BEL, ESC …; not tab or line breaks) are never meant in a form field and
 * would make every later page that shows the value invalid HTML: they are dropped on the way in.
 */
export const stripControls = (value: string) => value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')

/**
 * The form sent back as it was for a re-render that is not a save (a choice's search, filling from a
 * vehicle, a computation): its values, and no error, since nothing was asked to be saved yet (a
 * required field left empty says so only when the user saves).
 */
export function formAsSent(submission: Submission<unknown>): SubmissionResult<string[]> {
  const { error: _judged, status: _status, ...sent } = submission.reply()
  return sent
}
