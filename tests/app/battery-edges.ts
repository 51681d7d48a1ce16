/**
 * The app's edges, plain HTTP (battery.test.ts calls `edgeTests()`, after its routes' tests; these
 * run one at a time): bounded request bodies, the product restarting a process that died, the redirect
 * after login staying on the site, logout by POST only.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { ADMIN, APP_URL, client, loginAs, SAME_ORIGIN, type Client } from './http'
import { SPARE_PORT } from './ports'

const MB = 1024 * 1024
const TOO_LARGE = 'Kiriman terlalu besar'

type BigAnswer = { status: number | null; page: boolean; error: string | null; sentMb: number }

/**
 * POSTs `size` bytes to `path` as fast as the server takes them, with Content-Length or chunked, and
 * reads the answer while still sending (as a browser does). The connection may be closed under it
 * once answered: that is the point.
 */
function postBig(path: string, size: number, opts: { chunked: boolean; type?: string; cookie?: string }): Promise<BigAnswer> {
  return new Promise((resolve) => {
    const url = new URL(path, APP_URL)
    const headers: Record<string, string> = { 'Content-Type': opts.type ?? 'application/x-www-form-urlencoded', Origin: APP_URL }
    if (!opts.chunked) headers['Content-Length'] = String(size)
    if (opts.cookie) headers.Cookie = opts.cookie
    const req = http.request({ hostname: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers })
    let status: number | null = null
    let text = ''
    let sent = 0
    let error: string | null = null
    const done = () => resolve({ status, page: text.includes(TOO_LARGE), error, sentMb: Math.round(sent / MB) })
    req.on('response', (res) => {
      status = res.statusCode ?? null
      res.setEncoding('utf8')
      res.on('data', (d: string) => (text += d))
      res.on('error', () => undefined)
    })
    req.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? e.message))
    req.on('close', done)
    const chunk = Buffer.alloc(64 * 1024, 'a')
    const pump = () => {
      while (sent < size && !req.destroyed) {
        sent += chunk.length
        if (!req.write(chunk)) return void req.once('drain', pump)
      }
      if (!req.destroyed) req.end()
    }
    pump()
  })
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** `admin()`: the battery's admin session (a client of http.ts, logged in by its beforeAll). */
export function edgeTests(admin: () => Client) {
  describe('bounded request bodies', () => {
    test('four concurrent 60 MB bodies to /login: 413 each, and /login answers 200 all the while', { timeout: 90_000 }, async () => {
      let polls = 0
      const failures: string[] = []
      let stop = false
      const poller = (async () => {
        while (!stop) {
          const t0 = Date.now()
          try {
            const res = await fetch(`${APP_URL}/login`, { signal: AbortSignal.timeout(10_000) })
            await res.text()
            if (res.status !== 200) failures.push(`status ${res.status}`)
          } catch (error) {
            failures.push(String(error))
          }
          polls++
          const took = Date.now() - t0
          if (took > 5_000) failures.push(`/login took ${took} ms`)
          await sleep(100)
        }
      })()
      const answers = await Promise.all([
        postBig('/login', 60 * MB, { chunked: false }),
        postBig('/login', 60 * MB, { chunked: true }),
        postBig('/login', 60 * MB, { chunked: true }),
        postBig('/login', 60 * MB, { chunked: true, type: 'multipart/form-data; boundary=batas' }),
      ])
      stop = true
      await poller
      for (const [i, a] of answers.entries()) {
        expect(a.status, `body ${i}: ${JSON.stringify(a)}`).toBe(413)
        expect(a.page, `body ${i}: the Indonesian page`).toBe(true)
      }
      expect(failures, 'every /login meanwhile answered 200 within 5 s').toEqual([])
      expect(polls).toBeGreaterThan(0)
      // And the app is alive afterwards: a normal login still works.
      const res = await fetch(`${APP_URL}/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: APP_URL },
        body: new URLSearchParams({ ...ADMIN, redirectTo: '/admin/departemen' }),
        redirect: 'manual',
      })
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toBe('/admin/departemen')
    })

    test('logged in: a form just over 1 MB is 413 and nothing is stored; a 3 MB multipart form is read', async () => {
      const api = admin()
      const over = await api.post('/admin/departemen/tambah', {
        headers: { Origin: APP_URL, 'Content-Type': 'application/x-www-form-urlencoded' },
        data: `nama=Terlalu+Besar&catatan=${'x'.repeat(MB)}`,
      })
      expect(over.status).toBe(413)
      expect(over.text).toContain(TOO_LARGE)
      const cookie = api.cookie()
      const chunked = await postBig('/admin/departemen/tambah', 2 * MB, { chunked: true, cookie })
      expect(chunked.status).toBe(413)
      // Multipart has the photo limit: 3 MB is read (the form's own answer, not 413).
      const multipart = await api.post('/admin/departemen/tambah', {
        headers: { Origin: APP_URL },
        multipart: { nama: '', foto: { name: 'foto.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(3 * MB, 1) } },
      })
      expect(multipart.status).not.toBe(413)
      expect(multipart.status).toBeLessThan(500)
    })
  })

  describe('the product keeps running', () => {
    test(
      'npm start: a killed app is started again and answers, the api goes on; a killed api comes back; SIGTERM stops all',
      { timeout: 120_000 },
      async () => {
        const dir = mkdtempSync(join(tmpdir(), 'fleet-restart-'))
        const port = SPARE_PORT
        let log = ''
        const product: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
          env: {
            ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'UPSTREAM_API_URL')),
            NODE_ENV: 'production',
            PORT: String(port),
            API_PORT: String(port + 1),
            DATABASE_URL: `file:${join(dir, 'db.sqlite')}`,
            UPLOADS_DIR: join(dir, 'uploads'),
            SESSION_SECRET: 'restart-secret-0123456789abcdef0123456789',
            ADMIN_PASSWORD: 'admin',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        })
        product.stdout!.on('data', (d) => (log += d))
        product.stderr!.on('data', (d) => (log += d))
        const pids = (name: string) => [...log.matchAll(new RegExp(`\\[start\\] ${name} pid (\\d+)`, 'g'))].map((m) => Number(m[1]))
        const alive = (pid: number) => {
          try {
            process.kill(pid, 0)
            return true
          } catch {
            return false
          }
        }
        const loginAnswers = async () => {
          try {
            return (await fetch(`http://localhost:${port}/login`, { signal: AbortSignal.timeout(3_000) })).status === 200
          } catch {
            return false
          }
        }
        const canLogIn = async () => {
          try {
            const res = await fetch(`http://localhost:${port}/login`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: `http://localhost:${port}` },
              body: new URLSearchParams({ ...ADMIN, redirectTo: '' }),
              redirect: 'manual',
              signal: AbortSignal.timeout(5_000),
            })
            return res.status === 302
          } catch {
            return false
          }
        }
        try {
          await expect.poll(loginAnswers, { timeout: 60_000, interval: 300 }).toBe(true)
          const [app] = pids('app')
          const [api] = pids('api')
          expect(app && api, log).toBeTruthy()

          process.kill(app, 'SIGKILL')
          await expect.poll(() => alive(app), { timeout: 5_000 }).toBe(false)
          await expect.poll(loginAnswers, { timeout: 30_000, interval: 200 }).toBe(true)
          expect(pids('app').length, log).toBe(2)
          expect(pids('app')[1]).not.toBe(app)
          expect(alive(api), 'the api was not stopped with the app').toBe(true)
          expect(pids('api')).toEqual([api])
          expect(await canLogIn()).toBe(true)

          process.kill(api, 'SIGKILL')
          await expect.poll(() => pids('api').length, { timeout: 15_000 }).toBe(2)
          await expect.poll(canLogIn, { timeout: 30_000, interval: 300 }).toBe(true)
          const [, app2] = pids('app')
          expect(alive(app2), 'the app was not stopped with the api').toBe(true)

          product.kill('SIGTERM')
          await expect.poll(() => product.exitCode, { timeout: 10_000 }).toBe(0)
          await expect.poll(() => [app2, pids('api')[1]].some(alive), { timeout: 5_000 }).toBe(false)
        } catch (error) {
          throw new Error(`${error instanceof Error ? error.message : String(error)}\n--- npm start said ---\n${log}`)
        } finally {
          if (product.exitCode === null) product.kill('SIGKILL')
          for (const pid of [...pids('app'), ...pids('api')]) if (alive(pid)) process.kill(pid, 'SIGKILL')
          rmSync(dir, { recursive: true, force: true })
        }
      },
    )
  })

  describe('redirect after login stays on the site', () => {
    const EVIL = [
      '/.//evil.example',
      '/./\\evil.example',
      '/%2e//evil.example',
      '/%2F%2Fevil.example',
      '/\t/evil.example',
      '/.\\/evil.example',
      '//evil.example',
    ]

    test('POST /login: Location is never another site', async () => {
      const anon = client()
      for (const redirectTo of EVIL) {
        const res = await anon.post('/login', { form: { ...ADMIN, redirectTo }, headers: SAME_ORIGIN })
        expect(res.status, redirectTo).toBe(302)
        expect(res.headers.get('location'), redirectTo).toBe('/admin/dashboard')
      }
      // A path inside the app is kept.
      const ok = await anon.post('/login', { form: { ...ADMIN, redirectTo: '/admin/departemen?q=a' }, headers: SAME_ORIGIN })
      expect(ok.headers.get('location')).toBe('/admin/departemen?q=a')
    })

    test('GET /login with a session: Location is never another site', async () => {
      for (const redirectTo of EVIL) {
        const res = await admin().get(`/login?redirectTo=${encodeURIComponent(redirectTo)}`)
        expect(res.status, redirectTo).toBe(302)
        expect(res.headers.get('location'), redirectTo).toBe('/admin/dashboard')
      }
    })
  })

  describe('logout is a POST', () => {
    test('GET /admin/logout shows the button and keeps the session; the POST ends it', async () => {
      // A session of its own: this test ends it.
      const api = await loginAs(ADMIN.kode_user, ADMIN.password)
      const get = await api.get('/admin/logout')
      expect(get.status).toBe(200)
      expect(get.text).toMatch(/<form[^>]*method="post"[^>]*>[\s\S]*?Logout[\s\S]*?<\/form>/)
      expect(get.headers.get('set-cookie') ?? '', 'the session cookie is not cleared').not.toMatch(/Max-Age=0|1970/)
      const still = await api.get('/admin/dashboard')
      expect(still.status, 'still logged in after the GET').toBe(200)

      const post = await api.post('/admin/logout', { headers: { Origin: APP_URL } })
      expect(post.status).toBe(302)
      expect(post.headers.get('location')).toBe('/login')
      const after = await api.get('/admin/dashboard')
      expect(after.status).toBe(302)
      expect(after.headers.get('location')).toContain('/login')
    })
  })
}
