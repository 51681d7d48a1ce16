/** Security headers of every page. The CSP allows scripts only with this request's nonce. */
export function securityHeaders(nonce: string, isDev: boolean): Record<string, string> {
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${isDev ? " 'unsafe-eval'" : ''}`,
    // Tailwind is a stylesheet; React SSR style attributes (progress bar width, menu position) need inline styles.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${isDev ? ' ws: wss:' : ''}`,
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ')
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  }
}

/** Pages behind the login must not be stored by the browser or a proxy: the routes that need a session (app/lib/route-access.ts). */
export { isPrivateUrl } from '~/lib/route-access'
