/**
 * `npm run bench [-- --duration S] [-- --scales 100,10000] [-- --connections C]`: what a user waits for, on the built app
 * (`npm run build` first). Never part of the tests. Bounded: loopback only, fixed durations, exits.
 *
 * For each scale N (default 100 and 10,000): a temporary database with the demo seed,
 * `seedScale(N)` (vehicles, purchases, tyres, fittings, as `npm run seed -- --scale N`) and N rows of
 * Departemen (the list screen measured), the reference api and the built app as separate processes
 * (NODE_ENV=production), then:
 *   (a) autocannon, S seconds each (default 10), as a returning browser (gzip, the stylesheet
 *       cookie), the Departemen list (logged in; every request rendered): 10 connections — p50, p95,
 *       req/s and the app's highest RSS during the load — and one connection (one user) — p50, p95;
 *   (b) the reference api itself, 40 sequential calls: GET /api/departemen and /api/kendaraan, full
 *       answer (200) and revalidation (304);
 *   (c) at the largest scale, Chromium (/usr/bin/chromium) with DevTools network throttling, cold
 *       cache: time to a painted list (the later of first contentful paint and a row plus an enabled
 *       search box), Slow 4G and Slow 3G, and a warm no-JavaScript click to the list's next page;
 *       then, right after each, the same list the seed's way (the comparison with a client-rendered SPA, target: the app
 *       ≥ 3× faster): bench/spa/, a client-rendered React 18 SPA built once per run with Vite
 *       (production, minified; bench/spa-server.ts) and served same-origin by a small static server
 *       (gzip, hashed assets immutable) that proxies /api/* to the same reference api, gzipping its
 *       JSON as nginx would. Cold, its token already in localStorage, it loads the document and the
 *       bundle, shows 'Memuat data, harap tunggu...', fetches the whole GET /api/departemen and
 *       renders page 1 on the client; the same READY_PROBE and FCP, its JS and JSON bytes, and the
 *       ratio of its painted-list time to the app's;
 *   (d) bytes of HTML, CSS and JavaScript per page (transferred with headers, compressed as Chromium
 *       negotiates: brotli where the server offers it, else gzip), first and later visit;
 *   (a') the dashboard (its panels read every vehicle, STNK, unposted document and tyre
 *       in stock; at scale N the vehicles get expiry dates spread over a year either side of today),
 *       10 connections — p50, p95, req/s;
 *   (e) at the first scale, four concurrent 60 MB bodies to POST /login (bench/large-bodies.ts): the
 *       answers (413), the app's peak RSS while they arrive, and /login answering meanwhile;
 *   (f) the tyre lines (bench/lifecycle.ts), one user: the tyre cost report over every tyre of the data set
 *       and one tyre's history (the app's Riwayat Ban page, or its api call while the app has none).
 *       `--only lifecycle` measures just these (quick: no load at 10 connections, no Chromium);
 *       `--only list` just (a) and (a') (the list and the dashboard under load; no Chromium).
 *   (f') the paged lists (bench/paged-lists.ts), one user: Pembelian Ban's last page sorted by supplier,
 *       Inquery Pembelian Ban over a year, searched, Pemasangan Ban's last page by cabin number, Pelepasan
 *       Ban by number of tyres and Inquery Pemasangan Ban's unposted fittings of a year, searched.
 *       `--only paged` measures just these.
 *   (g) several instances (bench/cluster.ts), at the largest scale, after everything else: the Departemen list
 *       through nginx (scripts/cluster.mjs, two api instances on one SQLite file) with one and with two
 *       app instances, and on a private PostgreSQL with two, the list line's autocannon settings.
 *       `--only cluster` measures just these (needs Debian's nginx).
 *   (h) Impor Stok Ban (bench/impor.ts), one user, at each scale: a workbook of 10,000 tyres
 *       (`--impor-rows N`) uploaded and previewed, then 'Simpan semua'; each time and the app server's
 *       highest RSS (VmHWM); the hostile files that once filled the app's heap (a CSV of 2,000,000
 *       lines, an .xlsx of 300,000 rows, one of 600,000 empty rows), each answer and the app's peak
 *       RSS; ten concurrent imports of 10,000 tyres, each answer's time and the app's peak RSS.
 *       `--only impor` measures just this.
 *   (j) `--only writes` (bench/writes.ts): two api instances on a private PostgreSQL: a Departemen add through
 *       one while the other saves a 10,000-tyre import, against the same add idle; 8 concurrent writers
 *       of different documents through one instance and through both.
 *   (i) `--only masters`: a master's growth, Departemen at 10,000 and 100,000 rows (beside a fleet of 100
 *       vehicles): one user's search (one row matches) and page 2, p50 and p95, and the p50 ratio.
 *   After each scale's lines, the app's highest RSS (VmHWM) through all of them.
 */
