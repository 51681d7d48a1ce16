/**
 * Issue 21.3: the app holds as several instances behind nginx. One cluster (scripts/cluster.mjs:
 * nginx, two app instances, two api instances on one private PostgreSQL) for the whole file; every request
 * is plain HTTP as a browser without JavaScript sends it; what was stored is read back through the api.
 * Each test makes its own rows with a unique name.
 */
import { request } from 'node:http'
import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getPage, login, postForm, PORT, startCluster, storedDepartemen, unique, type Cluster } from './harness'

let cluster: Cluster
beforeAll(async () => {
  cluster = await startCluster()
}, 150_000)
afterAll(async () => {
  await cluster?.stop()
}, 20_000)

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const TAMBAH = '/admin/departemen/tambah'
const listOf = (nama: string) => `/admin/departemen?q=${encodeURIComponent(nama)}`

describe('two app instances behind nginx', () => {
  test('a session made by one app instance is good on the other', async () => {
    const { app1, app2 } = cluster.apps
    const cookie = await login(app1)

    const page = await getPage(app2, '/admin/departemen', cookie)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('Daftar departemen yang tersedia di sistem')
    expect(html).toContain('Administrator Sistem')
    // Without the cookie the same page on app2 is the way to the login (so the 200 above is the session's).
    const anonymous = await getPage(app2, '/admin/departemen')
    expect(anonymous.status).toBe(302)
    expect(anonymous.headers.get('location')).toMatch(/^\/login/)
  })

  test('a save on one instance is in the list read right after on the other (no stale list)', async () => {
    const { app1, app2 } = cluster.apps
    const cookie = await login(app1)
    const nama = unique('Lintas Instans')
    // app2 has read (and cached: the whole upstream list, searched in the app) the list before the save.
    const before = await getPage(app2, listOf(nama), cookie)
    expect(before.status).toBe(200)
    // (The search box echoes the name: the empty table is what says it is not there.)
    expect(await before.text()).toContain('Tidak ada data.')

    const saved = await postForm(app1, TAMBAH, { nama }, cookie)
    expect(saved.status).toBe(302)
    expect(saved.headers.get('location')).toBe('/admin/departemen')

    const after = await getPage(app2, listOf(nama), cookie)
    expect(after.status).toBe(200)
    const html = await after.text()
    expect(html).not.toContain('Tidak ada data.')
    const stored = (await storedDepartemen(cluster.apiUrl)).filter((d) => d.nama === nama)
    expect(stored).toHaveLength(1)
    expect(html).toContain(`>${stored[0].kode_departemen}<`)
  })

  test('100 concurrent adds through nginx get 100 distinct codes', async () => {
    const cookie = await login(cluster.url)
    const run = unique('Serentak')
    const names = Array.from({ length: 100 }, (_, i) => `${run} ${String(i).padStart(3, '0')}`)
    const answers = await Promise.all(names.map((nama) => postForm(cluster.url, TAMBAH, { nama }, cookie)))
    expect(
      answers.map((a) => a.status),
      `nginx's error log:\n${cluster.nginxErrors()}`,
    ).toEqual(names.map(() => 302))

    const stored = (await storedDepartemen(cluster.apiUrl)).filter((d) => d.nama.startsWith(`${run} `))
    expect(stored.map((d) => d.nama).sort()).toEqual(names)
    expect(new Set(stored.map((d) => d.kode_departemen)).size).toBe(100)
    // And both app instances show the rows (one of them, through nginx, by name).
    const page = await getPage(cluster.url, listOf(names[42]), cookie)
    expect(await page.text()).toContain(names[42])
  }, 60_000)

  // The throttle is counted in the database (api/auth.ts, table login_failures), so failures spread
  // over both app instances (and so both api instances, through nginx) add up.
  test('the login throttle counts failed logins across the instances', async () => {
    const { app1, app2 } = cluster.apps
    const user = { kode_user: unique('penebak').replace(' ', '-'), password: 'salah' }
    const messages: string[] = []
    for (let i = 0; i < 6; i++) {
      const res = await postForm(i % 2 === 0 ? app1 : app2, '/login', { ...user, redirectTo: '' })
      expect(res.status).toBe(400)
      const html = await res.text()
      messages.push(/Terlalu banyak percobaan/.test(html) ? 'throttled' : /Kode user atau password salah/.test(html) ? 'wrong' : html)
    }
    expect(messages).toEqual(['wrong', 'wrong', 'wrong', 'wrong', 'wrong', 'throttled'])
  })
})

