import { randomUUID } from 'node:crypto'
import { data } from '@remix-run/node'
import { redirectWithToast } from '~/session.server'
import type { Upstream } from '~/upstream/client.server'
import { UpstreamHttpError, userMessage } from '~/upstream/errors'
import {
  COMPANY_TIME_ZONE,
  DATE_PAIR_WARNING,
  FILTER_PARAMS,
  parseDateFilter,
  periodLabel,
  upstreamFilter,
  type FilterChoice,
  type ParsedDateFilter,
} from '~/lib/date-filter'
import { hasFeature } from './features.server'
import { readForm } from './form.server'
import { requireScreen, type Granted } from './grants.server'
import { parseListQuery, type ListPage, type ListQuery, type ListSpec } from '~/lib/list-query'
import { loadListPage, type ListSource } from './paged-list.server'
import { loadList } from './route-errors.server'
import { formatNumber } from '~/lib/format'
import type { PageRequest, UpstreamPage } from '~/upstream/paged.server'

/** Rows per page of the finance screens (the specification names none; 10 fits a screen of documents). */
export const FINANCE_PAGE_SIZE = 10

/** Documents per upstream call when a print reads its period a page at a time (each with its lines). */
const PRINT_ROWS_PER_CALL = 200

/**
 * The most documents a report's print page reads (a hundred pages and more of paper). A period with
 * more, from an upstream that pages lists (and so can count them first), is refused at once with its
 * count instead of after reading the whole list.
 */
export const PRINT_ROWS_MAX = 5000

/** The print page's message for a period with more documents than PRINT_ROWS_MAX. */
export const tooManyToPrint = (total: number, rowNoun = 'dokumen') =>
  `Periode ini memuat ${formatNumber(total)} ${rowNoun}; yang dapat dicetak sekaligus paling banyak ${formatNumber(PRINT_ROWS_MAX)}. Persempit periode tanggal.`

export const SEARCH_FAILED = 'Gagal mengambil data pencarian'

export type UpstreamFilter = ReturnType<typeof upstreamFilter>

/**
 * What the rows are read for: the screen (one page shown; a report may ask the upstream for less of
 * each row, the tyre cost report 10 tyres a group), a report's print page (what fits on paper: the
 * tyre cost report a bounded number of tyres a group) or 'all' (CSV, bulk actions: every detail).
 */
export type ListPurpose = 'screen' | 'print' | 'all'

/** One finance screen: how its rows come from the upstream and how they are searched and sorted. */
export type FinanceSource<T> = {
  list: (up: Upstream, filter: UpstreamFilter, purpose: ListPurpose) => Promise<readonly T[]>
  sortable: readonly string[]
  spec: ListSpec<T>
  /** The inquiries filter by status too; the report does not. */
  withStatus: boolean
  /** A report's choices besides the period (the tyre cost report's grouping and order): in the URL, kept by every link. */
  choices?: readonly FilterChoice[]
  /** What one row is, in the print's refusal of a long period ('Periode ini memuat N {rowNoun}'; default 'dokumen'). */
  rowNoun?: string
  /**
   * One page of the filter, searched and sorted by an upstream that pages lists (paged-list.server.ts);
   * absent: the screen always reads its whole list.
   */
  paged?: (up: Upstream, filter: UpstreamFilter, req: PageRequest) => Promise<UpstreamPage<T>>
  /**
   * Every detail of `rows` (read for the screen: the tyre cost report's groups without their tyres),
   * a batch of rows at a time: the CSV of a report whose whole answer is too long to read at once.
   * Absent: the CSV reads the list with every detail (purpose 'all').
   */
  detailBatches?: (up: Upstream, filter: UpstreamFilter, rows: readonly T[]) => AsyncGenerator<readonly T[]>
}

