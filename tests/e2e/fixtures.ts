import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { API_URL, APP_URL } from '../../playwright.config'

export const ADMIN = { kode_user: 'admin', password: 'admin' }

/** Logs in through the login screen (works with JS on and off). */
export async function login(page: Page, redirectTo?: string) {
  await page.goto(redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : '/login')
  await page.getByLabel('Kode User').fill(ADMIN.kode_user)
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.waitForURL((url) => url.pathname.startsWith('/admin'))
}

/** The reference api, asked directly: what the upstream really stored. */
export async function upstream() {
  const res = await fetch(`${API_URL}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  const { token } = (await res.json()) as { token: string }
  const call = async (method: string, path: string, json?: unknown) => {
    const r = await fetch(`${API_URL}${path}`, {
      method,
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}`, ...(json ? { 'Content-Type': 'application/json' } : {}) },
      body: json ? JSON.stringify(json) : undefined,
    })
    return { status: r.status, json: (await r.json().catch(() => null)) as any } // eslint-disable-line @typescript-eslint/no-explicit-any
  }
  return {
    get: (p: string) => call('GET', p),
    post: (p: string, j?: unknown) => call('POST', p, j),
    put: (p: string, j?: unknown) => call('PUT', p, j),
    del: (p: string) => call('DELETE', p),
  }
}

/** A name no other test uses (tests share one database). */
export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

type Fixtures = {
  /**
   * A page of the test's own context, signed in as admin with the worker's shared session (its
   * cookies from `adminState`), still blank: the test goes where it tests (a test about the dashboard
   * opens it itself).
   * For tests that only need an admin page. A test that logs out, revokes the token, expires or
   * tampers with the session, or checks the login itself uses `ownLogin` instead.
   */
  loggedIn: Page
  /** The page, signed in as admin through the login form for this test alone (a session of its own). */
  ownLogin: Page
  jsEnabled: boolean
}
type WorkerFixtures = {
  /**
   * Playwright storageState file of one admin login through the form (JavaScript as the project
   * has it), made once per worker. Contexts made from it share that session's upstream token: no
   * test using it may log out.
   */
  adminState: string
}

/**
 * With JavaScript on, a page opened by `page.goto` or `page.reload` is handed back once React has
 * taken it over (`html[data-hydrated]`, set by app/root.tsx), as a user on a normal network meets it:
 * a click in the moment between the load event and hydration is the no-JS page's click, and a test
 * of what JavaScript does would fail by chance on a loaded machine. What a user does before the
 * scripts run is tested on purpose with `holdScripts` and `waitUntil: 'commit'`, which skip the wait.
 * A page without the app's scripts (a print page, a plain error) is handed back at once.
 */
async function untilHydrated(page: Page) {
  await page.locator('html[data-hydrated], html:not(:has(script[type="module"]))').waitFor({ state: 'attached' })
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page)
      const reload = page.reload.bind(page)
      page.goto = async (url, options) => {
        const response = await goto(url, options)
        if (options?.waitUntil !== 'commit') await untilHydrated(page)
        return response
      }
      page.reload = async (options) => {
        const response = await reload(options)
        if (options?.waitUntil !== 'commit') await untilHydrated(page)
        return response
      }
    }
    await use(page)
  },
  adminState: [
    async ({ browser }, use, workerInfo) => {
      const file = join(workerInfo.project.outputDir, `.admin-state-${workerInfo.workerIndex}.json`)
      const context = await browser.newContext({ baseURL: APP_URL, javaScriptEnabled: workerInfo.project.use.javaScriptEnabled !== false })
      try {
        await login(await context.newPage())
        await context.storageState({ path: file })
      } finally {
        await context.close()
      }
      await use(file)
      rmSync(file, { force: true })
    },
    { scope: 'worker' },
  ],
  jsEnabled: async ({ javaScriptEnabled }, use) => use(javaScriptEnabled !== false),
  loggedIn: async ({ context, page, adminState }, use) => {
    await useAdminState(context, adminState)
    // The session is checked by the cheapest call that needs it (the keep-alive, which renews it as a
    // page would); the page itself stays blank until the test goes where it tests.
    const alive = await page.request.post('/keepalive', { headers: { Origin: APP_URL }, maxRedirects: 0 })
    expect(alive.status(), 'the shared admin session is over: a test using it ended it (give that test ownLogin)').toBe(200)
    await use(page)
  },
  ownLogin: async ({ page }, use) => {
    await login(page)
    await use(page)
  },
})

/** Puts the shared admin session (cookies of the `adminState` file) into a context. */
export async function useAdminState(context: BrowserContext, adminState: string) {
  const { cookies } = JSON.parse(readFileSync(adminState, 'utf8')) as { cookies: Parameters<BrowserContext['addCookies']>[0] }
  await context.addCookies(cookies)
}

/** A new context with the shared admin session (e.g. for plain requests through `context.request`). */
export function adminContext(browser: Browser, adminState: string, options: Parameters<Browser['newContext']>[0] = {}) {
  return browser.newContext({ baseURL: APP_URL, ...options, storageState: adminState })
}
export { expect }
