import { randomUUID } from 'node:crypto'
import { data } from '@remix-run/node'
import { imporSpecOfPath, type ImporSpec } from '~/lib/impor'
import { requireFeature } from '~/server/features.server'
import { requireScreen } from '~/server/grants.server'
import { redirectWithToast, type Toast } from '~/session.server'

/**
 * The guard of every import route (upload, template, preview): Create on the master's menu (the
 * route table declares it), the upstream's extension 'impor' (else the one 'Fitur tidak tersedia'
 * page, 501), and the master the path names (`/admin/{jenis}/impor…`).
 */
export async function requireImpor(request: Request) {
  const auth = await requireScreen(request, 'create')
  await requireFeature(auth.upstream, 'impor')
  const spec: ImporSpec | null = imporSpecOfPath(new URL(request.url).pathname)
  if (!spec) throw data({ message: 'Halaman tidak ditemukan.' }, { status: 404 })
  return { auth, spec }
}

/** Back to `to` with a banner (the outcome of 'Simpan semua'). */
export const redirectWithBanner = (request: Request, to: string, toast: Omit<Toast, 'id'>) =>
  redirectWithToast(request, to, { ...toast, id: randomUUID() })
