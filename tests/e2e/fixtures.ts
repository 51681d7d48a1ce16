import { test as base, expect, type Page } from '@playwright/test'
import { API_URL } from '../../playwright.config'

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
  return { get: (p: string) => call('GET', p), post: (p: string, j?: unknown) => call('POST', p, j), put: (p: string, j?: unknown) => call('PUT', p, j), del: (p: string) => call('DELETE', p) }
}

/** A name no other test uses (tests share one database). */
export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

type Fixtures = { loggedIn: Page; jsEnabled: boolean }

export const test = base.extend<Fixtures>({
  jsEnabled: async ({ javaScriptEnabled }, use) => use(javaScriptEnabled !== false),
  loggedIn: async ({ page }, use) => {
    await login(page)
    await use(page)
  },
})
export { expect }
