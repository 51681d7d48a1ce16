/**
 * Valid, accessible pages (issue 11 §5): every page of CHECKED_PAGES (tests/e2e/pages.ts) has no
 * error of the Nu HTML Checker, as a browser's first document (stylesheet inline) and as a later one
 * (stylesheet linked, from the cache), and no serious or critical axe-core finding — with JavaScript
 * (the hydrated page) and without it (the server's HTML with the app's scripts blocked).
 */
import { APP_URL } from '../../playwright.config'
import { expect, login, test } from './fixtures'
import { axeSeriousFindings, vnuErrors } from './html-checks'
import { CHECKED_PAGES } from './pages'

for (const checked of CHECKED_PAGES) {
  test(`Nu HTML Checker: no error on ${checked.name}, first and later visit`, async ({ browser }) => {
    const context = await browser.newContext({ baseURL: APP_URL })
    try {
      const page = await context.newPage()
      if (checked.loggedIn) await login(page)
      await context.clearCookies({ name: 'armada_css' })
      const first = await context.request.get(checked.path)
      expect(first.status()).toBe(200)
      const firstHtml = await first.text()
      expect(firstHtml).toContain('<style id="app-css"')
      const later = await (await context.request.get(checked.path)).text()
      expect(later).not.toContain('<style id="app-css"')
      expect(later).toMatch(/<link rel="stylesheet" href="\/assets\/[^"]+\.css"\/>/)
      expect(vnuErrors([firstHtml, later])).toEqual([])
    } finally {
      await context.close()
    }
  })

  test(`axe-core: no serious or critical finding on ${checked.name}`, async ({ browser, jsEnabled }) => {
    // axe runs as a script tag: CSP bypassed for it; without JS the app's own scripts are blocked instead.
    const context = await browser.newContext({ baseURL: APP_URL, bypassCSP: true, javaScriptEnabled: true })
    try {
      if (!jsEnabled) await context.route(/\/assets\/.+\.js(\?.*)?$/, (route) => route.abort())
      const page = await context.newPage()
      if (checked.loggedIn) await login(page)
      await page.goto(checked.path)
      await checked.ready(page)
      expect(await axeSeriousFindings(page)).toEqual([])
    } finally {
      await context.close()
    }
  })
}
