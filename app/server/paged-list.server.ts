import type { Upstream } from '~/upstream/client.server'
import type { PageRequest, UpstreamPage } from '~/upstream/paged.server'
import { hasFeature } from './features.server'
import { matchingRows, pageOf, type ListPage, type ListQuery, type ListSpec } from '~/lib/list-query'
import { loadList } from './route-errors.server'

/**
 * A list screen's rows, one page of them (the shared block of every list that can grow large):
 * against an upstream that offers paged lists (the extension 'paged-lists', asked once through
 * features.server.ts and kept) the upstream is asked for the page the URL shows, searched and
 * sorted there; against one without it the whole list is read (bounded by UPSTREAM_MAX_RESPONSE_MB:
 * a longer one shows TOO_LARGE_MESSAGE, never a 502) and searched, sorted and paged here, as before.
 * The screen's URL parameters, columns and texts are the same either way.
 */

/**
 * Rows per upstream call when every row is wanted (CSV, bulk actions): a page at a time, never the
 * whole list. Each call sorts the list again (a computed column such as Stok Ban's Lokasi over every
 * tyre), so fewer, larger pages: at 48,000 tyres 24 calls instead of 97, each answer under 1 MB.
 */
export const ROWS_PER_CALL = 2000

/** Reads one page of the list from a paging upstream. */
export type PageRead<T> = (up: Upstream, req: PageRequest) => Promise<UpstreamPage<T>>

export type ListSource<T> = {
  /** The paged call (the extension); absent: this list is always read whole. */
  paged?: PageRead<T>
  /** The spec's call: the whole list. */
  whole: (up: Upstream) => Promise<readonly T[]>
  /** How the whole list is searched and sorted here (the same keys the paged call sorts by). */
  spec: ListSpec<T>
  /** Rows per upstream call of `pages` (default ROWS_PER_CALL; fewer for rows that carry their lines). */
  rowsPerCall?: number
}

export type LoadedPage<T> = {
  page: ListPage<T>
  /** Every matching row when the whole list was read; null when the upstream paged it. */
  matching: readonly T[] | null
  /** The upstream's page answer (its meta: posting count, grand total) when it paged. */
  answer: UpstreamPage<T> | null
  loadError: string | null
  status: number
  /** Every matching row, a page at a time, in the list's order (the CSV, the bulk actions). */
  pages: () => AsyncGenerator<readonly T[]>
}

/** Whether the upstream pages lists (asked once, kept: app/upstream/features.server.ts). */
export const offersPaging = (up: Upstream) => hasFeature(up, 'paged-lists')

/** The upstream request of a list state. */
export const pageRequest = (query: ListQuery, perPage: number, page = query.page): PageRequest => ({
  page,
  per_page: perPage,
  q: query.q.trim(),
  sort: query.sort,
  dir: query.dir,
})

/**
 * The page of a list state asked of a paging upstream. A page past the last goes back to page 1
 * (as pageOf does for a whole list: after a delete, or an old bookmark).
 */
export async function upstreamPage<T>(read: (req: PageRequest) => Promise<UpstreamPage<T>>, query: ListQuery, size: number) {
  let answer = await read(pageRequest(query, size))
  let page = query.page
  if (page > 1 && (page - 1) * size >= answer.total) {
    page = 1
    answer = await read(pageRequest(query, size, 1))
  }
  const listPage: ListPage<T> = {
    rows: answer.rows,
    offset: (page - 1) * size,
    total: answer.total,
    page,
    pageCount: Math.max(1, Math.ceil(answer.total / size)),
    query: { ...query, page },
  }
  return { page: listPage, answer }
}

/** Every row of a list state from a paging upstream, ROWS_PER_CALL at a time, in order (pages read once, not kept). */
export async function* everyUpstreamPage<T>(read: (req: PageRequest) => Promise<UpstreamPage<T>>, query: ListQuery, size = ROWS_PER_CALL) {
  for (let page = 1; ; page++) {
    const answer = await read({ ...pageRequest(query, size, page), once: true })
    if (answer.rows.length) yield answer.rows as readonly T[]
    if (answer.rows.length < size || page * size >= answer.total) return
  }
}

/** Rows already in memory, handed out ROWS_PER_CALL at a time (the same shape as upstreamPages). */
export async function* chunksOf<T>(rows: readonly T[], size = ROWS_PER_CALL) {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size)
}

/**
 * One page of a list for the URL's state (`query`, `size` rows a page): from the upstream when it
 * pages and the source has the paged call, else from the whole list. A failure is the page's
 * `loadError` (the usual list messages; a whole list too long to read: TOO_LARGE_MESSAGE).
 */
export async function loadListPage<T>(up: Upstream, query: ListQuery, size: number, source: ListSource<T>): Promise<LoadedPage<T>> {
  const paged = source.paged
  if (paged && (await offersPaging(up))) {
    const read = (req: PageRequest) => paged(up, req)
    let answer: UpstreamPage<T> | null = null
    let page: ListPage<T> = pageOf<T>([], query, size)
    const loaded = await loadList(async () => {
      const got = await upstreamPage(read, query, size)
      answer = got.answer
      page = got.page
      return []
    })
    return {
      page,
      matching: null,
      answer,
      loadError: loaded.loadError,
      status: loaded.status,
      pages: () => everyUpstreamPage(read, query, source.rowsPerCall),
    }
  }
  const loaded = await loadList(async () => [...(await source.whole(up))])
  const matching = matchingRows(loaded.all, query, source.spec)
  return {
    page: pageOf(matching, query, size),
    matching,
    answer: null,
    loadError: loaded.loadError,
    status: loaded.status,
    pages: () => chunksOf(matching),
  }
}
