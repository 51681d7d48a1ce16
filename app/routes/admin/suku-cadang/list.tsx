import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, type MetaFunction } from '@remix-run/react'
import { formatNumber } from '~/lib/format'
import { imporPaths, imporSpecOfScreen } from '~/lib/impor'
import { listSearch } from '~/lib/list-query'
import { hasFeature } from '~/server/features.server'
import { listScreenPage } from '~/server/list-screen.server'
import { listSukuCadang, pageSukuCadang, type SukuCadang } from '~/upstream/suku-cadang.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { ImporActions } from '~/ui/impor-actions'
import { ListScreen } from '~/ui/list-screen'
import { RowActions } from '~/ui/row-actions'
import { data } from '@remix-run/node'

export const meta: MetaFunction = () => [{ title: 'Suku Cadang — Armada' }]

/**
 * Suku Cadang (the master of parts, extension 'suku-cadang'): code, name, unit, category, minimum
 * stock and the stock on hand; paged and searched by the upstream (code or name); add, edit and delete
 * dialogs and the import from Excel by the user's grants.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { page, status, auth } = await listScreenPage(request, (up) => listSukuCadang(up), {
    paged: (up, req) => pageSukuCadang(up, req),
    searchIn: (p: SukuCadang) => [p.nama, p.kode_suku_cadang],
    sortBy: {
      kode_suku_cadang: (p) => p.kode_suku_cadang,
      nama: (p) => p.nama,
      satuan: (p) => p.satuan,
      kategori: (p) => p.kategori,
      stok: (p) => p.stok,
    },
    row: (p) => p,
  })
  const spec = imporSpecOfScreen(new URL(request.url).pathname)
  const impor = spec && auth.can.create && (await hasFeature(auth.upstream, 'impor')) ? imporPaths(spec) : null
  return data({ ...page, impor: impor && { upload: impor.upload, template: impor.template } }, { status })
}

export default function SukuCadangList() {
  const list = useLoaderData<typeof loader>()
  const search = listSearch(list.query)
  return (
    <ListScreen
      title="Suku Cadang"
      subtitle="Master suku cadang: satuan, kategori dan stok minimum"
      searchPlaceholder="Cari kode atau nama..."
      addLabel="Tambah Suku Cadang"
      canAdd={list.can.create}
      list={list}
      loadError={list.loadError}
      headerActions={list.impor ? <ImporActions impor={list.impor} /> : undefined}
      rowKey={(r) => r.id}
      columns={[
        { header: 'Kode', sortKey: 'kode_suku_cadang', cell: (r) => r.kode_suku_cadang || '-', className: 'whitespace-nowrap' },
        { header: 'Nama Suku Cadang', sortKey: 'nama', cell: (r) => r.nama || '-' },
        { header: 'Satuan', sortKey: 'satuan', cell: (r) => r.satuan },
        { header: 'Kategori', sortKey: 'kategori', cell: (r) => r.kategori || '—' },
        { header: 'Stok Minimum', className: 'text-right tabular-nums', cell: (r) => formatNumber(r.stok_minimum) },
        { header: 'Stok', sortKey: 'stok', className: 'text-right tabular-nums', cell: (r) => formatNumber(r.stok) },
        {
          header: 'Opsi',
          cell: (r) => <RowActions id={r.id} search={search} detail={false} edit={list.can.update} remove={list.can.delete} />,
        },
      ]}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
