const BASE = 'http://app.invalid'

/**
 * A redirect target that stays inside the app. The decision is taken on the URL as the browser will
 * read it, not on the text (`/.//evil.example`, `/./\evil.example` and `/%2e//evil.example` pass a
 * check of the text and are normalised into `Location: //evil.example`): the candidate
 * must be a path ("/…", no control characters), it is resolved against a dummy origin with
 * `new URL` (dot segments, `%2e`, backslashes and tabs are normalised the way a browser does), must
 * keep that origin, and the normalised path — as sent and percent-decoded — must not start with `//`
 * or `/\` (protocol-relative). The normalised pathname + search + hash is returned; anything else
 * becomes the fallback.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/admin/dashboard'): string {
  if (!to || typeof to !== 'string') return fallback
  const t = to.trim()
  if (!t.startsWith('/') || /[\u0000-\u001f\u007f]/.test(t)) return fallback
  let url: URL
  try {
    url = new URL(t, BASE)
  } catch {
    return fallback
  }
  if (url.origin !== BASE || url.username || url.password) return fallback
  if (protocolRelative(url.pathname)) return fallback
  let decoded: string
  try {
    decoded = decodeURIComponent(url.pathname)
  } catch {
    return fallback
  }
  if (protocolRelative(decoded) || /[\u0000-\u001f\u007f]/.test(decoded)) return fallback
  return url.pathname + url.search + url.hash
}

const protocolRelative = (path: string) => /^[/\\]{2}/.test(path)