import { sql } from 'kysely'
import autocannon from 'autocannon'
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { cpus, freemem, totalmem, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core'
import { openDatabase } from '../api/db.ts'
import { prepareDatabase } from '../api/seed.ts'
import { seedScale } from '../api/seed/scale.ts'
import { appEnv, appServerArgs } from '../scripts/app-node-args.mjs'
import { buildSpa, removeSpaBuild, serveSpa } from './spa-server.ts'
import { largeBodies, largeBodiesLine } from './large-bodies.ts'
import { lifecycleLines } from './lifecycle.ts'
import { pagedListLines } from './paged-lists.ts'
import { clusterLines } from './cluster.ts'
import { writesLines } from './writes.ts'
import { imporConcurrentLines, imporHostileLines, imporLines } from './impor.ts'
import { CHROMIUM_ARGS } from '../playwright.config.ts'

const root = new URL('..', import.meta.url).pathname
function arg(name: string): string | null {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? (process.argv[i + 1] ?? null) : null
}
const DURATION = Math.max(2, Number(arg('duration') ?? 10))
const ONLY = arg('only')
const ONLY_CHOICES = ['lifecycle', 'list', 'cluster', 'paged', 'impor', 'masters', 'writes']
if (ONLY !== null && !ONLY_CHOICES.includes(ONLY)) {
  console.error(`[bench] --only takes: ${ONLY_CHOICES.join(', ')}`)
  process.exit(1)
}
// The list is measured at 10 connections; the memory bound is for 30 users (`--connections 30`).
const IMPOR_ROWS = Math.min(10_000, Math.max(1, Number(arg('impor-rows') ?? 10_000)))
const CONNECTIONS = Math.min(200, Math.max(1, Number(arg('connections') ?? 10)))
const SCALES = (arg('scales') ?? '100,10000')
  .split(',')
  .map(Number)
  .filter((n) => Number.isSafeInteger(n) && n > 0)
// Ports: BENCH_PORT_BASE, or E2E_PORT_BASE + 50 (a checkout's own range), or 4700.
const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? (process.env.E2E_PORT_BASE ? Number(process.env.E2E_PORT_BASE) + 50 : 4700))

