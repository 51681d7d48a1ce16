import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, type MetaFunction } from '@remix-run/react'
import { listSearch } from '~/lib/list-query'
import { SIMPLE_MASTERS, simpleMasterTexts } from '~/lib/simple-master'
import { simpleListLoader } from '~/lib/simple-master.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { ListScreen } from '~/ui/list-screen'
import { QrCode } from '~/ui/qr-code'
import { RowActions } from '~/ui/row-actions'

/** The list of every simple master screen (app/lib/simple-master.ts), picked by the path. */
export const loader = ({ request }: LoaderFunctionArgs) => simpleListLoader(request)

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? SIMPLE_MASTERS[data.key].title : 'Master'} — Armada` },
]

export default function SimpleMasterList() {
  const list = useLoaderData<typeof loader>()
  const m = SIMPLE_MASTERS[list.key]
  const texts = simpleMasterTexts(m)
  const search = listSearch(list.query)
  return (
    <ListScreen
      title={m.title}
      subtitle={texts.subtitle}
      searchPlaceholder={texts.search}
      addLabel={texts.add}
      canAdd={list.can.create}
      list={list}
      loadError={list.loadError}
      rowKey={(r) => r.id}
      columns={[
        { header: 'No', sortKey: 'id', cell: (_r, i) => i + 1, className: 'w-14' },
        { header: m.codeHeader, sortKey: 'kode', cell: (r) => r.kode || '-' },
        { header: m.nameLabel, sortKey: 'nama', cell: (r) => r.nama },
        { header: 'QrCode', cell: (r) => <QrCode qr={r.qr} size={50} label={r.kode || r.nama} /> },
        { header: 'Opsi', cell: (r) => <RowActions id={r.id} search={search} edit={list.can.update} remove={list.can.delete} /> },
      ]}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
