import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { documentRiwayat } from '~/server/audit.server'
import { idParam } from '~/server/crud.server'
import { documentOfRequest, DOCUMENTS } from '~/server/documents.server'
import { requireScreen } from '~/server/grants.server'
import { buttonClass } from '~/ui/button'
import { RouteDialog } from '~/ui/dialog'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { HeadRow } from '~/ui/head-row'

export const meta: MetaFunction = () => [{ title: 'Riwayat Dokumen — Armada' }]

/**
 * The Riwayat dialog of a document (audit trail): …/{id}/riwayat under the purchase and
 * pemasangan lists and both inquiries (the row menu's Riwayat), with the Show grant. Its history oldest
 * first: Waktu, User, Aksi. Against an upstream without the audit extension: 501 with the reason (the
 * row menus do not offer it then).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, 'show')
  const id = idParam(params.id)
  const url = new URL(request.url)
  const entitas = documentOfRequest(request)
  if (!entitas) throw new Response('Not Found', { status: 404 })
  const doc = DOCUMENTS[entitas]
  // The code for the title, from the document itself (its invoice call); without it the title has none.
  const kode = doc.kodeOf(auth.upstream, id).catch((error: unknown) => {
    if (error instanceof Response) throw error
    return null
  })
  const [rows, code] = await Promise.all([documentRiwayat(auth.upstream, entitas, id), kode])
  return {
    judul: doc.judul,
    kode: code,
    rows,
    closeTo: url.pathname.replace(/\/\d+\/riwayat\/?$/, '') + url.search,
  }
}

export default function RiwayatDokumen() {
  const { judul, kode, rows, closeTo } = useLoaderData<typeof loader>()
  return (
    <RouteDialog title={`Riwayat ${judul}${kode ? ` ${kode}` : ''}`} closeTo={closeTo} size="lg">
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">Belum ada riwayat tercatat untuk dokumen ini.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">Riwayat {judul}</caption>
            <thead className="bg-slate-50 text-left">
              <HeadRow cell="px-3 py-2 font-semibold text-slate-700" columns={['Waktu', 'User', 'Aksi']} />
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((r) => (
                <tr key={r.id}>
                  <td className="whitespace-nowrap px-3 py-2 tabular-nums">{r.waktu}</td>
                  <td className="px-3 py-2">{r.user}</td>
                  <td className="px-3 py-2">{r.aksi}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="mt-5 flex justify-end">
        <Link to={closeTo} preventScrollReset className={buttonClass('secondary')}>
          Tutup
        </Link>
      </div>
    </RouteDialog>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
