/**
 * Stok Ban: the filter form, the row menu, Terima dari vulkanisir, and the page against an upstream
 * without the extension (the faulty server of this run). JavaScript on and off; tyres are made
 * through the reference api (a purchase, a fitting, a removal) with a serial prefix of their own.
 * What the server renders alone — the states and ?status, the counts, an invalid filter, the CSV —
 * is tested over plain HTTP in tests/app/stok-ban.test.ts.
 */
import type { Page } from '@playwright/test'
import { ONCE } from '../../playwright.config'
import { expect, test, upstream } from './fixtures'
import { buyTyres, firstSupplier, fit, makeVehicle, removeTyres, serial, tyreOf, tyresInEveryState } from './ban-support'
import { FAULTY_APP_URL, flash, loginFaulty, withFaultyLock } from './support'

const rowOf = (page: Page, noSeri: string) => page.locator('tbody tr').filter({ hasText: noSeri })

async function openMenu(page: Page, text: string, jsEnabled: boolean) {
  const row = rowOf(page, text)
  if (jsEnabled) await row.getByRole('button', { name: 'Aksi' }).click()
  else await row.getByText('Aksi').click()
  return page.getByRole('menu')
}

/** A tyre at the retreader (bought for 1.000.000, fitted at 10.000 km, removed at 15.000 km). */
async function tyreAtRetreader() {
  const [t] = await buyTyres([{ no_seri: serial('SV'), harga: 1_000_000 }])
  const v = await makeVehicle(10_000)
  await fit(v, [t!], 10_000)
  await removeTyres(v, [{ posisi: '1A', km: 15_000, tujuan: 'vulkanisir' }])
  return t!
}

test('the filter form: a GET form whose choice lands in the URL, keeping the search', async ({ loggedIn: page }) => {
  const t = await tyresInEveryState()
  await page.goto(`/admin/ban?q=${t.prefix}`)
  await page.getByRole('search', { name: 'Filter stok ban' }).getByLabel('Status').selectOption('vulkanisir')
  await page.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(new RegExp(`[?&]status=vulkanisir`))
  await expect(page).toHaveURL(new RegExp(`[?&]q=${t.prefix}`))
  await expect(page.locator('tbody tr')).toHaveCount(1)
  await expect(rowOf(page, t.vulkanisir.no_seri)).toBeVisible()
  // The pager, sort and search links carry the filter on.
  await page.getByRole('link', { name: 'No Seri' }).click()
  await expect(page).toHaveURL(/status=vulkanisir/)
  await expect(page.locator('tbody tr')).toHaveCount(1)
})

test('Terima dari vulkanisir: retreader, cost, date; the tyre is back in stock as KANISIR and its history shows the cost', async ({
  loggedIn: page,
  jsEnabled,
}) => {
  const t = await tyreAtRetreader()
  const supplier = await firstSupplier()
  await page.goto(`/admin/ban?q=${t.no_seri}`)
  const menu = await openMenu(page, t.no_seri, jsEnabled)
  await menu.getByRole('menuitem', { name: 'Terima dari vulkanisir' }).click()
  let dialog = page.getByRole('dialog', { name: 'Terima dari Vulkanisir' })
  await expect(dialog.getByLabel('No Seri')).toHaveValue(t.no_seri)
  // Tanggal Terima defaults to today; nothing else is chosen yet.
  await expect(dialog.getByLabel('Tanggal Terima')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/)
  await dialog.getByRole('button', { name: 'Simpan' }).click()
  dialog = page.getByRole('dialog', { name: 'Terima dari Vulkanisir' })
  await expect(dialog.getByText('Pilih vulkanisir terlebih dahulu!')).toBeVisible()
  expect((await tyreOf(t.id)).status).toBe('vulkanisir')

  await dialog.getByLabel('Vulkanisir').selectOption(String(supplier.id))
  await dialog.getByLabel('Biaya (Rp)').fill('350.000')
  await dialog.getByRole('button', { name: 'Simpan' }).click()
  await expect(flash(page, 'Ban diterima dari vulkanisir.')).toBeAttached()
  await expect(page).toHaveURL(new RegExp(`/admin/ban\\?q=${t.no_seri}$`))
  await expect(rowOf(page, t.no_seri)).toContainText('KANISIR')
  await expect(rowOf(page, t.no_seri)).toContainText('Stok')

  const stored = await tyreOf(t.id)
  expect(stored).toMatchObject({ status: 'stok', kondisi_ban: 'KANISIR', jumlah_vulkanisir: 1 })

  await page.goto(`/admin/ban/${t.id}`)
  const entry = page.locator('li').filter({ has: page.getByRole('heading', { name: 'Diterima dari vulkanisir' }) })
  await expect(entry).toContainText('Rp 350.000')
  await expect(entry).toContainText(supplier.nama_supp)
  await expect(page.getByText('Rp 1.350.000', { exact: true })).toBeVisible()
})

