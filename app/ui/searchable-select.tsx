import { getSelectProps, type FieldMetadata } from '@conform-to/react'
import { useFetcher } from '@remix-run/react'
import { useEffect, useId, useMemo, useRef, useState, type SelectHTMLAttributes } from 'react'
import { FieldError, type Option } from './fields'
import { useHydrated } from './use-hydrated'

const control =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/20 disabled:bg-slate-100 aria-[invalid=true]:border-red-500'

/** An option that may carry values a form fills from it (a vehicle's numbers). */
export type ChoiceOption = Option & { data?: Record<string, string> }

/**
 * A choice searched upstream (app/server/choices.server.ts): the options given are the first matches of
 * `q` (of `total`); with JS typing asks `url?q=` (debounced), without JS the search box submits the
 * form with the button name="intent" value={searchIntentOf(field)} and the text in searchParamOf(field).
 */
export type ChoiceSearch = { url: string; q: string; total: number; empty: string }

/** The search box's field name and its button's intent, for a choice named `field` (the server reads them). */
export const searchParamOf = (field: string) => `cari_${field}`
export const searchIntentOf = (field: string) => `cari-${field}`

/** Milliseconds after the last key before a searched choice asks the server. */
const SEARCH_DELAY = 250

/** With JS, at most this many options are rendered for a filter (the selected one always is). */
const MAX_RENDERED = 300

/** Case-insensitive substring match of every word typed, like the list screens' search. */
export function filterOptions(options: Option[], query: string, selected: string, max = MAX_RENDERED): Option[] {
  const words = query.toLocaleLowerCase('id-ID').split(/\s+/).filter(Boolean)
  const out: Option[] = []
  for (const o of options) {
    const label = o.label.toLocaleLowerCase('id-ID')
    const hit = words.every((w) => label.includes(w))
    if (o.value === selected || (hit && out.length < max)) out.push(o)
  }
  return out
}

/**
 * A choice among many options (employees, vehicles, tyres): a native <select> that works without
 * JavaScript; with JavaScript a filter box above it makes it searchable by typing (Enter picks the
 * first match). No client library: a few hundred bytes on the list page.
 * `onValueChange` lets a form fill dependent fields at once (a vehicle's numbers, a supplier's
 * address); without JS the server fills them.
 * With `search` (a list that grows with the fleet, searched upstream) only the given matches are
 * rendered: with JS the box asks the server as the user types ('n hasil' is announced), without JS
 * it is a field of the form with a Cari button that re-renders the form with the matches.
 */
