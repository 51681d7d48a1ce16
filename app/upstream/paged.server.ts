import { z } from 'zod'
import { call, type Upstream } from './client.server'
import { keptAnswer, listOf } from './normalize'

/**
 * One page of a list from an upstream that offers paged lists (the extension 'paged-lists',
 * docs/upstream-contract.md): the list's own answer plus `meta: {total, page, per_page}`, and for the
 * purchase lists `posting` (how many of the matching documents are posted) and `grand_total` (their sum).
 */
export type PageRequest = {
  page: number
  per_page: number
  q: string
  sort: string | null
  dir: 'asc' | 'desc'
  /**
   * A page read once, as one of every page of a list (a CSV, a bulk action): not kept in the list
   * cache. Kept, a CSV's pages of ROWS_PER_CALL rows would fill the cache with parsed rows nobody asks
   * again, and the cache is bounded by the JSON text's size, not by the larger parsed objects.
   */
  once?: boolean
}

export type UpstreamPage<T> = {
  rows: T[]
  total: number
  /** Over every matching row: how many are posted, the sum of their grand totals (when the list gives them). */
  posting: number | null
  grandTotal: number | null
  /** Any other sums the list's meta gives over every matching row (the renewal cost report's `stnk`, `kir`, `jumlah`). */
  sums?: Readonly<Record<string, number>>
}

const metaSchema = z.looseObject({
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  per_page: z.number().int().positive(),
  posting: z.number().int().nonnegative().optional(),
  grand_total: z.number().optional(),
})
const KNOWN_META = new Set(['total', 'page', 'per_page', 'posting', 'grand_total'])

/** The meta's other numbers (a sum the list gives besides its grand total); anything not a finite number is left out. */
function sumsOf(meta: Record<string, unknown>): Record<string, number> {
  const sums: Record<string, number> = {}
  for (const [key, value] of Object.entries(meta)) {
    if (!KNOWN_META.has(key) && typeof value === 'number' && Number.isFinite(value)) sums[key] = value
  }
  return sums
}

const pagedSchemas = new WeakMap<z.ZodType, z.ZodType>()
const onceSchemas = new WeakMap<z.ZodType, z.ZodType>()

/** {data: list in any of its forms, meta} (one schema object per item schema), kept or read once. */
function pagedOf<T extends z.ZodType>(item: T, once: boolean) {
  const schemas = once ? onceSchemas : pagedSchemas
  const known = schemas.get(item)
  if (known) return known as ReturnType<typeof makePagedOf<T>>
  const made = once ? makeOnceOf(item) : makePagedOf(item)
  schemas.set(item, made)
  return made
}

/**
 * Kept like a list (keptAnswer): a page asked again is revalidated with its ETag, and an unchanged
 * one (304, answered by the api before its queries run) is not read and parsed again.
 */
const makePagedOf = <T extends z.ZodType>(item: T) => keptAnswer(makeOnceOf(item))
const makeOnceOf = <T extends z.ZodType>(item: T) => z.object({ data: listOf(item), meta: metaSchema })

/** GET {path}?…filter&page&per_page&q&sort&dir → one page. */
export async function getPage<T extends z.ZodType>(
  up: Upstream,
  path: string,
  item: T,
  filter: Record<string, string | null | undefined>,
  req: PageRequest,
): Promise<UpstreamPage<z.infer<T>>> {
  const answer = await call(up, 'GET', path, {
    schema: pagedOf(item, req.once === true),
    query: {
      ...filter,
      page: String(req.page),
      per_page: String(req.per_page),
      q: req.q || undefined,
      sort: req.sort ?? undefined,
      dir: req.sort ? req.dir : undefined,
    },
  })
  return {
    rows: answer.data as z.infer<T>[],
    total: answer.meta.total,
    posting: answer.meta.posting ?? null,
    grandTotal: answer.meta.grand_total ?? null,
    sums: sumsOf(answer.meta),
  }
}

/** A document list's filter: the period (both dates or neither) and the posting state. */
export type PeriodFilter = {
  tanggal_awal?: string | null
  tanggal_akhir?: string | null
  status?: 'posting' | 'unpost' | '' | null
}

const periodQuery = (f: PeriodFilter) => ({ tanggal_awal: f.tanggal_awal, tanggal_akhir: f.tanggal_akhir, status: f.status })

/**
 * GET {path}?tanggal_awal&tanggal_akhir&status: the whole list (in data.data; any list form accepted)
 * and, with the extension 'paged-lists', one page of it (page&per_page&q&sort&dir).
 */
export function periodList<T extends z.ZodType>(path: string, item: T) {
  return {
    whole: async (up: Upstream, filter: PeriodFilter = {}) => call(up, 'GET', path, { schema: listOf(item), query: periodQuery(filter) }),
    page: async (up: Upstream, req: PageRequest, filter: PeriodFilter = {}) => getPage(up, path, item, periodQuery(filter), req),
  }
}
