import { data } from '@remix-run/node'
import { upstreamFeatures, type Extension, type Upstream } from '~/upstream/index.server'
import { allows, type Grants } from '~/lib/grants'
import { PERPANJANGAN_PATH } from '~/lib/perpanjangan'

/** The one page a screen built on an extension of the spec shows against an upstream without it. */
export const FEATURE_MISSING =
  'Server data (upstream) yang terhubung belum menyediakan fitur ini. Layar lain tetap dapat digunakan; hubungi administrator untuk memperbarui server.'

/** Throws that page (501) unless the upstream offers the extension. */
export async function requireFeature(up: Upstream, extension: Extension): Promise<void> {
  const offered = await upstreamFeatures(up)
  if (!offered.has(extension)) throw data({ message: FEATURE_MISSING, feature: extension }, { status: 501 })
}

/** Whether the upstream offers the extension (for a part of a screen that is shown only then). */
export async function hasFeature(up: Upstream, extension: Extension): Promise<boolean> {
  return (await upstreamFeatures(up)).has(extension)
}

/** Whether the due lists offer Perpanjang: the upstream keeps renewals and the user may create one. */
export async function canRenew(up: Upstream, grants: Grants): Promise<boolean> {
  return allows(grants, PERPANJANGAN_PATH, 'create') && (await hasFeature(up, 'perpanjangan'))
}