/**
 * 20 users submit Departemen forms through nginx, one after another each, while `victim` is killed
 * with `signal`. Every POST's answer is recorded (a network error or no answer within 20 s: status 0).
 */
async function loadWhileKilling(victim: string, signal: NodeJS.Signals) {
  const cookie = await login(cluster.url)
  const run = unique(`Beban ${signal}`)
  const results: { nama: string; status: number; location: string | null; afterKill: boolean }[] = []
  let killed = false
  let done = false
  const user = async (u: number) => {
    for (let i = 0; !done; i++) {
      const nama = `${run} u${u} n${i}`
      const afterKill = killed
      try {
        const res = await postForm(cluster.url, TAMBAH, { nama }, cookie)
        await res.arrayBuffer()
        results.push({ nama, status: res.status, location: res.headers.get('location'), afterKill })
      } catch {
        results.push({ nama, status: 0, location: null, afterKill })
      }
    }
  }
  const users = Array.from({ length: 20 }, (_, u) => user(u))
  await sleep(800)
  const pid = cluster.pids[victim]
  process.kill(pid, signal)
  killed = true
  await sleep(2000)
  done = true
  await Promise.all(users)
  const stored = (await storedDepartemen(cluster.apiUrl)).filter((d) => d.nama.startsWith(`${run} `))
  return { results, stored, pid }
}

function expectNoFormLost({ results, stored }: Awaited<ReturnType<typeof loadWhileKilling>>) {
  // Every POST was answered: saved (302 to the list), or a clean failure (502/503), never a hang.
  expect(results.filter((r) => ![302, 502, 503].includes(r.status))).toEqual([])
  const saved = results.filter((r) => r.status === 302)
  console.info(
    `[cluster test] ${results.length} forms: ${saved.length} saved, ${results.length - saved.length} refused cleanly; ${stored.length} stored`,
  )
  expect(saved.every((r) => r.location === '/admin/departemen')).toBe(true)
  // The survivor went on taking the forms after the kill.
  expect(saved.filter((r) => r.afterKill).length).toBeGreaterThan(0)
  // Every saved form is stored, none twice, nothing stored that was not sent.
  const sent = new Set(results.map((r) => r.nama))
  const count = new Map<string, number>()
  for (const d of stored) count.set(d.nama, (count.get(d.nama) ?? 0) + 1)
  expect([...count].filter(([, n]) => n > 1)).toEqual([])
  expect(saved.filter((r) => !count.has(r.nama)).map((r) => r.nama)).toEqual([])
  expect(stored.filter((d) => !sent.has(d.nama))).toEqual([])
  expect(stored.length).toBeGreaterThanOrEqual(saved.length)
}

describe('an app instance killed under load (20 users submitting forms through nginx)', () => {
  test('SIGTERM: no submitted form is lost or saved twice', async () => {
    const outcome = await loadWhileKilling('app1', 'SIGTERM')
    expect(outcome.results.length).toBeGreaterThan(40)
    expectNoFormLost(outcome)
    await cluster.restarted('app1', outcome.pid)
  }, 60_000)

  test('SIGKILL: no submitted form is lost or saved twice', async () => {
    const outcome = await loadWhileKilling('app2', 'SIGKILL')
    expect(outcome.results.length).toBeGreaterThan(40)
    expectNoFormLost(outcome)
    await cluster.restarted('app2', outcome.pid)
  }, 60_000)
})

