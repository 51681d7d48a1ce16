/**
 * Helpers shared by the foundation battery (login, session, shell, Departemen, security).
 * Only test code: nothing here is imported by the app.
 */
import { createDecipheriv, createHash } from 'node:crypto'
import { mkdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserContext, Page } from '@playwright/test'
import { API_URL, APP_URL, FAULTY_APP_URL, FAULTY_UPSTREAM_URL } from '../../playwright.config'
import { expect, upstream } from './fixtures'
import { SECRETS as E2E_SECRETS, SESSION_COOKIE, sessionCookie, type SessionPayload } from '../session-cookie'

export { API_URL, APP_URL, FAULTY_APP_URL, FAULTY_UPSTREAM_URL }

// ---- the session cookie, as the app writes it (tests/session-cookie.ts) -------------------------------

export { SESSION_COOKIE, type SessionPayload }

export async function sessionCookieOf(context: BrowserContext) {
  return (await context.cookies(APP_URL)).find((c) => c.name === SESSION_COOKIE) ?? null
}

/** Reads (and verifies the signature of) the session cookie of the main app. */
export async function readSession(context: BrowserContext): Promise<SessionPayload | null> {
  const c = await sessionCookieOf(context)
  if (!c) return null
  return (await sessionCookie.parse(`${SESSION_COOKIE}=${c.value}`)) as SessionPayload | null
}

/** Replaces the session cookie of the main app by a correctly signed one holding `payload`. */
export async function writeSession(context: BrowserContext, payload: SessionPayload) {
  const header = await sessionCookie.serialize(payload)
  const value = header.split(';')[0].slice(SESSION_COOKIE.length + 1)
  await setRawSessionCookie(context, value)
}

/**
 * Sets the session cookie's raw value (for forging, tampering and replaying). Through CDP, because
 * a `__Host-` cookie must be host-only (no Domain), which context.addCookies cannot express.
 */
export async function setRawSessionCookie(context: BrowserContext, value: string) {
  const page = context.pages()[0] ?? (await context.newPage())
  const cdp = await context.newCDPSession(page)
  try {
    await cdp.send('Network.deleteCookies', { name: SESSION_COOKIE, url: `${APP_URL}/` })
    const { success } = (await cdp.send('Network.setCookie', {
      name: SESSION_COOKIE,
      value,
      url: `${APP_URL}/`,
      path: '/',
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
    })) as { success?: boolean }
    expect(success ?? true, 'cookie set').toBe(true)
  } finally {
    await cdp.detach()
  }
  expect((await sessionCookieOf(context))?.value).toBe(value)
}

/** The upstream bearer token inside the session (AES-256-GCM, key derived from the secret as the app does). */
export function decryptToken(tokenEnc: string): string | null {
  const [iv, tag, enc] = tokenEnc.split('.').map((p) => Buffer.from(p, 'base64url'))
  for (const secret of E2E_SECRETS) {
    try {
      const key = createHash('sha256').update(`fleet-token:${secret}`).digest()
      const d = createDecipheriv('aes-256-gcm', key, iv)
      d.setAuthTag(tag)
      return Buffer.concat([d.update(enc), d.final()]).toString('utf8')
    } catch {
      // next secret
    }
  }
  return null
}

/** GET /api/me on the reference api with a given token: 200 while it is valid, 401 once revoked. */
export async function meStatus(token: string) {
  const r = await fetch(`${API_URL}/api/me`, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } })
  return r.status
}

// ---- data ----------------------------------------------------------------------------------------

export type Dep = { id: number; kode_departemen: string; nama: string; qrcode_departemen: string | null }

/** Creates departments straight in the reference api (in this order), returning what it stored. */
export async function createDepartemen(...names: string[]): Promise<Dep[]> {
  const api = await upstream()
  const out: Dep[] = []
  for (const nama of names) {
    const r = await api.post('/api/departemen', { nama })
    expect(r.status, `POST /api/departemen ${nama}`).toBe(201)
    out.push(r.json.data as Dep)
  }
  return out
}

export async function allDepartemen(): Promise<Dep[]> {
  const r = await (await upstream()).get('/api/departemen')
  expect(r.status).toBe(200)
  return r.json as Dep[]
}

export async function findDepartemen(nama: string): Promise<Dep[]> {
  return (await allDepartemen()).filter((d) => d.nama === nama)
}

