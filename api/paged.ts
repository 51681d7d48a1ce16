import type { Context } from 'hono'
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely'
import { caseBlind } from './sql.ts'
import type { ApiEnv } from './types.ts'
import { invalid } from './http.ts'
import { isCalendarDate } from './dates.ts'

/**
 * Paged lists (the extension 'paged-lists', docs/upstream-contract.md): a list asked with `page`
 * answers one page of its rows, searched (`q`), sorted (`sort`, `dir`) and cut (`per_page`) by the
 * database, with `meta: {total, page, per_page}`. Without `page` the list answers as the spec says.
 *
 * Every paged list describes itself once (PagedColumns): the SQL expressions its search looks in and
 * the sort keys it accepts, each an SQL expression. Only those expressions ever reach the SQL text:
 * `sort` picks one by name (an unknown name is refused), `dir` is asc or desc, and the search text,
 * the limit and the offset are parameters.
 */

export const PER_PAGE_DEFAULT = 10
export const PER_PAGE_MAX = 2000

export type SortDir = 'asc' | 'desc'

export type PagedColumns = {
  /** Expressions searched: a row matches when one of them contains `q`, without case. */
  search: readonly string[]
  /** Named search expressions a request may narrow `q` to with `search_in` (a screen that searches one column). */
  searchIn?: Record<string, string>
  /** Sort key → expression; `text` ones compare without case (lower() on both databases, as caseBlind). */
  sort: Record<string, { expr: string; text?: boolean }>
  /** The order without `sort`, and the tie-break after it (a unique column last: pages never overlap). */
  order: string
}

export type PageQuery = { page: number; perPage: number; q: string; sort: string | null; dir: SortDir; searchIn: string | null }

/**
 * The page the request asks for, or null when it asks for none (no `page`, or the extension is
 * off: the spec's whole list). Values that are not valid → 422 with the field's message.
 */
export function pageQuery(c: Context<ApiEnv>, columns: PagedColumns): PageQuery | null {
  if (!c.get('paged')) return null
  const rawPage = c.req.query('page')
  if (rawPage === undefined) return null
  const errors: Record<string, string[]> = {}
  const whole = (raw: string, min: number, max: number) => (/^\d{1,9}$/.test(raw) && +raw >= min && +raw <= max ? +raw : null)
  const page = whole(rawPage.trim(), 1, 1_000_000)
  if (page === null) errors.page = ['page harus bilangan bulat mulai dari 1.']
  const rawPer = (c.req.query('per_page') ?? '').trim()
  const perPage = rawPer === '' ? PER_PAGE_DEFAULT : whole(rawPer, 1, PER_PAGE_MAX)
  if (perPage === null) errors.per_page = [`per_page harus bilangan bulat 1 sampai ${PER_PAGE_MAX}.`]
  const rawSort = (c.req.query('sort') ?? '').trim()
  const sort = rawSort === '' ? null : rawSort
  if (sort !== null && !Object.hasOwn(columns.sort, sort)) {
    errors.sort = [`sort harus salah satu dari: ${Object.keys(columns.sort).join(', ')}.`]
  }
  const rawDir = (c.req.query('dir') ?? '').trim().toLowerCase()
  if (rawDir !== '' && rawDir !== 'asc' && rawDir !== 'desc') errors.dir = ['dir harus asc atau desc.']
  const q = (c.req.query('q') ?? '').trim().slice(0, 200)
  const rawIn = (c.req.query('search_in') ?? '').trim()
  const searchIn = rawIn === '' ? null : rawIn
  if (searchIn !== null && !(columns.searchIn && Object.hasOwn(columns.searchIn, searchIn))) {
    errors.search_in = [`search_in harus salah satu dari: ${Object.keys(columns.searchIn ?? {}).join(', ') || '(tidak ada)'}.`]
  }
  if (Object.keys(errors).length) throw invalid(errors)
  return { page: page!, perPage: perPage!, q, sort, dir: rawDir === 'desc' ? 'desc' : 'asc', searchIn }
}

/** `%`, `_` and the escape character itself taken literally in a LIKE pattern (ESCAPE '\'). */
const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

/** The `meta` of a paged answer. */
export const pageMeta = (query: PageQuery, total: number) => ({ total, page: query.page, per_page: query.perPage })

/**
 * The due filter of the lists behind Jatuh Tempo (vehicles, STNK records), part of 'paged-lists':
 * `jatuh_tempo_sampai` (YYYY-MM-DD) keeps the rows with one of `columns` on or before that day, past
 * ones included; with `jatuh_tempo_dari` too, only those from that day. Null when not asked (or the
 * extension is off): the list as the spec says. A date that is not a calendar day → 422.
 */
export function dueFilter(c: Context<ApiEnv>, columns: readonly string[]): { condition: string; params: string[] } | null {
  if (!c.get('paged')) return null
  const sampai = (c.req.query('jatuh_tempo_sampai') ?? '').trim()
  const dari = (c.req.query('jatuh_tempo_dari') ?? '').trim()
  if (sampai === '' && dari === '') return null
  const errors: Record<string, string[]> = {}
  if (!isCalendarDate(sampai)) errors.jatuh_tempo_sampai = ['jatuh_tempo_sampai harus berupa tanggal (YYYY-MM-DD).']
  if (dari !== '' && !isCalendarDate(dari)) errors.jatuh_tempo_dari = ['jatuh_tempo_dari harus berupa tanggal (YYYY-MM-DD).']
  if (Object.keys(errors).length) throw invalid(errors)
  const one = dari === '' ? (col: string) => `${col} <= ?` : (col: string) => `(${col} >= ? AND ${col} <= ?)`
  const params = dari === '' ? [sampai] : [dari, sampai]
  return { condition: `(${columns.map(one).join(' OR ')})`, params: columns.flatMap(() => params) }
}

// ---- paged lists with the typed builder ------------------------------------------------------------

/**
 * A paged list with the typed builder (the masters', the documents'): it describes its search and its
 * sort keys once, each a column reference or expression of the builder (`sql.ref('p.kode_pembelian_ban')`
 * of a constant), never text built from a request. `sort` picks one of them by name, `dir` is asc or
 * desc, the search text, the limit and the offset are parameters.
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

/** The page a request asks for, or null for the whole list (`pageQuery`, same checks and messages). */
export function askedPage(c: Context<ApiEnv>, columns: ListColumns): PageQuery | null {
  const names: PagedColumns = {
    search: [],
    searchIn: columns.searchIn ? Object.fromEntries(Object.keys(columns.searchIn).map((k) => [k, k])) : undefined,
    sort: Object.fromEntries(Object.keys(columns.sort).map((k) => [k, { expr: k }])),
    order: '',
  }
  return pageQuery(c, names)
}

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
 * The due filter of Jatuh Tempo's lists (`dueFilter`, the same checks and messages): the
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
