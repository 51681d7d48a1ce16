/**
 * The audit trail, JavaScript on and off: a purchase's history in its Riwayat dialog
 * (row menu) and on its invoice (its trail printed too: print CSS needs a browser). The data is made
 * through the api (the upstream records who did it); the test reads what a user sees. A grant change on
 * the access editor is tested over plain HTTP in tests/app/audit.test.ts.
 */
import type { Page } from '@playwright/test'
import { expect, test, unique, upstream } from './fixtures'
import { createUser, setGrants } from './master-support'
import { API_URL, APP_URL } from './support'
import { ONCE } from '../../playwright.config'
import { adminName as auditAdminName, literal, TIME, todayJakarta } from '../audit-records'

const adminName = () => auditAdminName(upstream)

async function purchase(): Promise<{ id: number; kode_pembelian_ban: string }> {
  const api = await upstream()
  const supplier = (await api.get('/api/supplier')).json[0] as { id: number }
  const ban = [{ no_seri: unique('AUD').replace(/\s/g, ''), kondisi_ban: 'BARU', harga: 750_000 }]
  const r = await api.post('/api/pembelian-ban/add', { supplier_id: supplier.id, tanggal_awal: '2998-06-15', ban })
  expect(r.status, JSON.stringify(r.json)).toBe(201)
  return r.json.data
}

/** A user who may unpost purchases in the inquiry, and an api call as that user. */
async function clerk() {
  const { user, karyawan, password } = await createUser('aud')
  await setGrants(user.id, { 'Inquery Pembelian Ban': ['unpost', 'show'] })
  const login = await fetch(`${API_URL}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ kode_user: user.kode_user, password }),
  })
  const { token } = (await login.json()) as { token: string }
  const post = (path: string) =>
    fetch(`${API_URL}${path}`, { method: 'POST', headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } })
  // As the trail shows a user: the login name with the name.
  return { nama: `${user.kode_user} (${karyawan.nama_lengkap})`, post }
}

async function openMenu(page: Page, kode: string, jsEnabled: boolean) {
  const row = page.locator('main table').first().locator('tbody > tr').filter({ hasText: kode })
  if (jsEnabled) await expect(row.getByRole('button', { name: /Aksi/ })).toHaveAttribute('aria-haspopup', 'menu')
  if (jsEnabled) await row.click({ button: 'right' })
  else await row.getByText('Aksi').click()
  return page.getByRole('menu')
}

test('a purchase posted and unposted shows each step with its user and time in the Riwayat dialog', async ({
  loggedIn: page,
  jsEnabled,
}) => {
  const p = await purchase()
  const api = await upstream()
  expect((await api.post(`/api/inquery-pembelian/${p.id}/posting`)).status).toBe(200)
  const sinta = await clerk()
  expect((await sinta.post(`/api/inquery-pembelian-ban/${p.id}/unpost`)).status).toBe(200)
  const admin = await adminName()

  await page.goto(`/admin/pembelian-ban?q=${encodeURIComponent(p.kode_pembelian_ban)}`)
  const menu = await openMenu(page, p.kode_pembelian_ban, jsEnabled)
  await menu.getByRole('menuitem', { name: 'Riwayat' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/pembelian-ban/${p.id}/riwayat\\?q=`))
  const dialog = page.getByRole('dialog', { name: `Riwayat Pembelian Ban ${p.kode_pembelian_ban}` })
  await expect(dialog).toBeVisible()
  const rows = dialog.locator('tbody tr')
  await expect(rows).toHaveCount(3)
  const today = todayJakarta()
  await expect(rows.nth(0).locator('td')).toHaveText([new RegExp(`^${today} ${TIME}$`), admin, 'Dibuat'])
  await expect(rows.nth(1).locator('td')).toHaveText([new RegExp(`^${today} ${TIME}$`), admin, 'Diposting'])
  await expect(rows.nth(2).locator('td')).toHaveText([new RegExp(`^${today} ${TIME}$`), sinta.nama, 'Di-unpost'])
  // Tutup goes back to the list with its search.
  await dialog.getByRole('link', { name: 'Tutup' }).last().click()
  await expect(page).toHaveURL(`${APP_URL}/admin/pembelian-ban?q=${encodeURIComponent(p.kode_pembelian_ban)}`)
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

// What the invoice renders (print included) from the trail.
test(
  'the invoice says who made the purchase and, while it is posted, who posted it and when',
  { tag: ONCE },
  async ({ loggedIn: page }) => {
    const p = await purchase()
    const admin = await adminName()
    const today = todayJakarta()
    const dibuat = new RegExp(`^Dibuat oleh ${literal(admin)} pada ${today} ${TIME}$`)
    await page.goto(`/admin/pembelian-detail/${p.id}`)
    await expect(page.getByRole('heading', { name: 'Faktur Pembelian Ban' })).toBeVisible()
    const trail = page.getByRole('region', { name: 'Jejak dokumen' })
    await expect(trail.locator('p')).toHaveText([dibuat])

    const sinta = await clerk()
    expect((await (await upstream()).post(`/api/inquery-pembelian/${p.id}/posting`)).status).toBe(200)
    await page.reload()
    await expect(trail.locator('p')).toHaveText([dibuat, new RegExp(`^Diposting oleh ${literal(admin)} pada ${today} ${TIME}$`)])
    // Printed too: the lines are not hidden from print.
    await page.emulateMedia({ media: 'print' })
    await expect(trail).toBeVisible()
    await page.emulateMedia({ media: 'screen' })

    // Unposted: no 'Diposting' line.
    expect((await sinta.post(`/api/inquery-pembelian-ban/${p.id}/unpost`)).status).toBe(200)
    await page.reload()
    await expect(trail.locator('p')).toHaveText([dibuat])
  },
)
