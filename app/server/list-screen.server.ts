import { data } from '@remix-run/node'
import { requireScreen, requireScreenList } from '~/server/grants.server'
import { requireAuth } from '~/session.server'
import { applyListQuery, PAGE_SIZE, parseListQuery, type ListSpec } from '~/lib/list-query'
import type { Upstream } from '~/upstream/client.server'
import { hasFeature } from './features.server'
import { loadListPage, type PageRead } from './paged-list.server'

/**
 * A list screen's page (the README's recipe, list.tsx): the screen's grant and its upstream list
 * read side by side (requireScreenList: a refused screen is a 403), the URL's search, sort (the keys
 * of `sortBy`) and page over the list, and the page's rows as the screen shows them (`row`).
 * Gives the page with the upstream's error when the list could not be read and what the user may
 * do (`can`: the Tambah button and the row actions), the status to answer with, and the granted session.
 */
export async function listScreenPage<T, R>(
  request: Request,
  read: (up: Upstream) => Promise<T[]>,
  spec: ListSpec<T> & {
    row: (item: T) => R
    /** The list's paged call: used when the upstream pages lists (paged-list.server.ts), the same page either way. */
    paged?: PageRead<T>
  },
) {
  const query = parseListQuery(new URL(request.url).searchParams, Object.keys(spec.sortBy))
  if (spec.paged) {
    // The page is asked while the screen's grant is checked; a refused screen drops it.
    const session = await requireAuth(request)
    const loading = loadListPage(session.upstream, query, spec.pageSize ?? PAGE_SIZE, { paged: spec.paged, whole: read, spec })
    loading.catch(() => undefined)
    const auth = await requireScreen(request)
    const { page, loadError, status } = await loading
    return { page: { ...page, rows: page.rows.map(spec.row), loadError, can: auth.can }, status, auth }
  }
  const { auth, all, loadError, status } = await requireScreenList(request, read)
  const list = applyListQuery(all, query, spec)
  return { page: { ...list, rows: list.rows.map(spec.row), loadError, can: auth.can }, status, auth }
}

/**
 * The loader's answer of a document list (purchases, pemasangan, pelepasan): listScreenPage plus whether
 * the upstream keeps an audit trail (the row menu's Riwayat).
 */
export async function documentListData<T, R>(
  request: Request,
  read: (up: Upstream) => Promise<T[]>,
  spec: ListSpec<T> & { row: (item: T) => R; paged?: PageRead<T> },
) {
  const { page, status, auth } = await listScreenPage(request, read, spec)
  return data({ ...page, audit: await hasFeature(auth.upstream, 'audit') }, { status })
}

/** The loader's answer of a list screen: listScreenPage as loader data. */
export async function listScreenData<T, R>(
  request: Request,
  read: (up: Upstream) => Promise<T[]>,
  spec: ListSpec<T> & { row: (item: T) => R; paged?: PageRead<T> },
) {
  const { page, status } = await listScreenPage(request, read, spec)
  return data(page, { status })
}
