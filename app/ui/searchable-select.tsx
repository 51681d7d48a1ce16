import { getSelectProps, type FieldMetadata } from '@conform-to/react'
import { useId, useMemo, useState, type SelectHTMLAttributes } from 'react'
import { FieldError, type Option } from './fields'
import { useHydrated } from './use-hydrated'

const control =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/20 disabled:bg-slate-100 aria-[invalid=true]:border-red-500'

/** With JS, at most this many options are rendered for a filter (the selected one always is). */
const MAX_RENDERED = 300

/** Case-insensitive substring match of every word typed (spec §9 style). */
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
}: {
  meta: FieldMetadata<unknown>
  label: string
  options: Option[]
  placeholder?: string
  searchPlaceholder?: string
  required?: boolean
  onValueChange?: (value: string) => void
  selectProps?: SelectHTMLAttributes<HTMLSelectElement>
  className?: string
  /** A line under the field (e.g. why the choices could not be loaded). */
  hint?: string | null
}) {
  const hydrated = useHydrated()
  const props = getSelectProps(meta as FieldMetadata<string>, { ariaAttributes: true })
  const [value, setValue] = useState(String(meta.initialValue ?? ''))
  const [query, setQuery] = useState('')
  const filterId = useId()
  const shown = useMemo(() => (hydrated ? filterOptions(options, query, value) : options), [hydrated, options, query, value])
  const choose = (v: string) => {
    setValue(v)
    onValueChange?.(v)
  }
  return (
    <div className={className}>
      <label htmlFor={meta.id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
        {required ? <span className="text-red-600"> *</span> : null}
      </label>
      {hydrated ? (
        <div className="mb-1">
          <label htmlFor={filterId} className="sr-only">
            {`Cari ${label}`}
          </label>
          <input
            id={filterId}
            type="search"
            value={query}
            autoComplete="off"
            placeholder={searchPlaceholder ?? `Cari ${label.toLowerCase()}...`}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return
              e.preventDefault()
              const first = shown.find((o) => o.value !== value) ?? shown[0]
              if (first) choose(first.value)
            }}
            className={`${control} py-1.5`}
          />
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
      {hydrated && query && shown.length === 0 ? <p className="mt-1 text-xs text-slate-500">Tidak ada pilihan yang cocok.</p> : null}
      {hint ? <p className="mt-1 text-sm text-amber-800">{hint}</p> : null}
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  )
}
