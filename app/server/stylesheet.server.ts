import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import stylesheetHref from '~/tailwind.css?url'
import type { StylesheetChoice } from '~/lib/stylesheet'

/** Holds the stylesheet's hash: this browser has been sent the file (prefetch), link it from now on. */
const COOKIE = 'armada_css'

let built: { text: string; hash: string } | null | undefined
/** The built stylesheet's text (production build only; in development Vite serves it). */
function builtStylesheet() {
  if (built !== undefined) return built
  built = null
  if (process.env.NODE_ENV !== 'production' || !stylesheetHref.startsWith('/assets/')) return built
  try {
    const text = readFileSync(join(process.cwd(), 'build', 'client', stylesheetHref), 'utf8')
    // `</style` cannot occur in Tailwind's output, but an inline <style> must never be closed early.
    if (!/<\/style/i.test(text)) built = { text, hash: createHash('sha256').update(text).digest('base64url').slice(0, 16) }
  } catch {
    built = null
  }
  return built
}

/** Inline on a browser's first document (no cookie with this stylesheet's hash), link afterwards. */
export function stylesheetFor(request: Request, responseHeaders: Headers): StylesheetChoice {
  const css = builtStylesheet()
  if (!css) return { inline: null }
  const cookies = request.headers.get('cookie') ?? ''
  if (cookies.split(/;\s*/).includes(`${COOKIE}=${css.hash}`)) return { inline: null }
  responseHeaders.append('Set-Cookie', `${COOKIE}=${css.hash}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly`)
  return { inline: css.text }
}
