import { isRouteErrorResponse, Link, useLocation, useRouteError } from '@remix-run/react'

/**
 * The error boundary of every route: a clear Indonesian message inside whatever layout is still
 * standing, never a blank page. Thrown responses carry {message} (app/server/route-errors.server.ts).
 */
export function GeneralErrorBoundary() {
  const error = useRouteError()
  const location = useLocation()
  let title = 'Terjadi kesalahan'
  let message = 'Terjadi kesalahan yang tidak terduga. Silakan coba lagi.'
  if (isRouteErrorResponse(error)) {
    const fromData =
      error.data && typeof error.data === 'object' && 'message' in error.data ? String((error.data as { message: unknown }).message) : null
    if (error.status === 405) {
      // Remix's own text ("You made a POST request to … but did not provide an `action`") never reaches users.
      title = 'Metode tidak diizinkan'
      message = 'Halaman ini tidak menerima kiriman formulir.'
    } else if (error.status === 403) {
      title = 'Akses ditolak'
      message = fromData ?? 'Anda tidak memiliki akses ke menu ini.'
    } else if (error.status === 501) {
      title = 'Fitur tidak tersedia'
      message = fromData ?? message
    } else if (error.status === 404) {
      title = 'Tidak ditemukan'
      message = fromData ?? 'Halaman yang Anda cari tidak ditemukan.'
    } else {
      message = fromData ?? (typeof error.data === 'string' && error.data ? error.data : message)
    }
  } else if (error instanceof Error && process.env.NODE_ENV !== 'production') {
    message = error.message
  }
  if (!isRouteErrorResponse(error)) console.error(error)
  return (
    <div role="alert" className="mx-auto my-8 max-w-xl rounded-lg border border-red-200 bg-white p-6 shadow-sm">
      <h1 className="text-xl font-semibold text-red-700">{title}</h1>
      <p className="mt-2 text-slate-700">{message}</p>
      <div className="mt-4 flex gap-3 text-sm">
        <Link to={location.pathname + location.search} reloadDocument className="font-semibold text-blue-700 hover:underline">
          Muat ulang
        </Link>
        <Link to="/admin/dashboard" className="font-semibold text-blue-700 hover:underline">
          Ke Dashboard
        </Link>
      </div>
    </div>
  )
}
