/**
 * The dashboard's panels: the demo data's due STNK and KIR and
 * the finance backlog, each panel only with the grant of the menu it links to, each link landing on
 * the list of the same rows. (A panel whose upstream fails leaving the others: tests/unit/dashboard.test.ts.)
 * The due panel's link runs with JavaScript on and off; what the server renders and who sees which
 * panel, once, without JavaScript (ONCE).
 */
import type { Page } from '@playwright/test'
import { ONCE } from '../../playwright.config'
import { expect, test, upstream } from './fixtures'
import { createUser, loginAs, setGrants } from './master-support'
import { APP_URL } from './support'

const panel = (page: Page, name: string) => page.getByTestId(`panel-${name}`)
const rows = (page: Page) => page.locator('main table').first().locator(':scope > tbody > tr')

type Doc = { grand_total: number | string | null; status: string | null }
/** Number and Grand Total of the upstream's unposted documents of an inquiry. */
async function backlog(path: string) {
  // The spec: the inquiries answer {data: {data: [...]}}.
  const docs = ((await (await upstream()).get(`${path}?status=unpost`)).json as { data: { data: Doc[] } }).data.data
  return { count: docs.length, total: docs.reduce((s, d) => s + Number(d.grand_total ?? 0), 0) }
}
const rupiah = (n: number) => `Rp ${new Intl.NumberFormat('id-ID').format(n)}`

type Fitted = {
  id: number
  kode_ban: string
  no_seri: string
  km_tempuh: number
  lokasi: { no_kabin: string; posisi_ban: string; km_pemasangan: number; km_kendaraan: number; target_presentase: number | null }
}
/**
 * The fitted tyres at or past 90% of their target km, the most worn first, figured here from the
 * upstream's own list: Σ removals + (vehicle km − fitting km), against the target (70.000 by default).
 */
async function wornTyres() {
  const fitted = (await (await upstream()).get('/api/ban?status=terpasang')).json as Fitted[]
  return fitted
    .map((t) => {
      const km = t.km_tempuh + Math.max(0, t.lokasi.km_kendaraan - t.lokasi.km_pemasangan)
      const target = t.lokasi.target_presentase || 70_000
      return { ...t, km, target, share: km / target }
    })
    .filter((t) => t.share >= 0.9)
    .sort((a, b) => b.share - a.share)
}
const percent = (share: number) => `${(Math.round(share * 1000) / 10).toLocaleString('id-ID', { minimumFractionDigits: 1 })}%`

test(
  'the sample cards stay; the due panel lists the demo data’s past-due STNK and KIR, soonest first, in red',
  { tag: ONCE },
  async ({ loggedIn: page }) => {
    await page.goto('/admin/dashboard')
    for (const label of ['Number', 'Revenue', 'Logs', 'Followers']) await expect(page.getByText(label, { exact: true })).toBeVisible()
    const due = panel(page, 'jatuh-tempo')
    await expect(due.getByRole('heading', { name: 'STNK & KIR jatuh tempo (30 hari)' })).toBeVisible()
    // The seed: K-103's STNK 9 days past, K-301's KIR 4 days past (a day more once Jakarta is past midnight UTC).
    const k103 = due.getByRole('row').filter({ hasText: 'K-103' })
    await expect(k103).toContainText('STNK')
    await expect(k103.getByText(/^lewat (9|10) hari$/)).toHaveClass(/text-red-700/)
    await expect(due.getByRole('row').filter({ hasText: 'K-301' })).toContainText(/KIR.*lewat (4|5) hari/)
    const body = due.locator('tbody tr')
    await expect(body.first()).toContainText('K-103')
    await expect(due.getByText(/^\d+ hari lagi$/).first()).toBeVisible()
  },
)

