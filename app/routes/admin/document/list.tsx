import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, type MetaFunction } from '@remix-run/react'
import { screenDocumentMenu } from '~/lib/document-menu'
import { declaredDocumentOf } from '~/server/documents.server'
import { documentList, documentListAction } from '~/server/vehicle-document.server'
import type { Column } from '~/ui/data-table'
import { DocumentList, type LoaderRow } from '~/ui/document-list'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

/**
 * The list of a document on a vehicle (Pelepasan Ban, Rotasi Ban), as its declaration says: 5 a page,
 * search by code or cabin number, its columns, and the document row menu (Posting, Unpost, Update,
 * Show, Delete; Riwayat when the upstream keeps an audit trail).
 */
export const loader = ({ request }: LoaderFunctionArgs) => documentList(declaredDocumentOf(request), request)

/** Posting / Unpost from the row menu. */
export const action = ({ request }: ActionFunctionArgs) => documentListAction(declaredDocumentOf(request), request)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.screen.title ?? 'Dokumen'} — Armada` }]

type Row = LoaderRow<typeof loader>

export default function DeclaredDocumentList() {
  const list = useLoaderData<typeof loader>()
  const s = list.screen
  const columns = s.columns.map((c, i): Column<Row> => ({
    header: c.header,
    sortKey: c.sortKey,
    cell: (r) => r.cells[i],
    ...(c.numeric ? { className: 'text-right tabular-nums' } : {}),
  }))
  return (
    <DocumentList
      title={s.title}
      subtitle={s.subtitle}
      searchPlaceholder={s.searchPlaceholder}
      list={list}
      code={s.code}
      columns={columns}
      menu={screenDocumentMenu(s.show, s.update)}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
