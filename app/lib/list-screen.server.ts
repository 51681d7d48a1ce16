import { data } from '@remix-run/node'
import { requireScreenList } from '~/lib/grants.server'
import { applyListQuery, parseListQuery, type ListSpec } from '~/lib/list-query'
import type { Upstream } from '~/upstream/client.server'

/**
 * The loader of a list screen (the README's recipe, list.tsx): the screen's grant and its upstream
 * list read side by side (requireScreenList: a refused screen is a 403), the URL's search, sort (the
 * keys of `sortBy`) and page over the list, and the page's rows as the screen shows them (`row`).
 * Answers the page, the upstream's error when the list could not be read, what the user may do
 * (`can`: the Tambah button and the row actions) and the status.
 */
export async function listScreenData<T, R>(
  request: Request,
  read: (up: Upstream) => Promise<T[]>,
  spec: ListSpec<T> & { row: (item: T) => R },
) {
  const { auth, all, loadError, status } = await requireScreenList(request, read)
  const list = applyListQuery(all, parseListQuery(new URL(request.url).searchParams, Object.keys(spec.sortBy)), spec)
  return data({ ...list, rows: list.rows.map(spec.row), loadError, can: auth.can }, { status })
}