export type FinanceRows<T> = {
  auth: Granted
  parsed: ParsedDateFilter
  /**
   * Every row of the filter and the search, in the chosen order, when the whole list was read; null
   * when the upstream paged it (then `pages` reads them a page at a time).
   */
  matching: readonly T[] | null
  /** Every matching row, a page at a time, in the chosen order (the CSV, the bulk actions). */
  pages: () => AsyncGenerator<readonly T[]>
  /** Over every matching document: how many Posting semua / Unpost semua would change. */
  bulk: { posting: number; unpost: number }
  /** The sum of the matching rows' grand totals (the purchase report's total), when they have one. */
  grandTotal: number
  /**
   * The other sums a paging upstream gave over every matching row (UpstreamPage.sums: the renewal
   * cost report's STNK, KIR and count); null when the whole list was read (sum `matching` then).
   */
  sums: Readonly<Record<string, number>> | null
  page: ListPage<T>
  loadError: string | null
  status: number
  /** The user may not search: the filter and the search box are not offered, and URL filters are ignored. */
  searchIgnored: boolean
}

/**
 * The rows of an inquiry or the report for the request's URL: the date filter (a filter that is not
 * valid calls nothing: its message is shown instead), the free-text search and the sort, all from
 * the URL. A failing upstream is shown inline: 'Gagal mengambil data pencarian' for a filtered
 * search, the usual load message for the full list.
 */
export async function financeRows<T>(
  request: Request,
  source: FinanceSource<T>,
  perm?: 'posting_all' | 'unpost_all' | 'print',
  {
    periodWithoutSearch = false,
    whole = false,
    purpose,
    stream = false,
  }: {
    /** The print page: its period is what printing means, so the print grant is enough to choose it. */
    periodWithoutSearch?: boolean
    /**
     * Every row of a chosen period (the print page): in `matching` when the whole list is read; a
     * page at a time in `pages` from an upstream that pages lists, after counting them (a period too
     * long to print is refused at once). Without a period nothing is read (the print page shows its
     * warning and no rows).
     */
    whole?: boolean
    /** What the rows are read for (default: 'all' with a permission, else 'screen'). */
    purpose?: ListPurpose
    /**
     * The CSV: when the source reads its details in batches (`detailBatches`), the rows are read as for the
     * screen and `pages` adds their details a batch at a time (`matching` is then null).
     */
    stream?: boolean
  } = {},
): Promise<FinanceRows<T>> {
  const auth = await requireScreen(request, perm)
  const params = new URL(request.url).searchParams
  const searchIgnored = !auth.can.search && !periodWithoutSearch && [...FILTER_PARAMS, 'q'].some((k) => params.get(k))
  // A report's choices (grouping, order) are how it is shown, like the sort: no search grant needed.
  const choiceNames = (source.choices ?? []).map((c) => c.name)
  const presentation = ['sort', 'dir', 'page', ...choiceNames]
  const usable =
    auth.can.search || periodWithoutSearch ? params : new URLSearchParams([...params].filter(([k]) => presentation.includes(k)))
  const parsed = parseDateFilter(usable, { withStatus: source.withStatus, choices: source.choices })
  const query = parseListQuery(usable, source.sortable, [
    ...(source.withStatus ? FILTER_PARAMS : ['tanggal_awal', 'tanggal_akhir']),
    ...choiceNames,
  ])
  const filter = upstreamFilter(parsed)
  const paged = source.paged
  const detailBatches = stream ? source.detailBatches : undefined
  const batched = !!detailBatches
  const listSource: ListSource<T> = {
    paged: paged && !parsed.problem && (!whole || parsed.period) ? (up, req) => paged(up, filter, req) : undefined,
    // A filter that is not valid calls nothing (its message is shown instead), nor a print without its period.
    whole: async (up) =>
      parsed.problem || (whole && !parsed.period)
        ? []
        : source.list(up, filter, batched ? 'screen' : (purpose ?? (perm ? 'all' : 'screen'))),
    spec: source.spec,
  }
  const { loaded, tooMany } = whole
    ? await printFirstRead(auth.upstream, query, listSource, source.rowNoun)
    : { loaded: await loadListPage(auth.upstream, query, FINANCE_PAGE_SIZE, listSource), tooMany: null }
  const filtered = parsed.period || !!parsed.filter.status
  const loadError = tooMany ?? (loaded.loadError && filtered ? `${SEARCH_FAILED}. ${loaded.loadError}` : loaded.loadError)
  const answer = loaded.answer
  let bulk = { posting: 0, unpost: 0 }
  let grandTotal = 0
  if (answer) {
    const posted = answer.posting ?? 0
    bulk = { posting: answer.total - posted, unpost: posted }
    grandTotal = answer.grandTotal ?? 0
  } else {
    // What bulkTargets would pick, counted: documents have a status; a report's rows (the tyre cost groups) have none.
    for (const r of loaded.matching ?? []) {
      if (r && typeof r === 'object' && 'grand_total' in r) grandTotal += Number(r.grand_total ?? 0)
      if (!r || typeof r !== 'object' || !('status' in r)) continue
      if (r.status === 'posting') bulk.unpost++
      else bulk.posting++
    }
  }
  return {
    auth,
    parsed,
    matching: detailBatches ? null : loaded.matching,
    pages: detailBatches ? () => detailBatches(auth.upstream, filter, loaded.matching ?? []) : loaded.pages,
    bulk,
    grandTotal,
    sums: answer ? (answer.sums ?? {}) : null,
    page: loaded.page,
    loadError,
    status: loaded.status,
    searchIgnored,
  }
}

