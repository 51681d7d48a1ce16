import { env } from '~/env.server'

/** Host names a browser treats as a secure context over plain HTTP (it keeps Secure cookies there). */
const isLocalHost = (hostname: string) =>
  hostname === 'localhost' || hostname.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(hostname) || hostname === '[::1]'

/**
 * Will the browser drop the session cookie? The cookie is `Secure` in production, and a
 * browser does not keep a Secure cookie from a plain-HTTP page at an address other than localhost:
 * the right password then leads back to the login form with no word of why. Behind a proxy we trust
 * (TRUST_PROXY=true) its X-Forwarded-Proto tells whether the browser used HTTPS.
 */
export function insecureOriginWarning(request: Request): boolean {
  if (!env.secureCookies) return false
  const url = new URL(request.url)
  const proto = env.TRUST_PROXY === 'true' ? request.headers.get('x-forwarded-proto')?.split(',').pop()?.trim() : undefined
  const scheme = proto ? `${proto}:` : url.protocol
  return scheme === 'http:' && !isLocalHost(url.hostname)
}

export const INSECURE_ORIGIN_MESSAGE =
  'Aplikasi ini dibuka lewat HTTP biasa di alamat yang bukan localhost, sehingga browser tidak menyimpan cookie sesi yang aman dan login tidak akan berhasil. ' +
  'Bukalah lewat HTTPS (pasang HTTPS di depan aplikasi, lihat README), atau di jaringan kantor yang tepercaya jalankan aplikasi dengan INSECURE_COOKIES=true.'
