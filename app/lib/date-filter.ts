/**
 * The finance screens' date filter: Tanggal Awal, Tanggal Akhir and — on
 * the inquiries — Status, read from the URL (?tanggal_awal=YYYY-MM-DD&tanggal_akhir=…&status=…) so
 * every filtered view can be bookmarked, shared, reloaded and printed. Pure: used by the loaders
 * (no upstream call for a filter that is not valid) and by the form in the browser.
 */

export const COMPANY_TIME_ZONE = 'Asia/Jakarta'

export const DOC_STATUS_FILTERS = ['', 'posting', 'unpost'] as const
export type DocStatusFilter = (typeof DOC_STATUS_FILTERS)[number]

export type DateFilter = { tanggal_awal: string; tanggal_akhir: string; status: DocStatusFilter }

export const FILTER_PARAMS = ['tanggal_awal', 'tanggal_akhir', 'status'] as const

export const DATE_PAIR_WARNING = 'Silakan pilih Tanggal Awal dan Tanggal Akhir'

/** Why a filter cannot be used: shown above the table; the upstream is not called. */
export type FilterProblem = {
  title: 'Peringatan'
  message: string
  /** The input at fault: a date, the status, or the name of a choice. */
  field: 'tanggal_awal' | 'tanggal_akhir' | 'status' | (string & {})
}

/**
 * A choice of a report besides its period (the tyre cost report's grouping and order): one of fixed
 * values, a select of the filter form, in the URL under `name`. Empty or missing is the first option.
 */
export type FilterChoice = {
  name: string
  label: string
  options: readonly { value: string; label: string }[]
  /** The message when the URL holds a value that is not one of the options. */
  invalid: string
}

export type ParsedDateFilter = {
  /** What the user typed, for the inputs (trimmed, cut to a sane length; never lost). */
  filter: DateFilter
  /** Both dates valid and in order: the upstream is asked for that period. */
  period: boolean
  problem: FilterProblem | null
  /** The report's choices by name (only when it has some): the option chosen, its default when none was. */
  choices?: Record<string, string>
}

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!m) return false
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  if (y < 1900 || y > 2999 || mo < 1 || mo > 12 || d < 1) return false
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate()
}

/** Today's calendar day in the company's time zone (not UTC: at 06:00 in Jakarta UTC is still yesterday). */
export function todayInCompany(now: Date = new Date()): string {
  // en-CA writes YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: COMPANY_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now)
}

const readParam = (params: URLSearchParams, name: string) => (params.get(name) ?? '').trim().slice(0, 40)

/**
 * Reads the filter from the URL. Without dates there is no period (the inquiries show the full
 * list, as the seed does); one date alone is the spec's warning; a date that is not a date or an end
 * before the start is a clear message. `withStatus` false (the report) ignores `status`.
 */
export function parseDateFilter(
  params: URLSearchParams,
  { withStatus = true, choices = [] }: { withStatus?: boolean; choices?: readonly FilterChoice[] } = {},
): ParsedDateFilter {
  const tanggal_awal = readParam(params, 'tanggal_awal')
  const tanggal_akhir = readParam(params, 'tanggal_akhir')
  const statusRaw = withStatus ? readParam(params, 'status') : ''
  const status = (DOC_STATUS_FILTERS as readonly string[]).includes(statusRaw) ? (statusRaw as DocStatusFilter) : ''
  const filter: DateFilter = { tanggal_awal, tanggal_akhir, status }
  const chosen = choices.length ? parseChoices(params, choices) : null
  const withChoices = chosen ? { choices: chosen.values } : {}
  const problem = (field: FilterProblem['field'], message: string): ParsedDateFilter => ({
    filter,
    period: false,
    problem: { title: 'Peringatan', message, field },
    ...withChoices,
  })
  if (tanggal_awal && !isCalendarDate(tanggal_awal)) return problem('tanggal_awal', 'Tanggal Awal bukan tanggal yang valid (HH/BB/TTTT).')
  if (tanggal_akhir && !isCalendarDate(tanggal_akhir))
    return problem('tanggal_akhir', 'Tanggal Akhir bukan tanggal yang valid (HH/BB/TTTT).')
  if (!tanggal_awal !== !tanggal_akhir) return problem(tanggal_awal ? 'tanggal_akhir' : 'tanggal_awal', DATE_PAIR_WARNING)
  if (tanggal_awal && tanggal_akhir < tanggal_awal) {
    return problem('tanggal_akhir', 'Tanggal Akhir tidak boleh sebelum Tanggal Awal.')
  }
  if (statusRaw && !status) return problem('status', 'Status harus kosong, posting atau unpost.')
  if (chosen?.problem) return problem(chosen.problem.name, chosen.problem.invalid)
  return { filter, period: !!tanggal_awal, problem: null, ...withChoices }
}

/** The choices' values from the URL (what was sent is kept, even when it is not an option) and the first one at fault. */
function parseChoices(params: URLSearchParams, choices: readonly FilterChoice[]) {
  const values: Record<string, string> = {}
  let problem: FilterChoice | null = null
  for (const c of choices) {
    const raw = readParam(params, c.name)
    values[c.name] = raw || (c.options[0]?.value ?? '')
    if (raw && !c.options.some((o) => o.value === raw)) problem ??= c
  }
  return { values, problem }
}

/** The filter's non-empty values as URL parameters, in a fixed order. */
export function filterEntries(filter: DateFilter): [string, string][] {
  return FILTER_PARAMS.filter((k) => filter[k]).map((k) => [k, filter[k]])
}

/** The upstream query of a valid filter (tanggal_awal, tanggal_akhir, optional status; a report's choices). */
export function upstreamFilter(parsed: ParsedDateFilter): {
  tanggal_awal: string | null
  tanggal_akhir: string | null
  status: DocStatusFilter | null
  choices?: Record<string, string>
} {
  return {
    tanggal_awal: parsed.period ? parsed.filter.tanggal_awal : null,
    tanggal_akhir: parsed.period ? parsed.filter.tanggal_akhir : null,
    status: parsed.filter.status || null,
    ...(parsed.choices ? { choices: parsed.choices } : {}),
  }
}

/**
 * The end date after the start date changed: an empty end becomes today, an end before
 * the new start is cleared; a cleared start clears nothing (the end is disabled until a start is set).
 */
export function endAfterStartChange(start: string, end: string, today: string = todayInCompany()): string {
  if (!start) return end
  if (!end) return today >= start ? today : start
  return end < start ? '' : end
}

/** "2026-11-01" → "01/11/2026" for messages and headings (the calendar day as written, no time zone). */
export function periodLabel(filter: DateFilter): string {
  const f = (d: string) => d.split('-').reverse().join('/')
  return filter.tanggal_awal && filter.tanggal_akhir ? `${f(filter.tanggal_awal)} s.d. ${f(filter.tanggal_akhir)}` : 'Semua tanggal'
}