test('Terima dari vulkanisir: the upstream refuses a date before the removal beside the field, keeping what was typed', async ({
  loggedIn: page,
}) => {
  const t = await tyreAtRetreader()
  const supplier = await firstSupplier()
  await page.goto(`/admin/ban/${t.id}/terima-vulkanisir?q=${t.no_seri}`)
  const dialog = page.getByRole('dialog', { name: 'Terima dari Vulkanisir' })
  await dialog.getByLabel('Vulkanisir').selectOption(String(supplier.id))
  await dialog.getByLabel('Biaya (Rp)').fill('275000')
  await dialog.getByLabel('Tanggal Terima').fill('2020-01-01')
  await dialog.getByRole('button', { name: 'Simpan' }).click()
  const again = page.getByRole('dialog', { name: 'Terima dari Vulkanisir' })
  // Beside the field (its described-by error), not only above the form.
  const tanggal = again.getByLabel('Tanggal Terima')
  await expect(tanggal).toHaveAttribute('aria-invalid', 'true')
  const errorId = (await tanggal.getAttribute('aria-describedby'))!.split(' ')[0]
  await expect(page.locator(`[id="${errorId}"]`)).toHaveText('Tanggal terima tidak boleh sebelum tanggal pelepasan.')
  await expect(again.getByLabel('Biaya (Rp)')).toHaveValue(/^275\.?000$/)
  expect((await tyreOf(t.id)).status).toBe('vulkanisir')
})

test('a tyre that is not at the retreader has no Terima in its menu, and the upstream refuses it (409) with its message', async ({
  loggedIn: page,
  jsEnabled,
}) => {
  const [t] = await buyTyres([{ no_seri: serial('SN'), harga: 500_000 }])
  await page.goto(`/admin/ban?q=${t!.no_seri}`)
  const menu = await openMenu(page, t!.no_seri, jsEnabled)
  await expect(menu.getByRole('menuitem', { name: 'Riwayat' })).toBeVisible()
  await expect(menu.getByRole('menuitem', { name: 'Terima dari vulkanisir' })).toHaveCount(0)
  const supplier = await firstSupplier()
  const res = await page.request.post(`/admin/ban/${t!.id}/terima-vulkanisir`, {
    form: { supplier_id: String(supplier.id), biaya: '1000', tanggal: '2026-01-01' },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  })
  expect(res.status()).toBe(409)
  expect(await res.text()).toContain('Ban tidak sedang di vulkanisir.')
  expect((await (await upstream()).get('/api/ban')).json.find((b: { id: number }) => b.id === t!.id).status).toBe('stok')
})

test('against an upstream without the extension, Stok Ban is the one "Fitur tidak tersedia" page', { tag: ONCE }, async ({ page }) => {
  await withFaultyLock(async () => {
    await loginFaulty(page)
    for (const path of ['/admin/ban', '/admin/ban/1', '/admin/ban/1/terima-vulkanisir']) {
      const res = await page.goto(`${FAULTY_APP_URL}${path}`)
      expect(res?.status(), path).toBe(501)
      await expect(page.getByRole('heading', { name: 'Fitur tidak tersedia' })).toBeVisible()
      await expect(page.getByText('belum menyediakan fitur ini')).toBeVisible()
    }
    expect((await page.request.get(`${FAULTY_APP_URL}/admin/ban/csv`)).status()).toBe(501)
  })
})
