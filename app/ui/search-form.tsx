import { Form, useSubmit } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import type { ListQuery } from '~/lib/list-query'
import { SearchIcon } from './icons'

/**
 * The list's search box: a GET form (q, keeping the sort), so it works without JS and every search
 * has a URL. With JS it submits as you type (debounced, replacing the history entry).
 */
export function SearchForm({ query, placeholder, label }: { query: ListQuery; placeholder: string; label?: string }) {
  const submit = useSubmit()
  const timer = useRef<ReturnType<typeof setTimeout>>()
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => () => clearTimeout(timer.current), [])
  // When the URL's q changes from elsewhere (back button, a link), show it — but never overwrite
  // the box while the user is typing in it.
  useEffect(() => {
    const el = input.current
    if (el && document.activeElement !== el && el.value !== query.q) el.value = query.q
  }, [query.q])
  return (
    <Form
      method="get"
      role="search"
      className="flex w-full max-w-md items-center gap-2"
      preventScrollReset
      // Cari submits now: a search still waiting for the typing pause must not run after it (it
      // would undo a sort or page chosen meanwhile).
      onSubmit={() => clearTimeout(timer.current)}
    >
      {query.keep?.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {query.sort ? <input type="hidden" name="sort" value={query.sort} /> : null}
      {query.sort ? <input type="hidden" name="dir" value={query.dir} /> : null}
      <label className="relative flex-1">
        <span className="sr-only">{label ?? placeholder}</span>
        <SearchIcon className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
        <input
          type="search"
          name="q"
          ref={input}
          defaultValue={query.q}
          placeholder={placeholder}
          autoComplete="off"
          maxLength={200}
          onChange={(e) => {
            const form = e.currentTarget.form
            clearTimeout(timer.current)
            timer.current = setTimeout(() => {
              if (form) submit(form, { replace: true, preventScrollReset: true })
            }, 300)
          }}
          className="w-full rounded-md border border-slate-300 py-2 pl-9 pr-3 text-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/20"
        />
      </label>
      <button type="submit" className="rounded-md bg-slate-700 px-3 py-2 text-sm font-semibold text-white hover:bg-slate-800">
        Cari
      </button>
    </Form>
  )
}
