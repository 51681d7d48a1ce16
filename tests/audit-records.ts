/**
 * How the audit trail names a user and a moment, for the end-to-end tests (tests/e2e/audit.test.ts)
 * and the request-level tests (tests/app/audit.test.ts) alike. Each runner passes its own api client.
 */
import type { Upstream } from './ban-records'

/** Today as the app writes it (Asia/Jakarta): '24 November 2026'. */
export const todayJakarta = () =>
  new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Jakarta' }).format(new Date())
/** A time of day as the trail writes it, as a RegExp source: '09.41 WIB'. */
export const TIME = String.raw`\d{2}\.\d{2} WIB`

/** `text` as a literal inside a RegExp. */
export const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The admin as the trail shows a user: the login name with the name, 'admin (Administrator Sistem)'. */
export async function adminName(upstream: Upstream): Promise<string> {
  const me = (await (await upstream()).get('/api/me')).json.data
  return `${me.kode_user} (${me.karyawan?.nama_lengkap ?? me.nama_user ?? me.kode_user})`
}