export function SearchableSelectField({
  meta,
  label,
  options,
  placeholder = '-- Pilih --',
  searchPlaceholder,
  required,
  onValueChange,
  selectProps,
  className = '',
  hint,
  search = null,
  labelHidden = false,
}: {
  meta: FieldMetadata<unknown>
  label: string
  options: ChoiceOption[]
  placeholder?: string
  searchPlaceholder?: string
  required?: boolean
  onValueChange?: (value: string, option?: ChoiceOption) => void
  selectProps?: SelectHTMLAttributes<HTMLSelectElement>
  className?: string
  /** A line under the field (e.g. why the choices could not be loaded). */
  hint?: string | null
  search?: ChoiceSearch | null
  /**
   * A field of a form's line (app/ui/line-table.tsx), under its column's header: its label for screen
   * readers only, and its Cari button named after it ('Cari Suku cadang baris 2').
   */
  labelHidden?: boolean
}) {
  const hydrated = useHydrated()
  const props = getSelectProps(meta as FieldMetadata<string>, { ariaAttributes: true })
  const [value, setValue] = useState(String(meta.initialValue ?? ''))
  const [query, setQuery] = useState(search?.q ?? '')
  const filterId = useId()
  // Text typed into the search box before the page's scripts ran (a slow network) is searched at once,
  // and an option chosen then stays chosen (and fills what depends on it), where the first render
  // after hydration would put back the value the page came with.
  useEffect(() => {
    const typed = document.getElementById(filterId)
    if (typed instanceof HTMLInputElement && typed.value !== (search?.q ?? '')) setQuery(typed.value)
    const chosen = document.getElementById(meta.id)
    if (chosen instanceof HTMLSelectElement && chosen.value !== value) choose(chosen.value)
    // Once, at hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  const found = useSearchedOptions(search, hydrated, query, options)
  // Every option seen (rendered or fetched): the chosen one stays rendered after a new search.
  const known = useRef(new Map<string, ChoiceOption>())
  for (const o of found.options) known.current.set(o.value, o)
  const shown = useMemo(() => {
    if (!search) return hydrated ? filterOptions(options, query, value) : options
    if (!value || found.options.some((o) => o.value === value)) return found.options
    return [known.current.get(value) ?? { value, label: value }, ...found.options]
  }, [search, hydrated, options, query, value, found.options])
  const choose = (v: string) => {
    setValue(v)
    onValueChange?.(v, known.current.get(v) ?? options.find((o) => o.value === v))
  }
  const asked = search ? (hydrated ? query.trim() : search.q) : ''
  return (
    <div className={className}>
      <label htmlFor={meta.id} className={labelHidden ? 'sr-only' : 'mb-1 block text-sm font-medium text-slate-700'}>
        {label}
        {required ? <span className="text-red-600"> *</span> : null}
      </label>
      {search || hydrated ? (
        // One box before and after hydration, so the element (its text, the focus) is never replaced:
        // without JS it is a field of the form beside a Cari button, with JS it filters as one types.
        <div className={hydrated ? 'mb-1' : 'mb-1 flex gap-2'}>
          <label htmlFor={filterId} className="sr-only">
            {`Cari ${label}`}
          </label>
          <input
            id={filterId}
            type="search"
            name={search && !hydrated ? searchParamOf(meta.name) : undefined}
            defaultValue={search?.q ?? ''}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (!hydrated || e.key !== 'Enter') return
              e.preventDefault()
              const first = shown.find((o) => o.value !== value) ?? shown[0]
              if (first) choose(first.value)
            }}
            autoComplete="off"
            maxLength={200}
            placeholder={searchPlaceholder ?? `Cari ${label.toLowerCase()}...`}
            className={`${control} py-1.5`}
          />
          {hydrated ? null : (
            <button
              type="submit"
              name="intent"
              value={searchIntentOf(meta.name)}
              formNoValidate
              aria-label={labelHidden ? `Cari ${label}` : undefined}
              className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-50"
            >
              Cari
            </button>
          )}
        </div>
      ) : null}
      <select
        {...props}
        {...selectProps}
        key={props.key}
        defaultValue={undefined}
        value={value}
        onChange={(e) => {
          choose(e.target.value)
          selectProps?.onChange?.(e)
        }}
        className={control}
      >
        <option value="">{placeholder}</option>
        {shown.map((o, i) => (
          <option key={`${o.value}-${i}`} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {search ? (
        <p aria-live="polite" className="mt-1 text-xs text-slate-500">
          {asked ? (found.total ? `${found.total} hasil` : search.empty) : ''}
        </p>
      ) : hydrated && query && shown.length === 0 ? (
        <p className="mt-1 text-xs text-slate-500">Tidak ada pilihan yang cocok.</p>
      ) : null}
      {hint ? <p className="mt-1 text-sm text-amber-800">{hint}</p> : null}
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  )
}

/**
 * The matches a searched choice shows: the server-rendered ones until the user types, then (with JS)
 * the resource route's answer for the text typed, asked SEARCH_DELAY ms after the last key.
 */
function useSearchedOptions(search: ChoiceSearch | null, hydrated: boolean, query: string, options: ChoiceOption[]) {
  const fetcher = useFetcher<{ options: ChoiceOption[]; total: number }>()
  const load = useRef(fetcher.load)
  load.current = fetcher.load
  const url = search?.url
  const first = useRef(search?.q ?? '')
  useEffect(() => {
    if (!url || !hydrated) return
    const q = query.trim()
    if (q === first.current) return
    first.current = '\u0000' // after the first change every text is asked, the initial one too
    const timer = setTimeout(() => void load.current(`${url}?${new URLSearchParams({ q })}`), SEARCH_DELAY)
    return () => clearTimeout(timer)
  }, [url, hydrated, query])
  if (search && fetcher.data) return fetcher.data
  return { options, total: search?.total ?? 0 }
}
