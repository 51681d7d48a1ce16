/**
 * Accessible pages: every page of CHECKED_PAGES (tests/e2e/pages.ts) has no serious or critical
 * axe-core finding — with JavaScript (the hydrated page) and without it (the server's HTML with the
 * app's scripts blocked). The Nu HTML Checker, which only needs the server's HTML, runs once per test
 * run: tests/e2e/html-valid.test.ts.
 *
 * axe costs one to three seconds of CPU a page, loading the page a fraction of that. So each page is
 * loaded both ways in one test (run once, not per project; in two tabs per worker that every check
 * reuses) and axe runs on the hydrated document; it
 * runs on the server's document too whenever the two differ in anything axe reads (the DOM as
 * serialized, attribute order included; scripts, stylesheets and nonces aside: the same stylesheet is
 * inlined or linked). Where they are the same, one run's findings are the other's. About a third of
 * the pages are the same both ways.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { APP_URL, ONCE } from '../../playwright.config'
import { expect, test } from './fixtures'
import { axeSeriousFindings } from './html-checks'
import { CHECKED_PAGES, type CheckedPage } from './pages'

/** The document as axe sees it, without what differs between two loads of the same page. */
async function documentShape(page: Page): Promise<string> {
  return page.evaluate(() => {
    const copy = document.documentElement.cloneNode(true) as HTMLElement
    for (const el of copy.querySelectorAll('script, style, link[rel="stylesheet"], link[rel="modulepreload"], link[rel="prefetch"]'))
      el.remove()
    for (const el of copy.querySelectorAll('[nonce]')) el.removeAttribute('nonce')
    copy.removeAttribute('data-hydrated')
    return copy.outerHTML
  })
}

/** The two ways a page is checked: with the app's JavaScript, and with its scripts blocked. */
type Way = 'hydrated' | 'server'

/**
 * A context for one way of checking: axe runs as a script tag, so CSP is bypassed for it; without
 * JavaScript the app's own scripts are blocked instead (the page stays scriptable for axe).
 */
async function contextFor(browser: Browser, way: Way, adminState: string | null): Promise<BrowserContext> {
  const options = { baseURL: APP_URL, bypassCSP: true, javaScriptEnabled: true }
  const context = await browser.newContext(adminState ? { ...options, storageState: adminState } : options)
  if (way === 'server') await context.route(/\/assets\/.+\.js(\?.*)?$/, (route) => route.abort())
  return context
}

/**
 * The signed-in pages of both ways, one tab each per worker, reused by every page checked there: a
 * new context per check cost a browser process and a cold axe each time (about a fifth of this
 * file's time). Every check starts with a full navigation (`page.goto`), so nothing a page leaves
 * behind reaches the next one but the shared session's cookies, as for any test on the shared login.
 */
const quality = test.extend<object, { tabs: Record<Way, Page> }>({
  tabs: [
    async ({ browser, adminState }, use) => {
      const contexts = await Promise.all((['hydrated', 'server'] as const).map((way) => contextFor(browser, way, adminState)))
      const [hydrated, server] = await Promise.all(contexts.map((c) => c.newPage()))
      await use({ hydrated: hydrated!, server: server! })
      await Promise.all(contexts.map((c) => c.close()))
    },
    { scope: 'worker' },
  ],
})

/** Opens `checked` in `page` and waits until it is ready to be checked. */
async function open(page: Page, checked: CheckedPage, way: Way) {
  await page.goto(checked.path)
  await checked.ready(page)
  // With JavaScript, a page that loads the app's scripts is checked once React has run (app/root.tsx
  // marks <html>): what is visible before that is the server's page, not the hydrated one.
  if (way === 'hydrated' && (await page.evaluate(() => document.querySelector('script[type="module"]') !== null)))
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}

/** Both ways of `checked`: axe on the hydrated page, and on the server's page where the two differ. */
async function check(pages: Record<Way, Page>, checked: CheckedPage) {
  await open(pages.hydrated, checked, 'hydrated')
  expect(await axeSeriousFindings(pages.hydrated), 'with JavaScript').toEqual([])
  await open(pages.server, checked, 'server')
  if ((await documentShape(pages.hydrated)) !== (await documentShape(pages.server)))
    expect(await axeSeriousFindings(pages.server), 'without JavaScript').toEqual([])
}

// Independent pages: spread over the workers rather than one file's turn on one of them.
test.describe.configure({ mode: 'parallel' })

for (const checked of CHECKED_PAGES) {
  quality(
    `axe-core: no serious or critical finding on ${checked.name}, with JavaScript and without`,
    { tag: ONCE },
    async ({ browser, tabs }) => {
      if (checked.loggedIn) return check(tabs, checked)
      // A page for visitors (the login): contexts of its own, without the shared session.
      const contexts = await Promise.all((['hydrated', 'server'] as const).map((way) => contextFor(browser, way, null)))
      try {
        const [hydrated, server] = await Promise.all(contexts.map((c) => c.newPage()))
        await check({ hydrated: hydrated!, server: server! }, checked)
      } finally {
        await Promise.all(contexts.map((c) => c.close()))
      }
    },
  )
}
