/**
 * Logins without the login page: the login form's POST sent as a plain request from the page's
 * context, so the session cookie lands in the browser and the test's first page load is the page it
 * tests (no login page, no dashboard on the way). For tests whose subject is not the login itself
 * (the login form is tested with and without JavaScript in auth.test.ts).
 */
import type { Page } from '@playwright/test'
import { expect } from './fixtures'
import { APP_URL, FAULTY_APP_URL } from './support'

async function postLogin(page: Page, app: string, kode_user: string, password: string) {
  const res = await page.request.post(`${app}/login`, {
    form: { kode_user, password },
    headers: { Origin: app },
    maxRedirects: 0,
  })
  expect(res.status(), `login of ${kode_user} on ${app}`).toBe(302)
  expect(res.headers()['set-cookie'] ?? '', `login of ${kode_user} on ${app}: a session cookie`).toContain('fleet_session')
}

/** Signs the page's context in as `kode_user` on the app under test. */
export function loginByRequest(page: Page, kode_user: string, password: string) {
  return postLogin(page, APP_URL, kode_user, password)
}

/** Signs the page's context in on the second app, whose faulty upstream accepts any login. */
export function loginFaultyByRequest(page: Page) {
  return postLogin(page, FAULTY_APP_URL, 'siapa-saja', 'apa-saja')
}