if (!existsSync(join(root, 'build', 'server', 'index.js'))) {
  console.error('[bench] build/ is missing: run `npm run build` first.')
  process.exit(1)
}

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : n < 100 ? 1 : 0)} ms`
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * p) - 1))] ?? NaN

// ---- the system under test ------------------------------------------------------------------------

type System = {
  base: string
  apiBase: string
  app: ChildProcess
  api: ChildProcess
  dir: string
  cookie: string
  returning: string
  token: string
  env: NodeJS.ProcessEnv
}

async function prepare(scale: number, dir: string, departemenRows = scale) {
  const db = await openDatabase(`file:${join(dir, 'bench.db')}`)
  await prepareDatabase(db, { demo: true, adminPassword: 'admin' })
  await seedScale(db, scale)
  const have = Number(
    (
      await db.q
        .selectFrom('departemen')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
  const insert = {
    run: (kode: string, nama: string, qr: string) =>
      db.q.insertInto('departemen').values({ kode_departemen: kode, nama, qrcode_departemen: qr }).execute(),
  }
  // The dashboard's due panel: the scale's vehicles get STNK and KIR dates around today.
  // (SQLite's date(): the bench runs on a SQLite file.)
  await db.q
    .updateTable('kendaraan')
    .set({
      expired_stnk: sql<string>`date('now', ((id * 37) % 730 - 365) || ' days')`,
      expired_kir: sql<string>`date('now', ((id * 53) % 730 - 365) || ' days')`,
    })
    .where('expired_stnk', 'is', null)
    .execute()
  await db.tx(async () => {
    for (let i = have; i < departemenRows; i++) {
      const kode = `DB${String(i).padStart(6, '0')}`
      await insert.run(kode, `Departemen Uji ${i}`, kode)
    }
  })
  await db.close()
}

async function waitFor(url: string, ms: number) {
  const until = Date.now() + ms
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).status < 500) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`${url} did not come up`)
}

async function start(scale: number, i: number, departemenRows = scale): Promise<System> {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-bench-'))
  await prepare(scale, dir, departemenRows)
  const port = PORT_BASE + i * 10
  for (const p of [port, port + 1]) {
    const taken = await fetch(`http://127.0.0.1:${p}/`).then(
      () => true,
      () => false,
    )
    if (taken) throw new Error(`port ${p} is in use: set BENCH_PORT_BASE (or E2E_PORT_BASE) to a free range`)
  }
  const env = {
    ...process.env,
    NODE_ENV: 'production' as const,
    PORT: String(port),
    API_PORT: String(port + 1),
    DATABASE_URL: `file:${join(dir, 'bench.db')}`,
    UPLOADS_DIR: join(dir, 'uploads'),
    SESSION_SECRET: 'bench-secret-0123456789abcdef0123456789',
    // Plain-HTTP loopback: the session cookie without Secure/__Host- so the bench can hand it to Chromium.
    INSECURE_COOKIES: 'true',
    // Production requires the address users open (printed links and QR codes name it).
    PUBLIC_URL: `http://localhost:${port}`,
  }
  const api = spawn(join(root, 'node_modules/.bin/tsx'), ['api/main.ts'], { cwd: root, env, stdio: 'ignore' })
  await waitFor(`http://127.0.0.1:${port + 1}/health`, 30_000)
  // Exactly as scripts/start.mjs runs it: the product's own server with the same Node flags.
  const app = spawn(process.execPath, appServerArgs(env), {
    cwd: root,
    env: appEnv(env),
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  // The app's errors are kept so a failed start says why (it is otherwise silent).
  let appErrors = ''
  app.stderr?.on('data', (chunk: Buffer) => (appErrors = (appErrors + chunk.toString()).slice(-4000)))
  const base = `http://localhost:${port}`
  await waitFor(`${base}/login`, 30_000).catch((e: unknown) => {
    app.kill('SIGTERM')
    api.kill('SIGTERM')
    throw new Error(`${String(e)}\n[app stderr]\n${appErrors}`)
  })
  const body = new URLSearchParams({ kode_user: 'admin', password: 'admin', redirectTo: '' })
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    body,
    redirect: 'manual',
    headers: { Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
  })
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0])
  const cookie = cookies.find((c) => c.includes('fleet_session'))
  if (!cookie) throw new Error(`login failed: ${res.status}`)
  // A returning browser: it has the stylesheet (armada_css), so documents link it instead of inlining.
  const returning = cookies.find((c) => c.startsWith('armada_css=')) ?? ''
  const apiBase = `http://127.0.0.1:${port + 1}`
  const t = await fetch(`${apiBase}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ kode_user: 'admin', password: 'admin' }),
  })
  const { token } = (await t.json()) as { token: string }
  return { base, apiBase, app, api, dir, cookie, returning, token, env }
}

function stop(s: System) {
  s.app.kill('SIGTERM')
  s.api.kill('SIGTERM')
  rmSync(s.dir, { recursive: true, force: true })
}

function rssOf(pid: number | undefined, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  if (!pid) return NaN
  try {
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return m ? Number(m[1]) * 1024 : NaN
  } catch {
    return NaN
  }
}

// ---- (a) load ------------------------------------------------------------------------------------

type Load = { p50: number; p95: number; rps: number; errors: number; requests: number }

async function load(url: string, headers: Record<string, string>, connections = CONNECTIONS): Promise<Load> {
  const times: number[] = []
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: DURATION, headers }, (error, r) => (error ? reject(error) : resolve(r)))
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime))
  })
  times.sort((a, b) => a - b)
  return {
    p50: pct(times, 0.5),
    p95: pct(times, 0.95),
    rps: result.requests.average,
    errors: result.non2xx + result.errors + result.timeouts,
    requests: result.requests.total,
  }
}

// ---- (b) the api itself ---------------------------------------------------------------------------

async function apiTimes(s: System, path: string) {
  const headers = { Accept: 'application/json', Authorization: `Bearer ${s.token}` }
  await fetch(`${s.apiBase}${path}`, { headers }).then((r) => r.text())
  const first = await fetch(`${s.apiBase}${path}`, { headers })
  const size = (await first.text()).length
  const etag = first.headers.get('etag')
  const full: number[] = []
  const revalidated: number[] = []
  for (let i = 0; i < 40; i++) {
    const t = performance.now()
    await fetch(`${s.apiBase}${path}`, { headers }).then((r) => r.text())
    full.push(performance.now() - t)
  }
  // The revalidations in a loop of their own: interleaved with 5 MiB answers they mostly measured
  // the garbage collection of those answers (in this process and the api's), not the 304 path.
  for (let i = 0; i < 40; i++) {
    const t = performance.now()
    const r = await fetch(`${s.apiBase}${path}`, { headers: { ...headers, 'If-None-Match': etag ?? '' } })
    await r.text()
    if (r.status !== 304) throw new Error(`${path}: expected 304, got ${r.status} (sent ${etag}, got ${r.headers.get('etag')})`)
    revalidated.push(performance.now() - t)
  }
  full.sort((a, b) => a - b)
  revalidated.sort((a, b) => a - b)
  return { size, full: pct(full, 0.5), fullP95: pct(full, 0.95), revalidated: pct(revalidated, 0.5) }
}

// ---- (c) and (d): Chromium -------------------------------------------------------------------------

const PROFILES = {
  'Slow 4G': { latency: 562.5, downloadThroughput: 180 * 1024, uploadThroughput: 84 * 1024 },
  'Slow 3G': { latency: 2000, downloadThroughput: 50 * 1024, uploadThroughput: 50 * 1024 },
} as const

/** Records, in the page, when a row and an enabled search box are first there. */
const READY_PROBE = `(() => {
  const check = () => {
    if (window.__listReady) return
    const row = document.querySelector('tbody tr td')
    const box = document.querySelector('input[type=search]')
    if (row && box && !box.disabled) window.__listReady = performance.now()
  }
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true })
  document.addEventListener('DOMContentLoaded', check)
})()`

async function throttled(page: Page, profile: keyof typeof PROFILES): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...PROFILES[profile] })
  return cdp
}

async function sessionContext(browser: Browser, s: System, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1280, height: 800 } })
  const eq = s.cookie.indexOf('=')
  await context.addCookies([{ name: s.cookie.slice(0, eq), value: s.cookie.slice(eq + 1), url: s.base, httpOnly: true, sameSite: 'Lax' }])
  return context
}

/** First contentful paint of the current document (ms after its navigation started). */
const fcpOf = (page: Page) => page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN)

async function coldList(browser: Browser, s: System, profile: keyof typeof PROFILES) {
  const context = await sessionContext(browser, s, true)
  await context.addInitScript(READY_PROBE)
  const page = await context.newPage()
  await throttled(page, profile)
  await page.goto(`${s.base}/admin/departemen`, { waitUntil: 'load', timeout: 120_000 })
  await page.waitForFunction(() => (window as unknown as { __listReady?: number }).__listReady, null, { timeout: 60_000 })
  const ready = await page.evaluate(() => (window as unknown as { __listReady: number }).__listReady)
  const fcp = await fcpOf(page)
  await context.close()
  return { fcp, ready, painted: Math.max(fcp, ready) }
}

/**
 * The same list as the seed built it (bench/spa/, a client-rendered React SPA on the same data and
 * api), cold, with the token already in localStorage (the user logged in earlier): the document,
 * the bundle, then `GET /api/departemen` (the whole list), then the client renders page 1.
 * Also the bytes it transferred: the bundle (JS) and the list (JSON).
 */
async function coldSpaList(browser: Browser, spaBase: string, token: string, profile: keyof typeof PROFILES) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  await context.addInitScript((t: string) => localStorage.setItem('token', t), token)
  await context.addInitScript(READY_PROBE)
  const page = await context.newPage()
  const cdp = await throttled(page, profile)
  const types = new Map<string, string>()
  const bytes = { js: 0, json: 0 }
  cdp.on('Network.responseReceived', (e: { requestId: string; response: { mimeType: string } }) =>
    types.set(e.requestId, e.response.mimeType),
  )
  cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
    const type = types.get(e.requestId) ?? ''
    if (/javascript/.test(type)) bytes.js += e.encodedDataLength
    else if (type === 'application/json') bytes.json += e.encodedDataLength
  })
  await page.goto(`${spaBase}/admin/departemen`, { waitUntil: 'load', timeout: 120_000 })
  await page.waitForFunction(() => (window as unknown as { __listReady?: number }).__listReady, null, { timeout: 120_000 })
  const ready = await page.evaluate(() => (window as unknown as { __listReady: number }).__listReady)
  const fcp = await fcpOf(page)
  await context.close()
  return { fcp, ready, painted: Math.max(fcp, ready), ...bytes }
}

async function warmNoJsClick(browser: Browser, s: System, profile: keyof typeof PROFILES) {
  const context = await sessionContext(browser, s, false)
  const page = await context.newPage()
  await throttled(page, profile)
  await page.goto(`${s.base}/admin/departemen`, { waitUntil: 'networkidle', timeout: 120_000 })
  const next = page.getByRole('navigation', { name: 'Halaman' }).locator('a[rel=next]')
  await Promise.all([page.waitForURL(/page=2/, { waitUntil: 'load', timeout: 120_000 }), next.click()])
  await page.locator('tbody tr td').first().waitFor()
  const fcp = await fcpOf(page)
  const nav = await page.evaluate(() => {
    const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
    return { dcl: n.domContentLoadedEventEnd, start: n.startTime }
  })
  await context.close()
  return Math.max(fcp, nav.dcl - nav.start)
}

type Bytes = { html: number; css: number; js: number }

async function pageBytes(browser: Browser, s: System, path: string, visits: number, loggedIn: boolean): Promise<Bytes[]> {
  const context = loggedIn ? await sessionContext(browser, s, true) : await browser.newContext()
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  const types = new Map<string, string>()
  let totals: Bytes = { html: 0, css: 0, js: 0 }
  // By content type: the stylesheet's prefetch is of type Other in DevTools, but it is CSS all the same.
  cdp.on('Network.responseReceived', (e: { requestId: string; response: { mimeType: string } }) =>
    types.set(e.requestId, e.response.mimeType),
  )
  cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
    const type = types.get(e.requestId) ?? ''
    if (type === 'text/html') totals.html += e.encodedDataLength
    else if (type === 'text/css') totals.css += e.encodedDataLength
    else if (/javascript/.test(type)) totals.js += e.encodedDataLength
  })
  const out: Bytes[] = []
  for (let v = 0; v < visits; v++) {
    totals = { html: 0, css: 0, js: 0 }
    await page.goto(`${s.base}${path}`, { waitUntil: 'networkidle' })
    out.push(totals)
  }
  await context.close()
  return out
}

// ---- run ------------------------------------------------------------------------------------------

const cpu = cpus()
console.log(
  `[bench] ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM (${(freemem() / 2 ** 30).toFixed(1)} free), load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}, Node ${process.version}`,
)
console.log(`[bench] autocannon: ${CONNECTIONS} connections, ${DURATION} s per line; scales ${SCALES.join(', ')}\n`)

const loads: { scale: number; list: Load; rss: number; single: Load; dashboard: Load }[] = []
const apis: { scale: number; path: string; size: number; full: number; fullP95: number; revalidated: number }[] = []
const browserFigures: string[] = []
let bodiesLine = ''
const lifecycle: { scale: number; lines: string[] }[] = []

/** (g): the cluster's ports follow the scales' (PORT_BASE + 30 … + 35). */
async function clusterFigures() {
  console.log(`[bench] (g) the list through nginx, ${SCALES[SCALES.length - 1]} rows: one and two app instances…`)
  return clusterLines({ port: PORT_BASE + 30, scale: SCALES[SCALES.length - 1]!, connections: CONNECTIONS, load })
}
function printCluster(lines: string[]) {
  console.log('\n(g) several instances behind nginx (autocannon, as the list line)')
  for (const l of lines) console.log(`  ${l}`)
}
if (ONLY === 'cluster') {
  printCluster(await clusterFigures())
  process.exit(0)
}
if (ONLY === 'writes') {
  console.log('[bench] writes of two api instances on PostgreSQL (bench/writes.ts)')
  await writesLines({ port: PORT_BASE + 40 })
  process.exit(0)
}

/** A master's search as one user: the Departemen list searched by a name that matches one row, and unsearched. */
async function masterSearch(s: System, headers: Record<string, string>, rows: number) {
  const searched = `${s.base}/admin/departemen?q=${encodeURIComponent(`Uji ${Math.floor(rows * 0.61)}`)}`
  await load(searched, headers, 1) // warm-up (JIT, the list cache)
  return { search: await load(searched, headers, 1), list: await load(`${s.base}/admin/departemen?page=2`, headers, 1) }
}
if (ONLY === 'masters') {
  // (i) A master's growth: Departemen at 10,000 and 100,000 rows (a fleet of 100 vehicles beside).
  const figures: { rows: number; search: Load; list: Load; hwm: number }[] = []
  for (const [i, rows] of [10_000, 100_000].entries()) {
    console.log(`[bench] departemen ${rows} rows: seeding and starting…`)
    const s = await start(100, i, rows)
    try {
      const headers = { cookie: `${s.cookie}; ${s.returning}`, 'accept-encoding': 'gzip' }
      figures.push({ rows, ...(await masterSearch(s, headers, rows)), hwm: rssOf(s.app.pid, 'VmHWM') })
    } finally {
      stop(s)
    }
  }
  console.log('\n(i) a master at 10,000 and 100,000 rows, one user (Departemen)')
  for (const f of figures) {
    console.log(
      `  ${String(f.rows).padStart(7)} rows  search: p50 ${ms(f.search.p50)}, p95 ${ms(f.search.p95)} (target p95 ≤ 30 ms: ${f.search.p95 <= 30 ? '✓' : '✗'})` +
        ` | page 2: p50 ${ms(f.list.p50)}, p95 ${ms(f.list.p95)} | app VmHWM ${(f.hwm / 2 ** 20).toFixed(0)} MB` +
        `${f.search.errors + f.list.errors ? ` | ${f.search.errors + f.list.errors} FAILED requests` : ''}`,
    )
  }
  const [small, large] = [figures[0]!, figures[1]!]
  const ratio = large.search.p50 / small.search.p50
  console.log(`  search p50 at 100,000 ÷ p50 at 10,000: ${ratio.toFixed(2)} (target ≤ 1.5: ${ratio <= 1.5 ? '✓' : '✗'})`)
  process.exit(0)
}

const highest: { scale: number; hwm: number }[] = []
for (const [i, scale] of SCALES.entries()) {
  console.log(`[bench] scale ${scale}: seeding and starting…`)
  const s = await start(scale, i)
  try {
    const headers = { cookie: `${s.cookie}; ${s.returning}`, 'accept-encoding': 'gzip' }
    const hwmLine = () => `the app's highest RSS (VmHWM) through these lines: ${(rssOf(s.app.pid, 'VmHWM') / 2 ** 20).toFixed(0)} MB`
    if (ONLY === 'impor') {
      lifecycle.push({
        scale,
        lines: [
          ...(await imporLines(s, headers, IMPOR_ROWS)),
          ...(await imporHostileLines(s, headers)),
          ...(await imporConcurrentLines(s, headers, IMPOR_ROWS)),
          hwmLine(),
        ],
      })
      for (const l of lifecycle[lifecycle.length - 1]!.lines) console.log(`  ${l}`)
      continue
    }
    if (ONLY !== 'list' && ONLY !== 'paged') {
      lifecycle.push({ scale, lines: await lifecycleLines(s, headers, load) })
      for (const l of lifecycle[lifecycle.length - 1]!.lines) console.log(`  ${l}`)
    }
    if (ONLY !== 'list' && ONLY !== 'lifecycle') {
      lifecycle.push({ scale, lines: await pagedListLines(s, headers, load) })
      for (const l of lifecycle[lifecycle.length - 1]!.lines) console.log(`  ${l}`)
    }
    if (ONLY === 'lifecycle' || ONLY === 'paged') {
      const line = hwmLine()
      lifecycle.push({ scale, lines: [line] })
      console.log(`  ${line}`)
      continue
    }
    await load(`${s.base}/admin/departemen`, headers) // warm-up (JIT, caches)
    // RSS: the highest reading while the load runs (every 100 ms), not only after it.
    let rss = rssOf(s.app.pid)
    const sampler = setInterval(() => (rss = Math.max(rss, rssOf(s.app.pid))), 100)
    const list = await load(`${s.base}/admin/departemen`, headers).finally(() => clearInterval(sampler))
    rss = Math.max(rss, rssOf(s.app.pid))
    const single = await load(`${s.base}/admin/departemen`, headers, 1)
    const dashboard = await load(`${s.base}/admin/dashboard`, headers)
    loads.push({ scale, list, rss, single, dashboard })
    console.log(
      `  list p50 ${ms(list.p50)} p95 ${ms(list.p95)} ${list.rps.toFixed(0)} req/s (${list.errors} failed); one user p95 ${ms(single.p95)}; RSS ${(rss / 2 ** 20).toFixed(0)} MB`,
    )
    console.log(
      `  dashboard p50 ${ms(dashboard.p50)} p95 ${ms(dashboard.p95)} ${dashboard.rps.toFixed(0)} req/s (${dashboard.errors} failed)`,
    )
    if (ONLY === 'list') continue
    for (const path of ['/api/departemen', '/api/kendaraan']) apis.push({ scale, path, ...(await apiTimes(s, path)) })

    if (i === SCALES.length - 1) {
      // The seed's way (the comparison): the same list as a React SPA, same api and data.
      const spaDir = await buildSpa()
      const spa = await serveSpa(spaDir, PORT_BASE + i * 10 + 2, s.apiBase).catch((error: unknown) => {
        removeSpaBuild(spaDir)
        throw error
      })
      const browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: CHROMIUM_ARGS,
      })
      try {
        for (const profile of Object.keys(PROFILES) as (keyof typeof PROFILES)[]) {
          let appPainted = NaN
          try {
            const cold = await coldList(browser, s, profile)
            appPainted = cold.painted
            const click = await warmNoJsClick(browser, s, profile)
            browserFigures.push(
              `${profile.padEnd(8)} cold, JS: painted list ${ms(cold.painted)} (FCP ${ms(cold.fcp)}, row + search box ${ms(cold.ready)}); warm no-JS click to page 2: ${ms(click)}`,
            )
          } catch (error) {
            browserFigures.push(
              `${profile}: FAILED (${String(error).split('\n')[0]}; app ${s.app.exitCode === null ? 'running' : `exited ${s.app.exitCode}`})`,
            )
          }
          console.log(`  ${browserFigures[browserFigures.length - 1]}`)
          try {
            const seed = await coldSpaList(browser, spa.base, s.token, profile)
            const ratio = seed.painted / appPainted
            browserFigures.push(
              `${profile.padEnd(8)} React SPA (seed's way): painted list ${ms(seed.painted)} (FCP ${ms(seed.fcp)}, row + search box ${ms(seed.ready)});` +
                ` transferred JS ${kib(seed.js)}, list JSON ${kib(seed.json)}` +
                (Number.isFinite(ratio) ? ` — the app is ${ratio.toFixed(1)}× faster (target ≥ 3×: ${ratio >= 3 ? '✓' : '✗'})` : ''),
            )
          } catch (error) {
            browserFigures.push(`${profile} React SPA (seed's way): FAILED (${String(error).split('\n')[0]})`)
          }
          console.log(`  ${browserFigures[browserFigures.length - 1]}`)
        }
        browserFigures.push('')
        for (const [name, path] of [
          ['login', '/login'],
          ['dashboard', '/admin/dashboard'],
          ['departemen', '/admin/departemen'],
        ] as const) {
          const [first, later] = await pageBytes(browser, s, path, 2, path !== '/login')
          browserFigures.push(
            `${name.padEnd(11)} first visit: HTML ${kib(first.html)}, CSS ${kib(first.css)}, JS ${kib(first.js)}; later visit: HTML ${kib(later.html)}, CSS ${kib(later.css)}, JS ${kib(later.js)} (transferred: br/gzip + headers)`,
          )
        }
      } finally {
        await browser.close()
        spa.server.closeAllConnections()
        spa.server.close()
        removeSpaBuild(spaDir)
      }
    }
    if (i === 0) {
      // Last at this scale, so the other figures are not measured on an app that just had them.
      bodiesLine = largeBodiesLine(await largeBodies(s.base, s.app.pid))
      console.log(`  ${bodiesLine}`)
    }
    highest.push({ scale, hwm: rssOf(s.app.pid, 'VmHWM') })
  } finally {
    stop(s)
  }
}

