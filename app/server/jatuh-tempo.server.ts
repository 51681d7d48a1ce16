import type { Upstream } from '~/upstream/client.server'
import { listKendaraan, listKendaraanDue } from '~/upstream/kendaraan.server'
import { listStnk, listStnkDue } from '~/upstream/stnk.server'
import { col, downloadTable } from '~/lib/download-table'
import { todayInCompany } from '~/lib/date-filter'
import { requireScreen, type Granted } from './grants.server'
import {
  addDays,
  daysBetween,
  dueRows,
  inWindow,
  parseDueWindow,
  sisaLabel,
  type DueRow,
  type DueWindow,
  type ParsedDueWindow,
} from '~/lib/jatuh-tempo'
import { matchingRows, pageOf, parseListQuery, type ListPage, type ListSpec } from '~/lib/list-query'
import { offersPaging } from './paged-list.server'
import { loadList } from './route-errors.server'

export const JATUH_TEMPO_PATH = '/admin/jatuh-tempo'

/**
 * The due rows of two cached lists (the upstream client hands out the same frozen arrays until a
 * list changes): worked out once per pair, reused by every request and user of that version. The
 * rows do not depend on today; the window (and the days left) is applied per request.
 */
const computed = new WeakMap<readonly unknown[], { stnk: readonly unknown[]; rows: readonly DueRow[] }>()

export function dueRowsOf(kendaraan: Parameters<typeof dueRows>[0], stnk: Parameters<typeof dueRows>[1]): readonly DueRow[] {
  const known = computed.get(kendaraan)
  if (known && known.stnk === stnk) return known.rows
  const rows = Object.freeze(dueRows(kendaraan, stnk))
  if (Object.isFrozen(kendaraan)) computed.set(kendaraan, { stnk, rows })
  return rows
}

/**
 * The due rows of a window: GET /api/kendaraan and GET /api/stnk side by side, as due rows. An
 * upstream that pages lists answers only the vehicles and records expiring in the window (a fleet's
 * whole vehicle list is never read for a month's expiries); another one, the whole lists (through
 * the list cache). Either way the caller keeps the rows in the window (inWindow).
 */
export async function readDueRows(up: Upstream, window: DueWindow, today: string): Promise<readonly DueRow[]> {
  if (await offersPaging(up)) {
    const span = window.kind === 'hari' ? { dari: null, sampai: addDays(today, window.hari) } : { dari: window.awal, sampai: window.akhir }
    const [kendaraan, stnk] = await Promise.all([listKendaraanDue(up, span), listStnkDue(up, span)])
    return dueRowsOf(kendaraan, stnk)
  }
  const [kendaraan, stnk] = await Promise.all([listKendaraan(up), listStnk(up)])
  return dueRowsOf(kendaraan, stnk)
}

export const JATUH_TEMPO_SPEC: ListSpec<DueRow> = {
  searchIn: (r) => [r.no_kabin, r.no_pol, r.dokumen],
  sortBy: {
    tanggal: (r) => r.tanggal,
    no_kabin: (r) => r.no_kabin,
    no_pol: (r) => r.no_pol,
    dokumen: (r) => r.dokumen,
  },
}

export type JatuhTempoRows = {
  auth: Granted
  due: ParsedDueWindow
  today: string
  /** Every row of the window and the search, in the chosen order (the print page and the CSV use all). */
  matching: readonly DueRow[]
  page: ListPage<DueRow>
  loadError: string | null
  status: number
}

/**
 * The rows of the Jatuh Tempo list for the request's URL: the window (?hari or a date range; one
 * that is not valid calls nothing, its message is shown), the free-text search (with the search
 * grant), the sort and the page (5 rows, like every list). `perm`: the print page and the CSV need print.
 */
export async function jatuhTempoRows(request: Request, perm?: 'print'): Promise<JatuhTempoRows> {
  const auth = await requireScreen(request, perm)
  const params = new URL(request.url).searchParams
  if (!auth.can.search) params.delete('q')
  const due = parseDueWindow(params)
  const query = parseListQuery(params, Object.keys(JATUH_TEMPO_SPEC.sortBy), ['hari', 'tanggal_awal', 'tanggal_akhir'])
  const today = todayInCompany()
  let all: readonly DueRow[] = []
  let loadError: string | null = null
  let status = 200
  if (due.window) {
    const window = due.window
    const loaded = await loadList(async () => inWindow(await readDueRows(auth.upstream, window, today), window, today))
    all = loaded.all
    loadError = loaded.loadError
    status = loaded.status
  }
  // A window that is not valid is the page with its message (200, as the finance screens' date filter).
  const matching = matchingRows(all, query, JATUH_TEMPO_SPEC)
  return { auth, due, today, matching, page: pageOf(matching, query), loadError, status }
}

/** A row as the screens show it: with the days left (negative: past due). */
export const shownRow = (today: string) => (r: DueRow) => ({ ...r, sisa: daysBetween(today, r.tanggal) })

/** Jatuh Tempo's download (CSV and Excel): the days left are counted from `today`. */
export const jatuhTempoDownload = (today: string) =>
  downloadTable<DueRow>(
    'jatuh-tempo-stnk-kir',
    [
      col('No', 'number'),
      col('No Kabin'),
      col('No Pol'),
      col('Dokumen'),
      col('Tanggal Jatuh Tempo', 'date'),
      col('Sisa Hari', 'number'),
      col('Keterangan', 'text', { width: 28 }),
    ],
    (r, i) => {
      const sisa = daysBetween(today, r.tanggal)
      return [[i + 1, r.no_kabin, r.no_pol, r.dokumen, r.tanggal, sisa, sisaLabel(sisa)]]
    },
  )
