import { env } from '~/env.server'
import { hasFeature } from './features.server'
import { allows } from '~/lib/grants'
import type { Granted } from './grants.server'

/**
 * May a tyre's serial on this page link to its Riwayat Ban? The user holds Stok Ban
 * (Select and Show) and the upstream offers the tyre-lifecycle extension.
 */
export async function riwayatLinksShown(auth: Granted): Promise<boolean> {
  if (!allows(auth.grants, '/admin/ban', 'show')) return false
  return hasFeature(auth.upstream, 'ban-lifecycle')
}

/**
 * The absolute address of a tyre's history (what its QR code and its label encode), on the configured
 * PUBLIC_URL: never the request's Host header, which any client may set (a label printed from a
 * request with `Host: evil.example` would send whoever scans it there).
 */
export const riwayatUrl = (banId: number, origin: string = env.publicOrigin) => `${origin}/admin/ban/${banId}`