test('the due panel’s link opens Jatuh Tempo with the same window and the same number of rows', async ({ loggedIn: page }) => {
  await page.goto('/admin/dashboard')
  const link = panel(page, 'jatuh-tempo').getByRole('link', { name: /Lihat semua jatuh tempo/ })
  const n = Number((await link.textContent())!.match(/\((\d+)\)/)![1])
  expect(n).toBeGreaterThanOrEqual(2)
  await link.click()
  await expect(page).toHaveURL(/\/admin\/jatuh-tempo\?hari=30$/)
  await expect(page.getByRole('heading', { name: 'Jatuh Tempo STNK & KIR', level: 1 })).toBeVisible()
  await expect(page.getByText(`${n} data`, { exact: true })).toBeVisible()
  await expect(rows(page).first()).toContainText('K-103')
})

test(
  'the finance panel: unposted purchases and fittings with their Grand Total, as the upstream has them',
  { tag: ONCE },
  async ({ loggedIn: page }) => {
    const before = { beli: await backlog('/api/inquery-pembelian-ban'), pasang: await backlog('/api/inquery-pemasangan-ban') }
    await page.goto('/admin/dashboard')
    const after = { beli: await backlog('/api/inquery-pembelian-ban'), pasang: await backlog('/api/inquery-pemasangan-ban') }
    for (const [name, b, a] of [
      ['pembelian', before.beli, after.beli],
      ['pemasangan', before.pasang, after.pasang],
    ] as const) {
      expect(a.count, 'the demo data has unposted documents').toBeGreaterThan(0)
      const text = (await page.getByTestId(`backlog-${name}`).textContent()) ?? ''
      // Other tests add documents meanwhile: the page shows what the upstream had at some point between the two reads.
      const shown = [b, a].find((x) => text.includes(`${x.count} dokumen unpost`) && text.includes(rupiah(x.total)))
      expect(shown, `${name}: ${text}`).toBeTruthy()
    }
  },
)

test('the finance links land on the inquiries filtered to unposted documents', { tag: ONCE }, async ({ loggedIn: page }) => {
  for (const [name, title, path] of [
    ['pembelian', 'Inquery Pembelian Ban', '/admin/inquery-pembelian-ban'],
    ['pemasangan', 'Inquery Pemasangan Ban', '/admin/inquery-pemasangan-ban'],
  ] as const) {
    await page.goto('/admin/dashboard')
    await page.getByTestId(`backlog-${name}`).getByRole('link').click()
    await expect(page).toHaveURL(`${path}?status=unpost`)
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible()
    await expect(page.getByLabel('Status')).toHaveValue('unpost')
    const statuses = await rows(page)
      .locator('td')
      .filter({ hasText: /^(Posting|Unpost)$/ })
      .allTextContents()
    expect(statuses.length).toBeGreaterThan(0)
    expect(new Set(statuses)).toEqual(new Set(['Unpost']))
  }
})

test('a user with only Inquery Pembelian Ban sees that backlog and no other panel', { tag: ONCE }, async ({ page }) => {
  const { user, password } = await createUser('dasbor')
  await setGrants(user.id, { 'Inquery Pembelian Ban': ['show'] })
  // The login lands on the dashboard.
  await loginAs(page, user.kode_user, password)
  await expect(page).toHaveURL(`${APP_URL}/admin/dashboard`)
  await expect(page.getByTestId('backlog-pembelian')).toContainText('dokumen unpost')
  await expect(page.getByTestId('backlog-pemasangan')).toHaveCount(0)
  await expect(panel(page, 'jatuh-tempo')).toHaveCount(0)
  await expect(panel(page, 'stok-ban')).toHaveCount(0)
  await expect(panel(page, 'ban-target')).toHaveCount(0)
  // The sample cards are everyone's.
  await expect(page.getByText('Followers', { exact: true })).toBeVisible()
})

