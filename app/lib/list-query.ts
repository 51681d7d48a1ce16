/** List state in the URL: ?q=&sort=&dir=&page= — parsed, applied and written back. */

export const PAGE_SIZE = 5

export type SortDir = 'asc' | 'desc'
export type ListQuery = {
  q: string
  sort: string | null
  dir: SortDir
  page: number
  /**
   * Other parameters of the screen that every list link carries along (the finance screens' date
   * filter): sort headers, pager, search and row menus keep them.
   */
  keep?: [string, string][]
}

/**
 * Reads q, sort, dir and page; anything invalid falls back to its default (never throws). `keep`
 * names further parameters to carry along (their first value, non-empty, cut to 40 characters).
 */
export function parseListQuery(params: URLSearchParams, sortable: readonly string[], keep: readonly string[] = []): ListQuery {
  const q = (params.get('q') ?? '').slice(0, 200)
  const sortRaw = params.get('sort')
  const sort = sortRaw && sortable.includes(sortRaw) ? sortRaw : null
  const dir: SortDir = params.get('dir') === 'desc' ? 'desc' : 'asc'
  const pageRaw = params.get('page') ?? '1'
  const page = /^\d{1,6}$/.test(pageRaw) && Number(pageRaw) >= 1 ? Number(pageRaw) : 1
  const query: ListQuery = { q, sort, dir, page }
  if (keep.length) {
    query.keep = keep.flatMap((k) => {
      const v = (params.get(k) ?? '').trim().slice(0, 40)
      return v ? [[k, v] as [string, string]] : []
    })
  }
  return query
}

/** Case-insensitive substring match on any of the given texts. */
export function matches(q: string, ...texts: (string | number | null | undefined)[]): boolean {
  return matchesNeedle(needleOf(q), texts)
}

/** Indonesian has no special case mappings, so plain toLowerCase is id-ID's and much faster. */
const needleOf = (q: string) => q.trim().toLowerCase()
function matchesNeedle(needle: string, texts: (string | number | null | undefined)[]): boolean {
  if (!needle) return true
  return texts.some((t) => t !== null && t !== undefined && String(t).toLowerCase().includes(needle))
}

type SortValue = string | number | null | undefined

export type ListSpec<T> = {
  /** Texts a row is searched in. */
  searchIn: (row: T) => (string | number | null | undefined)[]
  /** Sort key → the value of a row. */
  sortBy: Record<string, (row: T) => SortValue>
  pageSize?: number
}

export type ListPage<T> = {
  rows: T[]
  /** Row number of the first row on this page (for the No column). */
  offset: number
  total: number
  page: number
  pageCount: number
  query: ListQuery
}

const collator = new Intl.Collator('id-ID', { numeric: true, sensitivity: 'base' })

function compare(a: SortValue, b: SortValue): number {
  const an = a === null || a === undefined || a === ''
  const bn = b === null || b === undefined || b === ''
  if (an || bn) return an === bn ? 0 : an ? 1 : -1 // empty values last
  if (typeof a === 'number' && typeof b === 'number') return a - b
  return collator.compare(String(a), String(b))
}

/**
 * Sorted orders of immutable lists (the upstream client's cached lists are frozen): one per list
 * version and sort key, reused by every request until the list changes (a new array).
 */
const sortedOrders = new WeakMap<readonly unknown[], Map<string, readonly unknown[]>>()

function sortRows<T>(all: readonly T[], key: string, dir: SortDir, by: (row: T) => SortValue): readonly T[] {
  const reusable = Object.isFrozen(all)
  const orders = reusable ? sortedOrders.get(all) : undefined
  const known = orders?.get(`${key} ${dir}`)
  if (known) return known as readonly T[]
  const sign = dir === 'desc' ? -1 : 1
  const sorted = all
    .map((row, i) => ({ row, i, v: by(row) }))
    .sort((x, y) => sign * compare(x.v, y.v) || x.i - y.i)
    .map((x) => x.row)
  if (reusable) {
    if (orders) orders.set(`${key} ${dir}`, sorted)
    else sortedOrders.set(all, new Map([[`${key} ${dir}`, sorted]]))
  }
  return sorted
}

/**
 * Filters, sorts and pages the full list (the spec loads the whole list once). A page past the last
 * page goes back to page 1 (a delete can empty the last page). Sorting comes first (reused across requests
 * for a cached list), then the search keeps the sorted order: the same rows in the same order as
 * filtering first.
 */
export function applyListQuery<T>(all: readonly T[], query: ListQuery, spec: ListSpec<T>): ListPage<T> {
  return pageOf(matchingRows(all, query, spec), query, spec.pageSize ?? PAGE_SIZE)
}

/** Every row of the search, in the sort's order (what the finance screens' bulk actions and CSV use). */
export function matchingRows<T>(all: readonly T[], query: ListQuery, spec: ListSpec<T>): readonly T[] {
  const by = query.sort ? spec.sortBy[query.sort] : undefined
  const sorted = by && query.sort ? sortRows(all, query.sort, query.dir, by) : all
  const needle = needleOf(query.q)
  return needle ? sorted.filter((r) => matchesNeedle(needle, spec.searchIn(r))) : sorted
}

/** One page of rows already searched and sorted; a page past the last goes back to page 1. */
export function pageOf<T>(rows: readonly T[], query: ListQuery, size: number = PAGE_SIZE): ListPage<T> {
  const total = rows.length
  const pageCount = Math.max(1, Math.ceil(total / size))
  const page = query.page > pageCount ? 1 : query.page
  const offset = (page - 1) * size
  return { rows: rows.slice(offset, offset + size), offset, total, page, pageCount, query: { ...query, page } }
}

/** The search string of a list state, with overrides; defaults are left out to keep URLs short. */
export function listSearch(query: ListQuery, overrides: Partial<ListQuery> = {}): string {
  const next = { ...query, ...overrides }
  const p = new URLSearchParams(next.keep ?? [])
  if (next.q) p.set('q', next.q)
  if (next.sort) {
    p.set('sort', next.sort)
    p.set('dir', next.dir)
  }
  if (next.page > 1) p.set('page', String(next.page))
  const s = p.toString()
  return s ? `?${s}` : ''
}

/** The header link of a sortable column: first click ascending, next click toggles. */
export function sortSearch(query: ListQuery, key: string): string {
  const dir: SortDir = query.sort === key && query.dir === 'asc' ? 'desc' : 'asc'
  return listSearch(query, { sort: key, dir, page: 1 })
}
