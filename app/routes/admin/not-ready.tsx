import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { HIDDEN_WITH_ID, MENU_GROUPS, PLANNED_PATHS } from '~/lib/menu'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

/**
 * A route of the route table whose screen is not built yet; any other /admin path is a 404 — also
 * an unknown path under a built or planned screen (/admin/departemen/abc/def). Menu screens are
 * planned at their own path only; hidden routes taking an id (/admin/pembelian-detail/{id}) with one
 * more segment.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const path = new URL(request.url).pathname.replace(/\/+$/, '')
  const planned = PLANNED_PATHS.some((p) => path === p || (HIDDEN_WITH_ID.includes(p) && new RegExp(`^${p}/[^/]+$`).test(path)))
  if (!planned) throw data({ message: 'Halaman yang Anda cari tidak ditemukan.' }, { status: 404 })
  const entry = MENU_GROUPS.flatMap((g) => g.entries).find((e) => path === e.to || path.startsWith(`${e.to}/`))
  return { title: entry?.label ?? 'Halaman' }
}

export default function NotReady() {
  const { title } = useLoaderData<typeof loader>()
  return (
    <section className="mx-auto max-w-xl rounded-lg border border-slate-200 bg-white p-8 text-center shadow-sm">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-600">Layar ini belum tersedia. Fitur ini sedang disiapkan.</p>
      <Link to="/admin/dashboard" className="mt-5 inline-block font-semibold text-blue-700 hover:underline">
        Kembali ke Dashboard
      </Link>
    </section>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
