import { safeRedirect } from '~/lib/safe-redirect'

/**
 * Where a print page's "Kembali" leads: `?back=` (a path inside the app), else the Referer when it
 * is a page of this app, else `fallback` (the list the page belongs to).
 */
export function backLink(request: Request, fallback: string): string {
  const url = new URL(request.url)
  const back = safeRedirect(url.searchParams.get('back'), '')
  if (back && back.startsWith('/admin')) return back
  const referer = request.headers.get('Referer')
  if (referer) {
    try {
      const r = new URL(referer)
      if (r.host === url.host && r.pathname.startsWith('/admin') && r.pathname !== url.pathname)
        return safeRedirect(r.pathname + r.search, fallback)
    } catch {
      // not a URL
    }
  }
  return fallback
}
