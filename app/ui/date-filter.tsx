import { Form, Link, useLocation } from '@remix-run/react'
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react'
import { DATE_PAIR_WARNING, endAfterStartChange, type FilterChoice, type ParsedDateFilter } from '~/lib/date-filter'
import type { ListQuery } from '~/lib/list-query'
import { useHydrated, useTypedEarly } from './use-hydrated'

const input =
  'rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/20 disabled:bg-slate-100 disabled:text-slate-500 aria-[invalid=true]:border-red-500'
const secondary =
  'inline-flex items-center gap-2 rounded-md bg-white px-3.5 py-2 text-sm font-semibold text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50'

/** A button of the filter that leaves the screen with the filter's values: the print page or the CSV. */
export type FilterExit = { label: string; action: string; kind: 'print' | 'download' }

/**
 * The finance screens' date filter, one block for the two inquiries and the report: a
 * GET form, so every filtered view has a URL. It keeps the search and the sort, and starts again at
 * page 1. With JavaScript: Tanggal Akhir is disabled until Tanggal Awal is set and has
 * it as minimum; a start fills an empty end with today (Asia/Jakarta) and clears an end before it.
 * `exits` (Cetak, Unduh CSV) send the same fields to another address: the print page opens in a new
 * window, the CSV downloads; both without JavaScript too (formaction). `choices` (a report's grouping
 * and order) are selects of the same form, so they travel in the URL with the dates.
 */
export function DateFilterForm({
  parsed,
  query,
  withStatus,
  exits = [],
  choices = [],
}: {
  parsed: ParsedDateFilter
  query: ListQuery
  withStatus: boolean
  exits?: FilterExit[]
  choices?: readonly FilterChoice[]
}) {
  const hydrated = useHydrated()
  const location = useLocation()
  const { filter, problem } = parsed
  const [awal, setAwal] = useState(filter.tanggal_awal)
  const [akhir, setAkhir] = useState(filter.tanggal_akhir)
  const [warning, setWarning] = useState<string | null>(null)
  // A new URL (back button, a link) shows its own filter.
  useEffect(() => {
    setAwal(filter.tanggal_awal)
    setAkhir(filter.tanggal_akhir)
    setWarning(null)
  }, [filter.tanggal_awal, filter.tanggal_akhir, location.key])
  // Dates typed before the page's scripts ran (a slow network) stay when the fields become live.
  const awalField = useTypedEarly(setAwal)
  const akhirField = useTypedEarly(setAkhir)
  // The fields follow the state from the first client render on, before they become controlled (the
  // render after it): a date typed in between is kept, where the controlled field would have emptied it.
  function onAwalChange(e: ChangeEvent<HTMLInputElement>) {
    const start = e.currentTarget.value
    setAwal(start)
    setAkhir((end) => endAfterStartChange(start, end))
  }

  const shown = warning ?? problem?.message ?? null
  const dateFields: string[] = ['tanggal_awal', 'tanggal_akhir']
  const invalid = (field: string) => (!warning && problem?.field === field) || (!!warning && dateFields.includes(field))
  const chosen = (c: FilterChoice) => parsed.choices?.[c.name] ?? c.options[0]?.value ?? ''
  const choicesChanged = choices.some((c) => chosen(c) !== c.options[0]?.value)

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    const submitter = (e.nativeEvent as SubmitEvent).submitter
    const exit = submitter instanceof HTMLButtonElement ? submitter.dataset.exit : undefined
    if (!awal !== !akhir || (exit === 'print' && !(awal && akhir))) {
      e.preventDefault()
      setWarning(DATE_PAIR_WARNING)
      return
    }
    setWarning(null)
    if (!exit || !(submitter instanceof HTMLButtonElement)) return
    // Leaving the screen: not a client-side navigation.
    e.preventDefault()
    const params = new URLSearchParams()
    for (const [k, v] of new FormData(e.currentTarget)) if (typeof v === 'string' && v !== '') params.set(k, v)
    const url = `${submitter.getAttribute('formaction')}?${params}`
    if (exit === 'print') window.open(url, '_blank')
    else window.location.assign(url)
  }

  return (
    <Form
      method="get"
      role="search"
      aria-label="Filter tanggal"
      preventScrollReset
      onSubmit={onSubmit}
      className="mb-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      {query.q ? <input type="hidden" name="q" value={query.q} /> : null}
      {query.sort ? <input type="hidden" name="sort" value={query.sort} /> : null}
      {query.sort ? <input type="hidden" name="dir" value={query.dir} /> : null}
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Tanggal Awal
          <input
            ref={awalField}
            type="date"
            name="tanggal_awal"
            className={input}
            aria-invalid={invalid('tanggal_awal') || undefined}
            onChange={onAwalChange}
            {...(hydrated ? { value: awal } : { defaultValue: filter.tanggal_awal })}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Tanggal Akhir
          <input
            ref={akhirField}
            type="date"
            name="tanggal_akhir"
            className={input}
            aria-invalid={invalid('tanggal_akhir') || undefined}
            onChange={(e) => setAkhir(e.currentTarget.value)}
            {...(hydrated ? { value: akhir, disabled: !awal, min: awal || undefined } : { defaultValue: filter.tanggal_akhir })}
          />
        </label>
        {withStatus ? (
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
            Status
            <select
              name="status"
              defaultValue={filter.status}
              key={filter.status}
              className={input}
              aria-invalid={invalid('status') || undefined}
            >
              <option value="">Semua status</option>
              <option value="posting">Posting</option>
              <option value="unpost">Unpost</option>
            </select>
          </label>
        ) : null}
        {choices.map((c) => (
          <label key={c.name} className="flex flex-col gap-1 text-sm font-medium text-slate-700">
            {c.label}
            <select name={c.name} defaultValue={chosen(c)} key={chosen(c)} className={input} aria-invalid={invalid(c.name) || undefined}>
              {c.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
        ))}
        <button type="submit" className="rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800">
          Cari
        </button>
        {exits.map((x) => (
          <button
            key={x.label}
            type="submit"
            formAction={x.action}
            formTarget={x.kind === 'print' ? '_blank' : undefined}
            data-exit={x.kind}
            className={secondary}
          >
            {x.label}
          </button>
        ))}
        {filter.tanggal_awal || filter.tanggal_akhir || filter.status || choicesChanged ? (
          <Link to={location.pathname} className="py-2 text-sm font-semibold text-blue-700 hover:underline">
            Hapus filter
          </Link>
        ) : null}
      </div>
      {shown ? (
        <div role="alert" className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900">
          <strong className="mr-1">Peringatan</strong>
          {shown}
        </div>
      ) : null}
    </Form>
  )
}