/**
 * The first read of a report print. From an upstream that pages lists: one row of the period, whose
 * total counts it, so a period of more than PRINT_ROWS_MAX rows is refused (`tooMany`) before any row
 * is read; `pages` then reads PRINT_ROWS_PER_CALL rows a call. From one without paging: the whole list.
 */
export async function printFirstRead<T>(up: Upstream, query: ListQuery, source: ListSource<T>, rowNoun?: string) {
  const loaded = await loadListPage(up, query, 1, { ...source, rowsPerCall: PRINT_ROWS_PER_CALL })
  const total = loaded.answer?.total ?? 0
  return { loaded, tooMany: total > PRINT_ROWS_MAX ? tooManyToPrint(total, rowNoun) : null }
}

// ---- Posting semua / Unpost semua -------------------------------------------------------------------

const printedAt = new Intl.DateTimeFormat('id-ID', { dateStyle: 'long', timeStyle: 'short', timeZone: COMPANY_TIME_ZONE })

/**
 * What a report's print page reads (Laporan Pembelian Ban, Laporan Biaya Ban per Km, …): every row of
 * the period (the search is not applied), both dates required (else the warning and no rows), the
 * way back to the report with its parameters, the period's label and the print time. `keep` makes
 * each row what the page shows as it is read, so a long period's upstream answers (each document
 * with its lines) are not all held at once.
 */
export async function reportPrintRows<T, K = T>(request: Request, source: FinanceSource<T> & { path: string }, keep?: (row: T) => K) {
  const read = await financeRows(request, source, 'print', { periodWithoutSearch: true, whole: true, purpose: 'print' })
  const kept: K[] = []
  let loadError = read.loadError
  if (!loadError) {
    const listed = await loadList(async () => {
      for await (const chunk of read.pages()) for (const row of chunk) kept.push(keep ? keep(row) : (row as unknown as K))
      return []
    })
    loadError = listed.loadError
  }
  const rows = { ...read, matching: loadError ? [] : kept }
  const warning = rows.parsed.problem?.message ?? (rows.parsed.period ? null : DATE_PAIR_WARNING)
  return {
    rows,
    warning,
    loadError: warning ? null : loadError,
    back: `${source.path}${new URL(request.url).search}`,
    period: periodLabel(rows.parsed.filter),
    printedAt: printedAt.format(new Date()),
  }
}

export type BulkIntent = 'posting' | 'unpost'

/** At most this many posting calls are in flight at once (the upstream has no bulk call). */
export const BULK_CONCURRENCY = 3

/** The documents a bulk action would change: those of the filter not yet in the wanted state. */
export const bulkTargets = <T extends { status: string | null }>(rows: readonly T[], intent: BulkIntent) =>
  rows.filter((r) => (intent === 'posting' ? r.status !== 'posting' : r.status === 'posting'))

