import { Form, NavLink, useLocation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { BOTTOM_ENTRIES, filterMenu, MENU_GROUPS, TOP_ENTRIES, type MenuEntry, type MenuGroup } from '~/lib/menu'
import { ChevronIcon, SearchIcon, XIcon } from './icons'
import { useTypedEarly } from './use-hydrated'

const entryClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-1.5 text-sm ${isActive ? 'bg-blue-700 font-semibold text-white' : 'text-slate-200 hover:bg-slate-700 hover:text-white'}`

function Entry({ entry }: { entry: MenuEntry }) {
  return (
    <li>
      <NavLink to={entry.to} className={entryClass} prefetch="intent">
        {entry.label}
      </NavLink>
    </li>
  )
}

/**
 * The sidebar: the employee's name, the menu search (live with JS; a GET form with
 * ?menu= without), Dashboard, the collapsible groups, Update Profile and Logout (a POST form).
 */
export function Sidebar({
  namaLengkap,
  menuQuery,
  menuGroups = MENU_GROUPS,
}: {
  namaLengkap: string | null
  menuQuery: string
  menuGroups?: MenuGroup[]
}) {
  const location = useLocation()
  const [q, setQ] = useState(menuQuery)
  useEffect(() => setQ(menuQuery), [menuQuery])
  const field = useTypedEarly(setQ)
  const groups = filterMenu(menuGroups, q)
  const searching = q.trim() !== ''
  const top = TOP_ENTRIES.filter((e) => !searching || e.label.toLowerCase().includes(q.trim().toLowerCase()))
  const bottom = BOTTOM_ENTRIES.filter((e) => !searching || e.label.toLowerCase().includes(q.trim().toLowerCase()))
  // Keep the page's own parameters when the menu search is submitted without JS.
  const keep = [...new URLSearchParams(location.search).entries()].filter(([k]) => k !== 'menu')
  const clearParams = new URLSearchParams(keep).toString()

  return (
    <nav aria-label="Menu utama" className="flex h-full flex-col gap-3 overflow-y-auto bg-slate-800 px-3 py-4 text-slate-100">
      <div className="rounded-lg bg-slate-900/60 px-3 py-2">
        <p className="text-xs text-slate-400">Masuk sebagai</p>
        <p className="font-semibold" data-testid="nama-lengkap">
          {namaLengkap ?? 'Pengguna'}
        </p>
      </div>
      <Form method="get" action={location.pathname} role="search" className="relative" onSubmit={(e) => e.preventDefault()}>
        {keep.map(([k, v]) => (
          <input key={`${k}=${v}`} type="hidden" name={k} value={v} />
        ))}
        <label className="relative block">
          <span className="sr-only">Cari menu</span>
          <SearchIcon className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
          <input
            type="search"
            name="menu"
            ref={field}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="Cari menu..."
            autoComplete="off"
            className="w-full rounded-md border border-slate-600 bg-slate-900 py-1.5 pl-8 pr-8 text-sm text-white placeholder:text-slate-400 focus:border-blue-400 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
          />
        </label>
        {searching ? (
          <a
            href={`${location.pathname}${clearParams ? `?${clearParams}` : ''}`}
            onClick={(e) => {
              e.preventDefault()
              setQ('')
            }}
            aria-label="Hapus pencarian menu"
            className="absolute right-1.5 top-[17px] inline-flex size-6 -translate-y-1/2 items-center justify-center rounded text-slate-300 hover:bg-slate-700"
          >
            <XIcon className="size-3.5" />
          </a>
        ) : null}
        <noscript>
          <button type="submit" className="mt-1 w-full rounded bg-slate-700 py-1 text-xs">
            Cari menu
          </button>
        </noscript>
      </Form>
      <ul className="space-y-0.5">
        {top.map((e) => (
          <Entry key={e.to} entry={e} />
        ))}
      </ul>
      {groups.map((g) => {
        const hasActive = g.entries.some((e) => location.pathname.startsWith(e.to))
        return (
          <details key={g.label} open={searching || hasActive || undefined} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between rounded-md px-3 py-1.5 text-xs font-semibold uppercase tracking-wide text-slate-400 hover:text-white [&::-webkit-details-marker]:hidden">
              {g.label}
              <ChevronIcon className="size-3.5 transition-transform group-open:rotate-90" />
            </summary>
            <ul className="mt-0.5 space-y-0.5 pl-2">
              {g.entries.map((e) => (
                <Entry key={e.to} entry={e} />
              ))}
            </ul>
          </details>
        )
      })}
      {searching && groups.length === 0 && top.length === 0 && bottom.length === 0 ? (
        <p className="px-3 text-sm text-slate-400">Menu tidak ditemukan.</p>
      ) : null}
      <ul className="mt-auto space-y-0.5 border-t border-slate-700 pt-3">
        {bottom.map((e) => (
          <Entry key={e.to} entry={e} />
        ))}
        <li>
          <Form method="post" action="/admin/logout">
            <button
              type="submit"
              className="block w-full rounded-md px-3 py-1.5 text-left text-sm text-slate-200 hover:bg-red-700 hover:text-white"
            >
              Logout
            </button>
          </Form>
        </li>
      </ul>
    </nav>
  )
}