/** An open connection from 127.0.0.1 to nginx that sent `text` and holds; what nginx did with it. */
type Held = { socket: Socket; answer: string; closedAt: number | null }

/** Opens `count` connections from 127.0.0.1 to nginx, each sending `text` and then nothing more. */
async function hold(count: number, text: string): Promise<Held[]> {
  const opened = Array.from(
    { length: count },
    () =>
      new Promise<Held>((resolve) => {
        const socket = connect({ host: '127.0.0.1', port: PORT, localAddress: '127.0.0.1' })
        const held: Held = { socket, answer: '', closedAt: null }
        socket.setEncoding('utf8')
        socket.on('data', (chunk: string) => (held.answer += chunk))
        socket.on('error', () => {})
        socket.on('close', () => {
          held.closedAt = Date.now()
          resolve(held)
        })
        socket.on('connect', () => {
          socket.write(text)
          resolve(held)
        })
      }),
  )
  return Promise.all(opened)
}

/** GET /login from another loopback address (127.0.0.2): its status, or 0 on a reset or no answer in 2 s. */
function loginFromElsewhere(): Promise<number> {
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port: PORT, path: '/login', localAddress: '127.0.0.2', agent: false, timeout: 2000 },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      },
    )
    req.on('timeout', () => req.destroy())
    req.on('error', () => resolve(0))
    req.end()
  })
}

describe('the edge under one greedy, slow client (deploy/edge.conf, deploy/edge-server.conf)', () => {
  // nginx has 2 × 384 connections here (scripts/cluster.mjs). The flood from 127.0.0.1: 150 requests
  // whose header never ends and 400 POSTs whose body stalls after the header; each of those holds a
  // connection to an app instance too. Unbounded that is 150 + 2 × 400 = 950 connections held for
  // nginx's default 60 s: nobody else gets in. With the per-address limit (128 in flight) the rest of
  // the POSTs get 429 at once and are closed, and the unfinished headers are dropped after 10 s.
  test('a flood of unfinished requests from one address leaves another address served', async () => {
    const started = Date.now()
    const slowHeaders = await hold(150, 'GET /login HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Langsam: ')
    const slowBodies = await hold(
      400,
      'POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\nkode_user=',
    )
    try {
      // Another client, meanwhile: the login page within a few seconds.
      let status = 0
      const until = Date.now() + 6000
      while (status !== 200 && Date.now() < until) status = await loginFromElsewhere()
      expect(status, 'GET /login from 127.0.0.2 during the flood').toBe(200)
      // The per-address limit refused the POSTs past it: nginx's Indonesian 429 page, or a reset where
      // nginx closed a refused connection with the unread body bytes still in its buffer. At most 128
      // are still in flight.
      const held = () => slowBodies.filter((h) => h.answer === '' && h.closedAt === null)
      const settled = Date.now() + 5000
      while (held().length > 128 && Date.now() < settled) await sleep(100)
      const seen: Record<string, number> = {}
      for (const h of slowBodies) {
        const what = h.answer.split('\r\n')[0] || (h.closedAt ? 'reset' : 'held')
        seen[what] = (seen[what] ?? 0) + 1
      }
      expect(held().length, JSON.stringify(seen)).toBeLessThanOrEqual(128)
      const refused = slowBodies.filter((h) => h.answer.startsWith('HTTP/1.1 429'))
      expect(refused.length, JSON.stringify(seen)).toBeGreaterThan(0)
      expect(refused[0].answer).toContain('Terlalu banyak permintaan')
      // The unfinished headers are dropped after client_header_timeout (10 s), not nginx's 60 s.
      const deadline = started + 15_000
      while (slowHeaders.some((h) => h.closedAt === null) && Date.now() < deadline) await sleep(250)
      expect(slowHeaders.filter((h) => h.closedAt === null).length, 'unfinished headers still held after 15 s').toBe(0)
    } finally {
      for (const h of [...slowHeaders, ...slowBodies]) h.socket.destroy()
    }
  }, 40_000)
})
