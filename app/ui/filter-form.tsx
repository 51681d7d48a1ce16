import { Form, Link, useLocation } from '@remix-run/react'
import type { ReactNode } from 'react'
import { listSearch, type ListQuery } from '~/lib/list-query'
import type { Option } from './fields'

/**
 * The filter of a list: a GET form (every view has a URL; works without JavaScript) that keeps the
 * search, the sort and the parameters named in `keep`, and starts at page 1; 'Hapus filter' while one
 * is set; a filter value that is not valid stays in its field with the message under the form
 * (`problem`, whose element is `problemId`, named by the invalid field's aria-describedby).
 */
export function FilterForm({
  label,
  query,
  keep = [],
  active,
  problem,
  problemId,
  children,
}: {
  /** The form's accessible name ('Filter stok ban'). */
  label: string
  query: ListQuery
  /** Parameters of the URL kept as they are (not fields of this form). */
  keep?: readonly string[]
  /** A filter is set: 'Hapus filter' goes back to the list without it (the search and `keep` stay). */
  active: boolean
  problem: string | null
  problemId: string
  children: ReactNode
}) {
  const location = useLocation()
  const kept = query.keep?.filter(([k]) => keep.includes(k)) ?? []
  return (
    <Form method="get" role="search" aria-label={label} preventScrollReset className="mb-4 rounded-lg border border-slate-200 bg-white p-4">
      {query.q ? <input type="hidden" name="q" value={query.q} /> : null}
      {query.sort ? <input type="hidden" name="sort" value={query.sort} /> : null}
      {query.sort ? <input type="hidden" name="dir" value={query.dir} /> : null}
      {kept.map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <div className="flex flex-wrap items-end gap-3">
        {children}
        <button type="submit" className="rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800">
          Filter
        </button>
        {active ? (
          <Link
            to={location.pathname + listSearch({ ...query, keep: kept }, { page: 1 })}
            className="py-2 text-sm font-semibold text-blue-700 hover:underline"
          >
            Hapus filter
          </Link>
        ) : null}
      </div>
      {problem ? (
        <div id={problemId} role="alert" className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900">
          <strong className="mr-1">Peringatan</strong>
          {problem}
        </div>
      ) : null}
    </Form>
  )
}

const control =
  'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/20 aria-[invalid=true]:border-red-500'

/** A choice of a FilterForm; a value sent that is not a choice stays selected as '… (tidak valid)'. */
export function FilterSelect({
  name,
  label,
  all,
  options,
  value,
  problemId,
}: {
  name: string
  label: string
  /** The first option, no filter ('Semua jenis'). */
  all: string
  options: readonly Option[]
  value: string
  /** The id of the form's message when this field is the one not valid. */
  problemId?: string | null
}) {
  const location = useLocation()
  const shown = value && !options.some((o) => o.value === value) ? [...options, { value, label: `${value} (tidak valid)` }] : options
  return (
    <label className="flex min-w-0 flex-col gap-1 text-sm font-medium text-slate-700">
      {label}
      <select
        name={name}
        defaultValue={value}
        key={`${name}-${value}-${location.key}`}
        className={control}
        aria-invalid={problemId ? true : undefined}
        aria-describedby={problemId ?? undefined}
      >
        <option value="">{all}</option>
        {shown.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  )
}

/** A number of a FilterForm ('Dalam Km'), kept as it was typed. */
export function FilterNumber({ name, label, value, problemId }: { name: string; label: string; value: string; problemId?: string | null }) {
  const location = useLocation()
  return (
    <label className="flex min-w-0 flex-col gap-1 text-sm font-medium text-slate-700">
      {label}
      <input
        name={name}
        defaultValue={value}
        key={`${name}-${value}-${location.key}`}
        inputMode="numeric"
        maxLength={12}
        className={`${control} w-32`}
        aria-invalid={problemId ? true : undefined}
        aria-describedby={problemId ?? undefined}
      />
    </label>
  )
}
