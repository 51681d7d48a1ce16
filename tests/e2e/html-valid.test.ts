/**
 * Valid pages: every page of CHECKED_PAGES (tests/e2e/pages.ts) has no error
 * of the Nu HTML Checker, as a browser's first document (stylesheet inline) and as a later one
 * (stylesheet linked, from the cache). The server's HTML does not depend on the browser's JavaScript
 * setting, so this runs once per test run (the `http` project): every page is fetched once, all the
 * documents go to one Java process of the checker, and each page's test then asserts its own result.
 * axe-core, which needs the rendered page with JS on and off, stays in tests/e2e/quality.test.ts.
 */
import type { Browser } from '@playwright/test'
import { adminContext, expect, test } from './fixtures'
import { vnuErrors } from './html-checks'
import { CHECKED_PAGES, type CheckedPage } from './pages'
import { APP_URL } from './support'

type Visit = { status: number; html: string }
type Fetched = { first: Visit; later: Visit; errors: string[] }

let fetched: Map<string, Fetched> | undefined

/** Each page fetched as a first and a later document, then all of them checked in one JVM run. */
async function fetchAndCheck(browser: Browser, adminState: string): Promise<Map<string, Fetched>> {
  const anon = await browser.newContext({ baseURL: APP_URL })
  const admin = await adminContext(browser, adminState)
  try {
    const visits = new Map<CheckedPage, { first: Visit; later: Visit }>()
    for (const checked of CHECKED_PAGES) {
      const context = checked.loggedIn ? admin : anon
      await context.clearCookies({ name: 'armada_css' })
      const visit = async (): Promise<Visit> => {
        const res = await context.request.get(checked.path, { maxRedirects: 0 })
        return { status: res.status(), html: await res.text() }
      }
      const first = await visit()
      visits.set(checked, { first, later: await visit() })
    }
    const documents: Record<string, string> = {}
    for (const [checked, { first, later }] of visits) {
      documents[`${checked.name} (first visit)`] = first.html
      documents[`${checked.name} (later visit)`] = later.html
    }
    const errors = vnuErrors(documents)
    return new Map(
      [...visits].map(([checked, v]) => [
        checked.name,
        {
          ...v,
          errors: [`${checked.name} (first visit)`, `${checked.name} (later visit)`].flatMap((doc) =>
            errors[doc].map((e) => `${doc}: ${e}`),
          ),
        },
      ]),
    )
  } finally {
    await anon.close()
    await admin.close()
  }
}

test.beforeAll(async ({ browser, adminState }) => {
  test.setTimeout(180_000)
  fetched = await fetchAndCheck(browser, adminState)
})

for (const checked of CHECKED_PAGES) {
  test(`Nu HTML Checker: no error on ${checked.name}, first and later visit`, async () => {
    const page = fetched?.get(checked.name)
    expect(page, 'fetched and checked in beforeAll').toBeDefined()
    const { first, later, errors } = page!
    expect(first.status, `${checked.path}, first visit`).toBe(200)
    expect(first.html).toContain('<style id="app-css"')
    expect(later.status, `${checked.path}, later visit`).toBe(200)
    expect(later.html).not.toContain('<style id="app-css"')
    expect(later.html).toMatch(/<link rel="stylesheet" href="\/assets\/[^"]+\.css"\/>/)
    expect(errors, `Nu HTML Checker errors on ${checked.name} (${checked.path})`).toEqual([])
  })
}
