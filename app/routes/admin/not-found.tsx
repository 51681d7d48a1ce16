import { data } from '@remix-run/node'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

/**
 * Any /admin path the route table has no route for — also an unknown path under a screen
 * (/admin/departemen/abc/def) or a hidden route without its id (/admin/akses/edit): a 404 inside the
 * shell.
 */
export const loader = () => {
  throw data({ message: 'Halaman yang Anda cari tidak ditemukan.' }, { status: 404 })
}

export default function NotFound() {
  return null
}

export const ErrorBoundary = GeneralErrorBoundary
