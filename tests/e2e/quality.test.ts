/**
 * Accessible pages: every page of CHECKED_PAGES (tests/e2e/pages.ts) has no serious or
 * critical axe-core finding — with JavaScript (the hydrated page) and without it (the server's HTML
 * with the app's scripts blocked): two different documents, so this runs in both projects. The Nu
 * HTML Checker, which only needs the server's HTML, runs once per test run: tests/e2e/html-valid.test.ts.
 */
import { APP_URL } from '../../playwright.config'
import { expect, test } from './fixtures'
import { axeSeriousFindings } from './html-checks'
import { CHECKED_PAGES } from './pages'

for (const checked of CHECKED_PAGES) {
  test(`axe-core: no serious or critical finding on ${checked.name}`, async ({ browser, jsEnabled, adminState }) => {
    // axe runs as a script tag: CSP bypassed for it; without JS the app's own scripts are blocked instead.
    const options = { baseURL: APP_URL, bypassCSP: true, javaScriptEnabled: true }
    const context = await browser.newContext(checked.loggedIn ? { ...options, storageState: adminState } : options)
    try {
      if (!jsEnabled) await context.route(/\/assets\/.+\.js(\?.*)?$/, (route) => route.abort())
      const page = await context.newPage()
      await page.goto(checked.path)
      await checked.ready(page)
      expect(await axeSeriousFindings(page)).toEqual([])
    } finally {
      await context.close()
    }
  })
}
