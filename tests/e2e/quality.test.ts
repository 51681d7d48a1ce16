/**
 * Accessible pages: every page of CHECKED_PAGES (tests/e2e/pages.ts) has no serious or critical
 * axe-core finding — with JavaScript (the hydrated page) and without it (the server's HTML with the
 * app's scripts blocked). The Nu HTML Checker, which only needs the server's HTML, runs once per test
 * run: tests/e2e/html-valid.test.ts.
 *
 * axe costs one to three seconds of CPU a page, loading the page a fraction of that. So each page is
 * loaded both ways in one test (run once, not per project) and axe runs on the hydrated document; it
 * runs on the server's document too whenever the two differ in anything axe reads (the DOM as
 * serialized, attribute order included; scripts, stylesheets and nonces aside: the same stylesheet is
 * inlined or linked). Where they are the same, one run's findings are the other's. About a third of
 * the pages are the same both ways.
 */
import type { Browser, Page } from '@playwright/test'
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

async function open(browser: Browser, checked: CheckedPage, adminState: string, jsEnabled: boolean) {
  // axe runs as a script tag: CSP bypassed for it; without JS the app's own scripts are blocked instead.
  const options = { baseURL: APP_URL, bypassCSP: true, javaScriptEnabled: true }
  const context = await browser.newContext(checked.loggedIn ? { ...options, storageState: adminState } : options)
  if (!jsEnabled) await context.route(/\/assets\/.+\.js(\?.*)?$/, (route) => route.abort())
  const page = await context.newPage()
  await page.goto(checked.path)
  await checked.ready(page)
  // With JavaScript, a page that loads the app's scripts is checked once React has run (app/root.tsx
  // marks <html>): what is visible before that is the server's page, not the hydrated one.
  if (jsEnabled && (await page.evaluate(() => document.querySelector('script[type="module"]') !== null)))
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  return { context, page }
}

// Independent pages: spread over the workers rather than one file's turn on one of them.
test.describe.configure({ mode: 'parallel' })

for (const checked of CHECKED_PAGES) {
  test(
    `axe-core: no serious or critical finding on ${checked.name}, with JavaScript and without`,
    { tag: ONCE },
    async ({ browser, adminState }) => {
      const hydrated = await open(browser, checked, adminState, true)
      try {
        expect(await axeSeriousFindings(hydrated.page), 'with JavaScript').toEqual([])
        const server = await open(browser, checked, adminState, false)
        try {
          if ((await documentShape(hydrated.page)) !== (await documentShape(server.page)))
            expect(await axeSeriousFindings(server.page), 'without JavaScript').toEqual([])
        } finally {
          await server.context.close()
        }
      } finally {
        await hydrated.context.close()
      }
    },
  )
}
