/**
 * Issue 21.3: the app holds as several instances behind nginx. One cluster (scripts/cluster.mjs:
 * nginx, two app instances, two api instances on one private PostgreSQL) for the whole file; every request
 * is plain HTTP as a browser without JavaScript sends it; what was stored is read back through the api.
 * Each test makes its own rows with a unique name.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getPage, login, postForm, startCluster, storedDepartemen, unique, type Cluster } from './harness'

let cluster: Cluster
beforeAll(async () => {
  cluster = await startCluster()
}, 90_000)
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
    expect(answers.map((a) => a.status)).toEqual(names.map(() => 302))

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
