import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData, useLocation, useNavigation, type ShouldRevalidateFunction } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { visibleMenu } from '~/lib/grants'
import { loadGrants } from '~/server/grants.server'
import { requireAuth, renewSession } from '~/session.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { MenuIcon, SpinnerIcon } from '~/ui/icons'
import { Logo } from '~/ui/logo'
import { Sidebar } from '~/ui/sidebar'
import { Toast } from '~/ui/toast'

/**
 * The admin shell and its guard. Runs on every admin navigation (shouldRevalidate), so requests in
 * the admin area keep the two-hour expiry renewed (at most once a minute) and show the flash message once.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireAuth(request)
  const toast = auth.session.get('toast') ?? null
  const cookie = await renewSession(auth)
  const menu = (new URL(request.url).searchParams.get('menu') ?? '').slice(0, 100)
  // The sidebar shows only the menus whose Select is on (the app enforces the grants).
  const menuGroups = visibleMenu(await loadGrants(auth))
  return data({ user: auth.user, toast, menu, menuGroups }, cookie ? { headers: { 'Set-Cookie': cookie } } : undefined)
}

export const shouldRevalidate: ShouldRevalidateFunction = () => true

const KEEPALIVE_EVERY_MS = 60_000

/** With JS, pointer and key activity renews the session too (at most once a minute). */
function useKeepAlive() {
  const last = useRef(Date.now())
  useEffect(() => {
    const ping = () => {
      const now = Date.now()
      if (now - last.current < KEEPALIVE_EVERY_MS) return
      last.current = now
      void fetch('/keepalive', { method: 'POST', credentials: 'same-origin' })
        .then((res) => {
          if (res.status === 401) window.location.assign(`/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`)
        })
        .catch(() => undefined)
    }
    const events = ['pointermove', 'keydown', 'click'] as const
    events.forEach((e) => window.addEventListener(e, ping, { passive: true }))
    return () => events.forEach((e) => window.removeEventListener(e, ping))
  }, [])
}

export default function AdminLayout() {
  const { user, toast, menu, menuGroups } = useLoaderData<typeof loader>()
  const location = useLocation()
  const navigation = useNavigation()
  const toggle = useRef<HTMLInputElement>(null)
  useKeepAlive()

  // On every route change: scroll to top and close the mobile menu.
  useEffect(() => {
    window.scrollTo(0, 0)
    if (toggle.current) toggle.current.checked = false
  }, [location.pathname])

  // Going to another screen: its loading text replaces the page. Opening or closing a dialog of the
  // same list (a parent or child path) keeps the list in place.
  const to = navigation.location?.pathname ?? ''
  const here = location.pathname
  const loadingElsewhere = navigation.state === 'loading' && to !== here && !to.startsWith(`${here}/`) && !here.startsWith(`${to}/`)
  const busy = navigation.state !== 'idle'

  return (
    <div className="min-h-full">
      {busy ? (
        <div className="fixed inset-x-0 top-0 z-[60] h-1 bg-blue-200" aria-hidden="true">
          <div className="progress-bar h-full bg-blue-700" />
        </div>
      ) : null}
      <input ref={toggle} type="checkbox" id="nav-toggle" className="peer sr-only" aria-label="Buka menu" />
      <header className="no-print sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-slate-200 bg-white px-4 lg:pl-68">
        <label
          htmlFor="nav-toggle"
          className="inline-flex size-9 cursor-pointer items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 lg:hidden"
          title="Menu"
        >
          <MenuIcon className="size-5" />
          <span className="sr-only">Menu</span>
        </label>
        <Logo />
      </header>
      <label
        htmlFor="nav-toggle"
        className="no-print fixed inset-0 z-30 hidden bg-slate-900/40 peer-checked:block lg:peer-checked:hidden"
      />
      <aside className="no-print fixed inset-y-0 left-0 z-40 w-64 -translate-x-full transition-transform peer-checked:translate-x-0 lg:translate-x-0">
        <Sidebar namaLengkap={user.namaLengkap} menuQuery={menu} menuGroups={menuGroups} />
      </aside>
      <main className="relative px-4 py-6 lg:pl-72 lg:pr-8">
        <Toast toast={toast} />
        {loadingElsewhere ? (
          <div role="status" className="flex items-center justify-center gap-3 py-24 text-slate-600">
            <SpinnerIcon className="size-6 text-blue-700" />
            Memuat data, harap tunggu...
          </div>
        ) : (
          <Outlet />
        )}
      </main>
    </div>
  )
}

export function ErrorBoundary() {
  return (
    <main className="p-6">
      <GeneralErrorBoundary />
    </main>
  )
}