export async function deleteDepartemen(...ids: number[]) {
  const api = await upstream()
  for (const id of ids) await api.del(`/api/departemen/${id}`)
}

// ---- the faulty upstream -------------------------------------------------------------------------

export type FaultyMode = 'ok' | '500' | 'garbage' | 'shape' | 'slow' | '401'

export async function setFaultyMode(mode: FaultyMode) {
  const r = await fetch(`${FAULTY_UPSTREAM_URL}/__mode`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ mode }),
  })
  expect((await r.json()).mode).toBe(mode)
}

/**
 * The faulty upstream has one global mode, and the js and nojs projects may run at the same time
 * in two workers: a lock directory makes the tests that switch modes take turns across workers.
 */
const LOCK = join(tmpdir(), `fleet-e2e-faulty-upstream-${new URL(FAULTY_UPSTREAM_URL).port}.lock`)
const STALE_MS = 90_000

export async function withFaultyLock<T>(fn: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      mkdirSync(LOCK)
      break
    } catch {
      try {
        if (Date.now() - statSync(LOCK).mtimeMs > STALE_MS) rmSync(LOCK, { recursive: true, force: true })
      } catch {
        // released meanwhile
      }
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  try {
    await setFaultyMode('ok')
    return await fn()
  } finally {
    await setFaultyMode('ok').catch(() => undefined)
    rmSync(LOCK, { recursive: true, force: true })
  }
}

/** Logs in on the app in front of the faulty upstream (its login always succeeds). */
export async function loginFaulty(page: Page, redirectTo?: string) {
  await page.goto(`${FAULTY_APP_URL}/login${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ''}`)
  await page.getByLabel('Kode User').fill('siapa-saja')
  await page.getByLabel('Password', { exact: true }).fill('apa-saja')
  await page.getByRole('button', { name: 'Login' }).click()
  await page.waitForURL((url) => url.port === new URL(FAULTY_APP_URL).port && url.pathname.startsWith('/admin'))
}

// ---- page pieces ---------------------------------------------------------------------------------

/**
 * A slow network: the app's scripts are held until `release()`, so a test can type before hydration.
 * Open the page with `waitUntil: 'commit'` (DOMContentLoaded waits for the held module scripts).
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/.+\.js(\?.*)?$/, async (route) => {
    await held
    await route.continue()
  })
  return release
}

/** The sidebar (navigation landmark 'Menu utama'). */
export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Menu utama' })

/**
 * The flash message after a save or delete (role status) with `text`. It fades by CSS after 1–3 s,
 * which a busy test browser can outlast before its first look, so it is found whether or not it has
 * faded yet: assert `toBeAttached()` that it was shown, `toBeHidden()` that it went away.
 */
export const flash = (page: Page, text: string) => page.getByRole('status', { includeHidden: true }).filter({ hasText: text })

/** The table row of the list whose Nama cell is exactly `nama`. */
export const rowOf = (page: Page, nama: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: nama, exact: true }) })

/** The Nama column of the list's rows, in order. */
export async function namesInTable(page: Page): Promise<string[]> {
  return page.locator('tbody tr td:nth-child(3)').allInnerTexts()
}

/** Opens the row menu of the list row containing `text`: right click with JavaScript, its 'Aksi' summary without. */
export async function openRowMenu(page: Page, text: string, jsEnabled: boolean) {
  const row = page.locator('tbody tr').filter({ hasText: text })
  if (jsEnabled) await row.click({ button: 'right' })
  else await row.getByText('Aksi').click()
  return page.getByRole('menu')
}

// ---- searchable choices ----------------------------------------------------------------------------

/**
 * Chooses `value` in a searchable choice labelled `label` inside the dialog `dialogName`: a list that
 * grows with the fleet renders only its first matches, so the test types `text` in the choice's
 * search box first (without JS it presses Cari, which re-renders the dialog), then picks the option.
 */
export async function chooseSearched(page: Page, dialogName: string, label: string, text: string, value: string, jsEnabled: boolean) {
  const dialog = page.getByRole('dialog', { name: dialogName })
  await dialog.getByLabel(`Cari ${label}`).fill(text)
  if (!jsEnabled) await dialog.getByRole('button', { name: 'Cari', exact: true }).click()
  const choice = page.getByRole('dialog', { name: dialogName }).getByLabel(label, { exact: true })
  await expect(choice.locator(`option[value="${value}"]`)).toHaveCount(1)
  await choice.selectOption(value)
}
