import { Form, Link } from '@remix-run/react'
import { useEffect, useRef, useState, type MouseEvent as ReactMouseEvent } from 'react'
import { useHydrated } from './use-hydrated'

/**
 * One action of a row menu: a link (Show, Update, Delete → a dialog route or page) or a POST form
 * (Posting, Unpost: `intent` and the row id go to the list's action).
 */
export type RowMenuItem =
  | { kind: 'link'; label: string; to: string; tone?: 'danger'; reloadDocument?: boolean }
  | { kind: 'post'; label: string; intent: string; id: number | string; action?: string; tone?: 'danger'; fields?: Record<string, string> }

const itemClass = (tone?: 'danger') =>
  `block w-full px-3 py-1.5 text-left text-sm hover:bg-slate-100 focus:bg-slate-100 focus:outline-none ${tone === 'danger' ? 'text-red-700' : 'text-slate-800'}`

function MenuItems({ items, onDone }: { items: RowMenuItem[]; onDone?: () => void }) {
  return (
    <ul role="menu" className="py-1">
      {items.map((item) => (
        <li key={item.label} role="none">
          {item.kind === 'link' ? (
            <Link
              role="menuitem"
              to={item.to}
              preventScrollReset
              reloadDocument={item.reloadDocument}
              className={itemClass(item.tone)}
              onClick={onDone}
            >
              {item.label}
            </Link>
          ) : (
            <Form method="post" action={item.action} preventScrollReset onSubmit={onDone}>
              <input type="hidden" name="id" value={String(item.id)} />
              {Object.entries(item.fields ?? {}).map(([k, v]) => (
                <input key={k} type="hidden" name={k} value={v} />
              ))}
              <button role="menuitem" type="submit" name="intent" value={item.intent} className={itemClass(item.tone)}>
                {item.label}
              </button>
            </Form>
          )}
        </li>
      ))}
    </ul>
  )
}

/**
 * The per-row menu of purchases, pemasangan and the inquiries: without JS a <details>
 * menu in the row's own cell; with JS the same button opens it, and a right-click on the row
 * (RowMenuRow) opens it at the pointer, 150 px wide, closed by any click or Escape. Keyboard:
 * the button is focusable, the items are links and buttons.
 */
export function RowMenu({
  items,
  label = 'Aksi',
  open,
  onOpenChange,
  at,
}: {
  items: RowMenuItem[]
  label?: string
  /** Controlled by RowMenuRow with JS: open at the pointer. */
  open?: boolean
  onOpenChange?: (open: boolean) => void
  at?: { x: number; y: number } | null
}) {
  const hydrated = useHydrated()
  const ref = useRef<HTMLDetailsElement>(null)
  const panel = useRef<HTMLDivElement>(null)
  const openAt = useRef<{ x: number; y: number } | null>(null)
  useEffect(() => {
    if (!hydrated || !open) return
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent && e.key !== 'Escape') return
      if (e instanceof MouseEvent && e.type === 'contextmenu' && panel.current?.contains(e.target as Node)) return
      onOpenChange?.(false)
    }
    // Registered after the click that opened it: any later click closes it.
    const t = setTimeout(() => {
      window.addEventListener('click', close)
      window.addEventListener('contextmenu', close, true)
      window.addEventListener('keydown', close)
      window.addEventListener('scroll', close, true)
    })
    panel.current?.querySelector<HTMLElement>('[role=menuitem]')?.focus()
    return () => {
      clearTimeout(t)
      window.removeEventListener('click', close)
      window.removeEventListener('contextmenu', close, true)
      window.removeEventListener('keydown', close)
      window.removeEventListener('scroll', close, true)
    }
  }, [hydrated, open, onOpenChange])

  if (hydrated) {
    return (
      <div className="relative inline-block">
        <button
          type="button"
          aria-haspopup="menu"
          aria-expanded={!!open}
          onClick={(e) => {
            e.stopPropagation()
            const r = e.currentTarget.getBoundingClientRect()
            onOpenChange?.(!open)
            if (!open) openAt.current = { x: r.left, y: r.bottom }
          }}
          className="rounded-md px-2 py-1 text-sm font-semibold text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50"
        >
          {label} ▾
        </button>
        {open ? (
          <div
            ref={panel}
            style={{ position: 'fixed', left: (at ?? openAt.current)?.x ?? 0, top: (at ?? openAt.current)?.y ?? 0, width: 150 }}
            className="z-50 rounded-md border border-slate-200 bg-white shadow-lg"
            onClick={(e) => e.stopPropagation()}
          >
            <MenuItems items={items} onDone={() => onOpenChange?.(false)} />
          </div>
        ) : null}
      </div>
    )
  }
  return (
    <details ref={ref} className="relative inline-block">
      <summary className="cursor-pointer list-none rounded-md px-2 py-1 text-sm font-semibold text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50">
        {label} ▾
      </summary>
      <div className="absolute right-0 z-20 mt-1 w-[150px] rounded-md border border-slate-200 bg-white shadow-lg">
        <MenuItems items={items} />
      </div>
    </details>
  )
}

/**
 * State for the row menus of one table (with JS): which row's menu is open and where, plus the
 * selected row (a click selects/highlights a row). Spread `rowProps(id)` on the <tr> and pass
 * `menuProps(id)` to that row's RowMenu.
 */
export function useRowMenus() {
  const [openId, setOpenId] = useState<string | number | null>(null)
  const [at, setAt] = useState<{ x: number; y: number } | null>(null)
  const [selected, setSelected] = useState<string | number | null>(null)
  return {
    selected,
    rowProps: (id: string | number) => ({
      onClick: () => setSelected((s) => (s === id ? null : id)),
      onContextMenu: (e: ReactMouseEvent) => {
        e.preventDefault()
        setSelected(id)
        setAt({ x: Math.min(e.clientX, window.innerWidth - 160), y: e.clientY })
        setOpenId(id)
      },
      'data-selected': selected === id ? 'true' : undefined,
      className: selected === id ? 'bg-blue-50' : undefined,
    }),
    menuProps: (id: string | number) => ({
      open: openId === id,
      at: openId === id ? at : null,
      onOpenChange: (o: boolean) => {
        setAt(null)
        setOpenId(o ? id : null)
      },
    }),
  }
}

/** The 'Opsi' column of a table with row menus: the row's RowMenu, or nothing when it has no item. */
export function rowMenuColumn<T extends { id: number; status: string | null }>(
  menus: ReturnType<typeof useRowMenus>,
  itemsOf: (row: T) => RowMenuItem[],
) {
  return {
    header: 'Opsi',
    cell: (row: T) => {
      const items = itemsOf(row)
      return items.length ? <RowMenu items={items} label="Aksi" {...menus.menuProps(row.id)} /> : null
    },
  }
}
