import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, type MetaFunction } from '@remix-run/react'
import { listScreenData } from '~/server/list-screen.server'
import { listAkses } from '~/upstream/akses.server'
import { IconLink } from '~/ui/button'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { PencilIcon } from '~/ui/icons'
import { ListScreen } from '~/ui/list-screen'

export const meta: MetaFunction = () => [{ title: 'Hak Akses — Armada' }]

/** Hak Akses: one row per user; the only action is edit (/admin/akses/edit/{id}). */
export async function loader({ request }: LoaderFunctionArgs) {
  return listScreenData(request, listAkses, {
    searchIn: (a) => [a.kode_user],
    sortBy: { id: (a) => a.id, kode_user: (a) => a.kode_user, nama: (a) => a.karyawan?.nama_lengkap ?? '' },
    row: (a) => ({ id: a.id, kode_user: a.kode_user, nama: a.karyawan?.nama_lengkap ?? null }),
  })
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
