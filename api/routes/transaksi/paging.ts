import type { Context } from 'hono'
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely'
import type { ApiEnv } from '../../types.ts'
import { dueFilter, pageQuery, type PagedColumns, type PageQuery } from '../../paged.ts'
import { caseBlind } from '../../sql.ts'

/**
 * The paged lists of the transaction documents (the extension 'paged-lists', api/paged.ts) with the
 * typed builder: a list describes its search and its sort keys once, each a column reference or
 * expression of the builder (`sql.ref('p.kode_pembelian_ban')` of a constant), never text built
 * from a request. `sort` picks one of them by name, `dir` is asc or desc, the search text, the
 * limit and the offset are parameters — as api/paged.ts's lists.
 */
export type ListColumns = {
  /** Searched: a row matches when one of them contains `q`, without case. */
  search: readonly Expression<unknown>[]
  /** Named search expressions a request may narrow `q` to with `search_in`. */
  searchIn?: Record<string, Expression<unknown>>
  /** Sort key → expression; `text` ones compare without case (lower() on both databases). */
  sort: Record<string, { expr: Expression<unknown>; text?: boolean }>
  /** The order without `sort`, and the tie-break after it (a unique column last: pages never overlap). */
  order: readonly Expression<unknown>[]
}

/** A column of the list's tables, by a name written in the code (never one a request sent). */
export const col = <T = unknown>(ref: string) => sql.ref<T>(ref)

/** The page a request asks for, or null for the whole list (api/paged.ts `pageQuery`, same checks and messages). */
export function askedPage(c: Context<ApiEnv>, columns: ListColumns): PageQuery | null {
  const names: PagedColumns = {
    search: [],
    searchIn: columns.searchIn ? Object.fromEntries(Object.keys(columns.searchIn).map((k) => [k, k])) : undefined,
    sort: Object.fromEntries(Object.keys(columns.sort).map((k) => [k, { expr: k }])),
    order: '',
  }
  return pageQuery(c, names)
}

/** `%`, `_` and the escape character itself taken literally in a LIKE pattern (ESCAPE '\'). */
const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

/** The search's condition (lower() on both sides: LIKE is case-sensitive on PostgreSQL), or null without `q`. */
export function searchCondition(columns: ListColumns, query: PageQuery): RawBuilder<SqlBool> | null {
  const searched = query.searchIn && columns.searchIn ? [columns.searchIn[query.searchIn]!] : columns.search
  if (query.q === '' || !searched.length) return null
  const pattern = likePattern(query.q)
  return sql<SqlBool>`(${sql.join(
    searched.map((e) => sql`lower(${e}) LIKE ${pattern} ESCAPE '\\'`),
    sql` OR `,
  )})`
}

/** The list's own order, as one ORDER BY list. */
export const listOrder = (columns: ListColumns): RawBuilder<unknown> => sql.join(columns.order)

/**
 * The ORDER BY of a page: the asked sort (empty values last in both directions), then the list's own
 * order; without `sort`, the list's own order.
 */
export function pageOrder(columns: ListColumns, query: PageQuery): RawBuilder<unknown> {
  if (!query.sort) return listOrder(columns)
  const { expr, text } = columns.sort[query.sort]!
  const dir = query.dir === 'desc' ? sql`DESC` : sql`ASC`
  const empty = text ? sql`${expr} IS NULL OR ${expr} = ''` : sql`${expr} IS NULL`
  const sorted = text ? caseBlind(expr as Expression<string | null>) : expr
  return sql`CASE WHEN ${empty} THEN 1 ELSE 0 END, ${sorted} ${dir}, ${listOrder(columns)}`
}

/** The limit and offset of a page. */
export const pageSlice = (query: PageQuery) => ({ limit: query.perPage, offset: (query.page - 1) * query.perPage })

/**
 * The due filter of Jatuh Tempo's lists (api/paged.ts `dueFilter`, the same checks and messages): the
 * condition that `column` falls on or before `jatuh_tempo_sampai` (and from `jatuh_tempo_dari` when
 * given), or null when not asked (or the extension is off).
 */
export function dueCondition(c: Context<ApiEnv>, column: Expression<unknown>): RawBuilder<SqlBool> | null {
  // dueFilter checks the dates and answers 422 for a bad one; its values are the window's days.
  const due = dueFilter(c, ['?'])
  if (!due) return null
  const [first, second] = due.params
  return second === undefined ? sql<SqlBool>`${column} <= ${first}` : sql<SqlBool>`(${column} >= ${first} AND ${column} <= ${second})`
}
