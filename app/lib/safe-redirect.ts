/**
 * A redirect target that stays inside the app: a path starting with a single "/", no scheme, no
 * protocol-relative "//", no backslash tricks. Anything else becomes the fallback.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/admin/dashboard'): string {
  if (!to || typeof to !== 'string') return fallback
  const t = to.trim()
  if (!t.startsWith('/') || t.startsWith('//') || t.startsWith('/\\') || /[\u0000-\u001f]/.test(t)) return fallback
  try {
    const url = new URL(t, 'http://app.invalid')
    if (url.origin !== 'http://app.invalid') return fallback
    return url.pathname + url.search + url.hash
  } catch {
    return fallback
  }
}