/** Runs `fn` over `items`, `limit` at a time, in order of start; every result is kept. */
export async function inBatches<I, R>(items: readonly I[], limit: number, fn: (item: I) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await fn(items[i]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

const MAX_LISTED = 8

/** The banner after a bulk action: how many succeeded, and the refused ones with the upstream's reason. */
export function bulkSummary(intent: BulkIntent, outcome: { kode: string; error: string | null }[]) {
  const done = outcome.filter((o) => !o.error).length
  const refused = outcome.filter((o) => o.error)
  const verb = intent === 'posting' ? 'diposting' : 'di-unpost'
  const head = `${done} dari ${outcome.length} dokumen berhasil ${verb}.`
  if (refused.length === 0) return { ok: true, message: head }
  const listed = refused.slice(0, MAX_LISTED).map((o) => `${o.kode}: ${(o.error ?? '').replace(/\.+$/, '')}`)
  const more = refused.length > MAX_LISTED ? ` dan ${refused.length - MAX_LISTED} lainnya` : ''
  return { ok: false, message: `${head} Ditolak (${refused.length}): ${listed.join('; ')}${more}.` }
}

/**
 * The confirmation's action (its grant, posting_all or unpost_all, is checked by financeRows →
 * requireScreen before anything is read or sent): posts (or unposts) every document of the list URL's filter that is not
 * yet in that state, a few at a time, then back to the list with the summary. The count the user
 * confirmed travels with the form: if the documents changed meanwhile, nothing is done and the
 * dialog says so.
 */
export async function bulkAction<T extends { id: number; status: string | null }>(
  request: Request,
  opts: {
    source: FinanceSource<T>
    intent: BulkIntent
    kodeOf: (row: T) => string
    call: (up: Upstream, id: number) => Promise<unknown>
    listUrl: string
  },
) {
  const read = await readForm(request)
  if (!read.ok) return data({ error: read.message }, { status: read.status })
  const rows = await financeRows(request, opts.source, opts.intent === 'posting' ? 'posting_all' : 'unpost_all')
  if (rows.parsed.problem) return data({ error: rows.parsed.problem.message }, { status: 400 })
  if (rows.loadError) return data({ error: rows.loadError }, { status: rows.status })
  const targets: T[] = []
  for await (const rowsOfPage of rows.pages()) targets.push(...bulkTargets(rowsOfPage, opts.intent))
  const expected = String(read.formData.get('jumlah') ?? '')
  if (expected !== String(targets.length)) {
    return data(
      {
        error: `Jumlah dokumen berubah sejak halaman ini dibuka (sekarang ${targets.length}). Periksa lagi, lalu konfirmasi.`,
        count: targets.length,
      },
      { status: 409 },
    )
  }
  const outcome = await inBatches(targets, BULK_CONCURRENCY, async (row) => {
    try {
      await opts.call(rows.auth.upstream, row.id)
      return { kode: opts.kodeOf(row), error: null }
    } catch (error) {
      if (error instanceof Response) throw error
      const reason = error instanceof UpstreamHttpError ? error.serverMessage || userMessage(error) : userMessage(error)
      return { kode: opts.kodeOf(row), error: reason || (opts.intent === 'posting' ? 'Gagal posting' : 'Gagal unpost') }
    }
  })
  const summary = bulkSummary(opts.intent, outcome)
  return redirectWithToast(request, opts.listUrl, {
    kind: summary.ok ? 'success' : 'error',
    title: summary.ok ? undefined : opts.intent === 'posting' ? 'Posting semua' : 'Unpost semua',
    message: summary.message,
    ms: summary.ok ? 3000 : 0,
    id: randomUUID(),
  })
}

/**
 * What a finance list screen's component needs: the page's rows (mapped to what the table shows),
 * the filter as typed, the grants, and how many documents "Posting semua" / "Unpost semua" would
 * change on the current filter.
 */
/**
 * An inquiry's loader answer (Inquery Pembelian Ban, Inquery Pemasangan Ban): its rows as financeListData,
 * and `audit`, whether the row menu offers Riwayat (the upstream keeps an audit trail).
 */
export async function inquiryListData<T extends object, R>(request: Request, source: FinanceSource<T>, toRow: (row: T) => R) {
  const rows = await financeRows(request, source)
  const audit = await hasFeature(rows.auth.upstream, 'audit')
  return data({ audit, ...financeListData(rows, toRow) }, { status: rows.status })
}

export function financeListData<T extends object, R>(rows: FinanceRows<T>, toRow: (row: T) => R) {
  return {
    ...rows.page,
    rows: rows.page.rows.map(toRow),
    parsed: rows.parsed,
    loadError: rows.loadError,
    can: rows.auth.can,
    searchIgnored: rows.searchIgnored,
    bulk: rows.bulk,
  }
}
