import { data } from '@remix-run/node'
import type { Upstream } from '~/upstream/client.server'
import { formatDate, formatNumber } from '~/lib/format'
import { hasFeature } from './features.server'
import { listScreenPage } from './list-screen.server'
import type { PageRead } from './paged-list.server'
import { postingAction } from './posting.server'

/**
 * The list of a document on a vehicle, declared: its texts, its code and columns (each cell made as
 * text here, so the page needs no code of its own: DeclaredDocumentList, app/ui/document-list.tsx),
 * the upstream's list and page, Posting and Unpost. Searched by code or cabin number; sorted by No,
 * the code, Status and the columns that name a sort key, by the same keys on the upstream's pages.
 */

/** A document as its list reads it: its vehicle nested (the code is the declaration's `code.of`). */
export type ListedDocument = {
  id: number
  status: string | null
  tanggal_awal: string | null
  kendaraan: { no_kabin: string | null } | null
}

/** A column: its header, its sort (none: not sortable), its cell as text. */
export type DocumentColumn<D> = {
  header: string
  /** Sorted by this key (the upstream sorts its pages by the same). */
  sort?: { key: string; value: (document: D) => string | number }
  /** Right-aligned (counts, km). */
  numeric?: true
  cell: (document: D) => string
}

export type DocumentListDeclaration<D extends ListedDocument> = {
  title: string
  subtitle: string
  searchPlaceholder: string
  code: { header: string; sortKey: string; of: (d: D) => string }
  columns: readonly DocumentColumn<D>[]
  whole: (up: Upstream) => Promise<D[]>
  paged: PageRead<D>
  posting: (up: Upstream, id: number) => Promise<unknown>
  unpost: (up: Upstream, id: number) => Promise<unknown>
}

/** The vehicle's No Kabin column. */
export const noKabinColumn = <D extends ListedDocument>(): DocumentColumn<D> => ({
  header: 'No Kabin',
  sort: { key: 'no_kabin', value: (d) => d.kendaraan?.no_kabin ?? '' },
  cell: (d) => d.kendaraan?.no_kabin ?? '-',
})

/** The document's date column. */
export const tanggalColumn = <D extends ListedDocument>(): DocumentColumn<D> => ({
  header: 'Tanggal',
  sort: { key: 'tanggal_awal', value: (d) => d.tanggal_awal ?? '' },
  cell: (d) => formatDate(d.tanggal_awal),
})

/** A count or km column ('-' when absent), sorted by `sortKey` (none: not sortable). */
export const numberColumn = <D>(header: string, value: (d: D) => number | null, sortKey?: string): DocumentColumn<D> => ({
  header,
  numeric: true,
  ...(sortKey ? { sort: { key: sortKey, value: (d: D) => value(d) ?? 0 } } : {}),
  cell: (d) => {
    const n = value(d)
    return n === null ? '-' : formatNumber(n)
  },
})

/** The list's search, sorts and rows, on the upstream's pages or the whole list alike. */
export function documentListSpec<D extends ListedDocument>(list: DocumentListDeclaration<D>) {
  const sortBy: Record<string, (d: D) => string | number> = {
    id: (d) => d.id,
    [list.code.sortKey]: list.code.of,
    status: (d) => d.status ?? '',
  }
  for (const c of list.columns) if (c.sort) sortBy[c.sort.key] = c.sort.value
  return {
    paged: list.paged,
    searchIn: (d: D) => [list.code.of(d), d.kendaraan?.no_kabin ?? ''],
    sortBy,
    row: (d: D) => ({ id: d.id, kode: list.code.of(d), status: d.status, cells: list.columns.map((c) => c.cell(d)) }),
  }
}

/**
 * The list's page as its loader answers it: the rows, whether the upstream keeps an audit trail (the
 * row menu's Riwayat), and the texts, columns and the row menu's links (`links`: Show, the edit
 * screen, Cetak) the page shows them with.
 */
export async function documentList<D extends ListedDocument>(
  list: DocumentListDeclaration<D>,
  request: Request,
  links: { show: string; update: string; cetak?: string },
) {
  const { page, status, auth } = await listScreenPage(request, list.whole, documentListSpec(list))
  const screen = {
    title: list.title,
    subtitle: list.subtitle,
    searchPlaceholder: list.searchPlaceholder,
    code: { header: list.code.header, sortKey: list.code.sortKey },
    columns: list.columns.map((c) => ({ header: c.header, sortKey: c.sort?.key, numeric: c.numeric ?? false })),
    links,
  }
  return data({ ...page, audit: await hasFeature(auth.upstream, 'audit'), screen }, { status })
}

/** The list's Posting / Unpost from the row menu. */
export const documentListAction = <D extends ListedDocument>(list: DocumentListDeclaration<D>, request: Request) =>
  postingAction(request, { posting: list.posting, unpost: list.unpost })