function printLifecycle() {
  console.log("\n(f) the tyre cost report and a tyre's history (one user)")
  for (const f of lifecycle) for (const l of f.lines) console.log(`  ${String(f.scale).padStart(6)} rows  ${l}`)
}
if (ONLY === 'lifecycle' || ONLY === 'impor' || ONLY === 'paged') {
  printLifecycle()
  process.exit(0)
}
if (ONLY === 'list') process.exit(0)

console.log('\n(a) the built app under load (autocannon)')
for (const l of loads) {
  console.log(
    `  ${String(l.scale).padStart(6)} rows  list, ${CONNECTIONS} connections: p50 ${ms(l.list.p50)}, p95 ${ms(l.list.p95)}, ${l.list.rps.toFixed(0)} req/s` +
      ` | app RSS ${(l.rss / 2 ** 20).toFixed(0)} MB | one user: p50 ${ms(l.single.p50)}, p95 ${ms(l.single.p95)}` +
      `${l.list.errors + l.single.errors ? ` | ${l.list.errors + l.single.errors} FAILED requests` : ''}`,
  )
}
for (const l of loads) {
  console.log(
    `  ${String(l.scale).padStart(6)} rows  dashboard, ${CONNECTIONS} connections: p50 ${ms(l.dashboard.p50)}, p95 ${ms(l.dashboard.p95)}, ${l.dashboard.rps.toFixed(0)} req/s` +
      `${l.dashboard.errors ? ` | ${l.dashboard.errors} FAILED requests` : ''}`,
  )
}
if (loads.length >= 2) {
  const [small, large] = [loads[0], loads[loads.length - 1]]
  console.log(`  p50 at ${large.scale} rows ÷ p50 at ${small.scale} rows: ${(large.list.p50 / small.list.p50).toFixed(2)}`)
}
for (const h of highest) {
  console.log(
    `  ${String(h.scale).padStart(6)} rows  the app's highest RSS (VmHWM) through every line of this scale: ${(h.hwm / 2 ** 20).toFixed(0)} MB (target ≤ 200 MB: ${h.hwm <= 200 * 2 ** 20 ? '✓' : '✗'})`,
  )
}
console.log('\n(b) the reference api (sequential, 40 calls)')
for (const a of apis) {
  console.log(
    `  ${String(a.scale).padStart(6)}  GET ${a.path.padEnd(16)} ${kib(a.size).padStart(11)}  200: p50 ${ms(a.full)} (p95 ${ms(a.fullP95)})  304: p50 ${ms(a.revalidated)}`,
  )
}
console.log(`\n(c, d) Chromium, ${SCALES[SCALES.length - 1]} rows`)
for (const line of browserFigures) console.log(line ? `  ${line}` : '')
console.log(`\n(e) bounded request bodies, ${SCALES[0]} rows`)
console.log(`  ${bodiesLine}`)
printLifecycle()
printCluster(await clusterFigures())
process.exit(0)
