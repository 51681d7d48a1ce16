/**
 * The admin shell as the server renders it (plain HTTP, no browser): the sidebar's groups, entries and
 * links, every screen of the route table with its heading, unknown paths, the dashboard's sample cards.
 * What JavaScript or CSS changes in it (groups that open and close, the burger menu at 375 px, the
 * current entry after a client-side navigation) stays in tests/e2e/shell.test.ts, both ways.
 */
import { beforeAll, describe, expect, test } from 'vitest'
import { SCREEN_LIST } from '../../app/screens'
import { ADMIN, APP_URL, client, loginAs, type Client } from './http'
import { alerts, headingTexts, links, main, page, text, type Element } from './html'

/** The menu routes of the spec's route table (prefix /admin), /logout aside (a POST form). */
const SPEC_ROUTES = [
  '/admin/dashboard',
  '/admin/departemen',
  '/admin/karyawan',
  '/admin/user',
  '/admin/akses',
  '/admin/supplier',
  '/admin/golongan',
  '/admin/jenis_kendaraan',
  '/admin/kendaraan',
  '/admin/ukuran',
  '/admin/merek',
  '/admin/typban',
  '/admin/stnk',
  '/admin/perpanjangan-stnk',
  '/admin/pemasangan-ban',
  '/admin/pembelian-ban',
  '/admin/inquery-pembelian-ban',
  '/admin/inquery-pemasangan-ban',
  '/admin/laporan-pembelian-ban',
  '/admin/users',
]

/** The sidebar's links: the spec's routes and every screen the product declares beyond them (app/screens.ts). */
/** The sidebar's links: the spec's routes and every screen the product declares beyond them (app/screens.ts). */
const ROUTES = [...new Set([...SPEC_ROUTES, ...SCREEN_LIST.map((s) => s.path)])]

let admin: Client
beforeAll(async () => {
  admin = await loginAs(ADMIN.kode_user, ADMIN.password)
})

/** The sidebar: the navigation named 'Menu utama'. */
function sidebar(root: Element): Element {
  const nav = root.querySelectorAll('nav').find((el) => el.getAttribute('aria-label') === 'Menu utama')
  expect(nav, "the sidebar (navigation 'Menu utama')").toBeTruthy()
  return nav!
}

async function dashboard() {
  const res = await admin.get('/admin/dashboard')
  expect(res.status).toBe(200)
  return page(res)
}

describe('sidebar', () => {
  test('groups, Dashboard, Update Profile, Logout and the employee name', async () => {
    const doc = await dashboard()
    const nav = sidebar(doc)
    expect(text(nav.querySelector('[data-testid="nama-lengkap"]'))).toBe('Administrator Sistem')
    expect(nav.querySelectorAll('summary').map(text)).toEqual([
      'Master',
      'Operasional',
      'Pemeliharaan Kendaraan',
      'Transaksi',
      'Finance',
      'Laporan',
    ])
    expect(links(nav, 'Dashboard')).toHaveLength(1)
    expect(links(nav, 'Update Profile')).toHaveLength(1)
    expect(nav.querySelectorAll('button').map(text)).toContain('Logout')
    expect(doc.querySelector('header img[src="/logo.svg"]'), 'the logo in the banner').toBeTruthy()
    // The dashboard entry is the current page.
    expect(links(nav, 'Dashboard')[0]!.getAttribute('aria-current')).toBe('page')
  })

  test('every route of the route table has a link, hidden routes have none', async () => {
    // The declaration cannot drop a screen of the spec.
    expect(SPEC_ROUTES.filter((r) => r !== '/admin/dashboard' && r !== '/admin/users' && !SCREEN_LIST.some((s) => s.path === r))).toEqual(
      [],
    )
    const nav = sidebar(await dashboard())
    for (const to of ROUTES) expect(nav.querySelectorAll(`a[href="${to}"]`), to).toHaveLength(1)
    expect(nav.querySelectorAll('form[action="/admin/logout"][method="post"] button').map(text)).toEqual(['Logout'])
    const hrefs = nav.querySelectorAll('a[href^="/admin"]').map((a) => a.getAttribute('href'))
    expect(hrefs.sort()).toEqual([...ROUTES].sort())
    // Edit, detail and add pages are not listed.
    expect(hrefs.filter((h) => /edit|detail|create-|tambah/.test(h ?? ''))).toEqual([])
  })
})

describe('screens', () => {
  // What the server renders for each screen; each screen's own e2e file runs it with JavaScript too.
  test('every screen of the route table opens with its heading', async () => {
    const failures: string[] = []
    await Promise.all(
      ROUTES.map(async (path) => {
        const res = await admin.get(path)
        if (res.status !== 200) return void failures.push(`${path}: ${res.status}`)
        const h1 = headingTexts(main(page(res)), 1)
        if (!h1[0]) failures.push(`${path}: no heading of level 1 in <main>`)
      }),
    )
    expect(failures).toEqual([])
  })

  test('an unknown admin path shows "Tidak ditemukan" inside the shell', async () => {
    const res = await admin.get('/admin/xyz')
    expect(res.status).toBe(404)
    const doc = page(res)
    const alert = doc.querySelector('[role="alert"]')
    expect(headingTexts(alert!)).toContain('Tidak ditemukan')
    expect(alerts(doc).join(' ')).toContain('Halaman yang Anda cari tidak ditemukan.')
    expect(text(sidebar(doc).querySelector('[data-testid="nama-lengkap"]'))).toBe('Administrator Sistem')
  })

  test('an unknown path outside the admin area shows "Tidak ditemukan"', async () => {
    const res = await client().get('/tidak-ada-halaman-ini')
    expect(res.status).toBe(404)
    expect(headingTexts(page(res))).toContain('Tidak ditemukan')
  })

  test('/admin goes to the dashboard: the figures of the fleet, each a link to its screen', async () => {
    const res = await admin.get('/admin')
    expect([301, 302, 303, 307, 308]).toContain(res.status)
    expect(new URL(res.headers.get('location') ?? '', APP_URL).pathname).toBe('/admin/dashboard')
    const list = main(await dashboard()).querySelectorAll('ul[aria-label="Ringkasan armada"]')
    expect(list).toHaveLength(1)
    const cards = list[0]!.querySelectorAll('li > a[href]')
    // The figures an administrator sees, in order (app/lib/dashboard-figures.ts).
    expect(cards.map((a) => text(a.querySelector('p')))).toEqual([
      'Kendaraan jatuh tempo servis',
      'Suku cadang di bawah minimum',
      'Menunggu posting',
      'Biaya pemeliharaan bulan ini',
    ])
  })
})
