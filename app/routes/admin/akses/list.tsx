import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, type MetaFunction } from '@remix-run/react'
import { applyListQuery, parseListQuery } from '~/lib/list-query'
import { requireScreenList } from '~/lib/grants.server'
import { listAkses } from '~/upstream/akses.server'
import { IconLink } from '~/ui/button'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { PencilIcon } from '~/ui/icons'
import { ListScreen } from '~/ui/list-screen'

export const meta: MetaFunction = () => [{ title: 'Hak Akses — Armada' }]

const SORTABLE = ['id', 'kode_user', 'nama'] as const

/** Hak Akses (spec 000 §2): one row per user; the only action is edit (/admin/akses/edit/{id}). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { auth, all, loadError, status } = await requireScreenList(request, listAkses)
  const query = parseListQuery(new URL(request.url).searchParams, SORTABLE)
  const list = applyListQuery(all, query, {
    searchIn: (a) => [a.kode_user],
    sortBy: { id: (a) => a.id, kode_user: (a) => a.kode_user, nama: (a) => a.karyawan?.nama_lengkap ?? '' },
  })
  const rows = list.rows.map((a) => ({ id: a.id, kode_user: a.kode_user, nama: a.karyawan?.nama_lengkap ?? null }))
  return data({ ...list, rows, loadError, can: auth.can }, { status })
}

export default function AksesList() {
  const list = useLoaderData<typeof loader>()
  return (
    <ListScreen
      title="Hak Akses"
      subtitle="Daftar hak akses yang tersedia di sistem"
      searchPlaceholder="Cari user..."
      canAdd={false}
      list={list}
      loadError={list.loadError}
      rowKey={(a) => a.id}
      columns={[
        { header: 'No', cell: (_a, i) => i + 1, className: 'w-14' },
        { header: 'Kode Akses', sortKey: 'kode_user', cell: (a) => a.kode_user || '-' },
        { header: 'Nama Akses', sortKey: 'nama', cell: (a) => a.nama || '-' },
        {
          header: 'Opsi',
          cell: (a) =>
            list.can.update ? (
              <IconLink to={`/admin/akses/edit/${a.id}`} label="Edit" tone="blue">
                <PencilIcon />
              </IconLink>
            ) : null,
        },
      ]}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
