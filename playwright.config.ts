import { defineConfig } from '@playwright/test'
import { existsSync } from 'node:fs'

/**
 * End-to-end tests in Debian's Chromium (a browser download is impossible here) against the built
 * app and the embedded api on a temporary database, in two projects: JavaScript on and off.
 * A second app instance runs against a deliberately faulty upstream (tests/e2e/faulty-upstream.mjs).
 */
// E2E_PORT_BASE moves every port (default 3100: app 3100, api 3101, faulty app 3200, faulty upstream
// 3201), so two checkouts can run their e2e tests side by side.
const BASE = Number(process.env.E2E_PORT_BASE ?? 3100)
export const APP_URL = `http://localhost:${BASE}`
export const API_URL = `http://127.0.0.1:${BASE + 1}`
export const FAULTY_APP_URL = `http://localhost:${BASE + 100}`
export const FAULTY_UPSTREAM_URL = `http://127.0.0.1:${BASE + 101}`

/** Request-level files that do not depend on the browser's JavaScript setting: the `http` project only. */
const HTTP_FILES = /(html-valid|service)\.test\.ts/

/**
 * The tag of a test whose behaviour JavaScript does not change — a rule the server applies, a grant
 * refused, a value stored, what a list or a print page shows as the server renders it — once the
 * screen's JavaScript path is tested by another test of its own (a save, a refused save, a dialog,
 * the paging links, with and without JavaScript). It runs once, in the `nojs` project: the plain
 * HTML form and link, the server's own answer. Everything JavaScript changes keeps running both ways.
 */
export const ONCE = '@once'

/**
 * The browser of the tests: Debian's Chromium as its headless shell (package chromium-headless-shell,
 * the same engine and version as /usr/bin/chromium without the desktop browser around it; Playwright's
 * own default for headless tests), else the full /usr/bin/chromium. The shell costs about 2.4 times
 * less CPU for the same pages (docs/performance.md), and the tests are CPU-bound here. CHROMIUM_PATH
 * chooses another.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium')

/** Debian's Chromium here: no sandbox (root), no GPU, no background traffic (the tests, the bench). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // Room for a slow shared host (the same test took 3-8x longer on some days than on others); a
  // failed assertion still fails at once, only waits get longer.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: APP_URL,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    // No trace unless PW_TRACE is set: recording one for every test (kept only for a failure) cost
    // about a third of the run's CPU — the browser's screencast and snapshots, the worker writing them
    // (docs/performance.md). A failure still leaves its screenshot and error context in test-results/.
    trace: process.env.PW_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'js', testIgnore: HTTP_FILES, grepInvert: new RegExp(ONCE), use: { browserName: 'chromium', javaScriptEnabled: true } },
    { name: 'nojs', testIgnore: HTTP_FILES, use: { browserName: 'chromium', javaScriptEnabled: false } },
    // The request-level battery (plain HTTP) and the Nu HTML Checker over the server's HTML: once,
    // not per JavaScript setting.
    { name: 'http', testMatch: HTTP_FILES, use: { browserName: 'chromium', javaScriptEnabled: false } },
  ],
  webServer: [
    {
      command: 'node scripts/e2e-server.mjs',
      url: `${APP_URL}/login`,
      // bcrypt at its lowest cost: the tests make and log in many users (the default, 10, in production).
      env: { PORT: String(BASE), API_PORT: String(BASE + 1), API_PASSWORD_ROUNDS: '4' },
      reuseExistingServer: false,
      // SIGTERM, not the default SIGKILL: the server removes its temporary database on the way out.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node tests/e2e/faulty-upstream.mjs',
      url: `${FAULTY_UPSTREAM_URL}/health`,
      env: { FAULTY_PORT: String(BASE + 101) },
      reuseExistingServer: false,
      timeout: 15_000,
    },
    {
      command: 'node scripts/start.mjs',
      url: `${FAULTY_APP_URL}/login`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: {
        PORT: String(BASE + 100),
        UPSTREAM_API_URL: FAULTY_UPSTREAM_URL,
        UPSTREAM_TIMEOUT_MS: '1500',
        // The faulty upstream sends no ETag and switches its failure mode between requests: no reuse.
        UPSTREAM_LIST_TTL_MS: '0',
        SESSION_SECRET: 'faulty-secret-0123456789abcdef012345',
        PUBLIC_URL: FAULTY_APP_URL,
      },
    },
  ],
})