test(
  'a user with only Jatuh Tempo STNK & KIR sees the due documents (the upstream lets the menu read them) and no backlog',
  { tag: ONCE },
  async ({ page }) => {
    const { user, password } = await createUser('dasbor')
    await setGrants(user.id, { 'Jatuh Tempo STNK & KIR': [] })
    // The login lands on the dashboard.
    await loginAs(page, user.kode_user, password)
    await expect(page).toHaveURL(`${APP_URL}/admin/dashboard`)
    await expect(panel(page, 'jatuh-tempo').getByRole('row').filter({ hasText: 'K-103' })).toBeVisible()
    await expect(panel(page, 'finance')).toHaveCount(0)
    await expect(page.getByText('tidak dapat dimuat')).toHaveCount(0)
  },
)

test('a user without any of the panels’ menus sees only the sample cards', { tag: ONCE }, async ({ page }) => {
  const { user, password } = await createUser('dasbor')
  await setGrants(user.id, { Departemen: ['show'] })
  // The login lands on the dashboard.
  await loginAs(page, user.kode_user, password)
  await expect(page).toHaveURL(`${APP_URL}/admin/dashboard`)
  await expect(page.getByText('Revenue', { exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Perlu perhatian' })).toHaveCount(0)
})

test(
  'the demo’s worn tyre is listed with its vehicle, position, km and percent of its target, most worn first',
  { tag: ONCE },
  async ({ loggedIn: page }) => {
    await page.goto('/admin/dashboard')
    const worn = await wornTyres()
    expect(worn.length, 'the demo has a fitted tyre past 90% of its target').toBeGreaterThan(0)
    const box = panel(page, 'ban-target')
    await expect(box.getByRole('heading', { name: 'Ban mendekati target km' })).toBeVisible()
    await expect(box.getByTestId('ban-target-jumlah')).toHaveText(String(worn.length))
    const first = worn[0]!
    const row = box.getByTestId('ban-target-row').first()
    await expect(row).toContainText(first.kode_ban)
    await expect(row).toContainText(first.no_seri)
    await expect(row).toContainText(`${first.lokasi.no_kabin} · ${first.lokasi.posisi_ban}`)
    const nf = new Intl.NumberFormat('id-ID')
    await expect(row).toContainText(`${nf.format(first.km)} / ${nf.format(first.target)}`)
    await expect(row).toContainText(percent(first.share))
    await expect(box.getByTestId('ban-target-row')).toHaveCount(Math.min(8, worn.length))
  },
)

test(
  'a worn tyre links to its Riwayat Ban; the panel’s heading to Stok Ban filtered to fitted tyres',
  { tag: ONCE },
  async ({ loggedIn: page }) => {
    await page.goto('/admin/dashboard')
    const first = (await wornTyres())[0]!
    const box = panel(page, 'ban-target')
    await box.getByRole('link', { name: first.kode_ban }).click()
    await expect(page).toHaveURL(new RegExp(`/admin/ban/${first.id}(\\?|$)`))
    await expect(page.getByRole('heading', { name: 'Riwayat Ban', level: 1 })).toBeVisible()
    await expect(page.getByText(`No Seri ${first.no_seri}`)).toBeVisible()
    await page.goto('/admin/dashboard')
    await panel(page, 'ban-target').getByRole('link', { name: 'Ban mendekati target km' }).click()
    await expect(page).toHaveURL('/admin/ban?status=terpasang')
    await expect(page.getByRole('heading', { name: 'Stok Ban', level: 1 })).toBeVisible()
  },
)

test('a user with only Stok Ban sees the stock and the worn tyres, and no other panel', { tag: ONCE }, async ({ page }) => {
  const { user, password } = await createUser('dasbor')
  await setGrants(user.id, { 'Stok Ban': [] })
  // The login lands on the dashboard.
  await loginAs(page, user.kode_user, password)
  await expect(page).toHaveURL(`${APP_URL}/admin/dashboard`)
  await expect(panel(page, 'ban-target').getByTestId('ban-target-row').first()).toBeVisible()
  await expect(panel(page, 'stok-ban')).toBeVisible()
  await expect(panel(page, 'jatuh-tempo')).toHaveCount(0)
  await expect(panel(page, 'finance')).toHaveCount(0)
})
