import type { LinksFunction, MetaFunction } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from '@remix-run/react'
import { useEffect, type ReactNode } from 'react'
import { hydrates } from '~/lib/hydration'
import { useNonce } from '~/lib/nonce'
import { AppStylesheet, StylesheetPrefetch } from '~/lib/stylesheet'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import stylesheet from '~/tailwind.css?url'

export const links: LinksFunction = () => [{ rel: 'icon', href: '/logo.svg', type: 'image/svg+xml' }]

export const meta: MetaFunction = () => [{ title: 'Armada — Back-office' }]

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce()
  const scripts = hydrates(useMatches())
  return (
    <html lang="id" className="h-full bg-slate-100">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <AppStylesheet href={stylesheet} nonce={nonce} />
        <Links />
      </head>
      <body className="h-full font-sans text-slate-800 antialiased">
        {children}
        {scripts ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
        <StylesheetPrefetch href={stylesheet} />
      </body>
    </html>
  )
}

export default function App() {
  // `data-hydrated` on <html> once React runs in the browser: a page looks the same before its scripts
  // ran as without them, and a check of the page with JavaScript (tests/e2e/quality.test.ts) waits for it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = ''
  }, [])
  return <Outlet />
}

export function ErrorBoundary() {
  return (
    <main className="p-6">
      <GeneralErrorBoundary />
    </main>
  )
}
