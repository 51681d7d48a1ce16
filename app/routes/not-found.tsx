import { data } from '@remix-run/node'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

export const loader = () => {
  throw data({ message: 'Halaman yang Anda cari tidak ditemukan.' }, { status: 404 })
}
export default function NotFound() {
  return null
}
export function ErrorBoundary() {
  return (
    <main className="p-6">
      <GeneralErrorBoundary />
    </main>
  )
}
