/**
 * Upstream failures, against the second app whose upstream is
 * tests/e2e/faulty-upstream.mjs (time budget 1.5 s). Its login always succeeds; every other call
 * answers as the current mode says.
 *
 * The faulty upstream has ONE global mode shared by every test and both projects (js and nojs may
 * run at the same moment in two workers), so each test holds a cross-worker lock while it switches
 * modes (support.withFaultyLock), runs after the previous one in this file, and leaves the mode 'ok'.
 * Not `mode: 'serial'`: that would skip the rest of the file after one failure, hiding results.
 */
import { ROUTE_TABLE, type RouteEntry } from '../../app/route-table'
import { expect, test } from './fixtures'
import { FAULTY_APP_URL, loginFaulty, setFaultyMode, sidebar, withFaultyLock } from './support'
import { loginFaultyByRequest } from './request-login'
import { ONCE } from '../../playwright.config'

test.describe.configure({ mode: 'default', timeout: 60_000 })

const inShell = async (page: import('@playwright/test').Page) => {
  await expect(sidebar(page)).toBeVisible()
  await expect(sidebar(page).getByTestId('nama-lengkap')).toHaveText('Pengguna Uji')
  await expect(sidebar(page).getByRole('link', { name: 'Dashboard' })).toBeVisible()
}

test('500 on the list: "Gagal memuat data" with the status and text, inside the shell', { tag: ONCE }, async ({ page }) => {
  await withFaultyLock(async () => {
    await loginFaultyByRequest(page)
    await setFaultyMode('500')
    const res = await page.goto(`${FAULTY_APP_URL}/admin/departemen`)
    expect(res?.status()).toBeGreaterThanOrEqual(500)
    const alert = page.getByRole('alert')
    await expect(alert).toContainText('Gagal memuat data')
    await expect(alert).toContainText('Error: 500 - Internal Server Error: database down')
    await inShell(page)
    // The list screen stays (the spec: a list load failure does not take the screen over).
    await expect(page.getByRole('heading', { name: 'Departemen', level: 1 })).toBeVisible()
    await expect(page.getByText('Data tidak dapat dimuat.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Muat ulang' })).toBeVisible()

    // Back to normal: the same URL works again.
    await setFaultyMode('ok')
    await page.goto(`${FAULTY_APP_URL}/admin/departemen`)
    await expect(page.getByRole('heading', { name: 'Departemen', level: 1 })).toBeVisible()
    await expect(page.getByText('Tidak ada data.')).toBeVisible()
  })
})

for (const mode of ['garbage', 'shape'] as const) {
  test(`${mode} answer on the list: a clear "tidak sesuai format" message inside the shell`, { tag: ONCE }, async ({ page }) => {
    await withFaultyLock(async () => {
      await loginFaultyByRequest(page)
      await setFaultyMode(mode)
      await page.goto(`${FAULTY_APP_URL}/admin/departemen`)
      const alert = page.getByRole('alert')
      await expect(alert).toContainText('Gagal memuat data')
      await expect(alert).toContainText('tidak sesuai format')
      await expect(page.getByText('Data tidak dapat dimuat.')).toBeVisible()
      await expect(page.locator('tbody tr')).toHaveCount(1)
      await inShell(page)
    })
  })
}

test('slow upstream: the app gives up within its budget with "tidak dapat dihubungi: waktu habis"', { tag: ONCE }, async ({ page }) => {
  await withFaultyLock(async () => {
    await loginFaultyByRequest(page)
    await setFaultyMode('slow')
    const started = Date.now()
    await page.goto(`${FAULTY_APP_URL}/admin/departemen`)
    const alert = page.getByRole('alert')
    await expect(alert).toContainText('Gagal memuat data')
    await expect(alert).toContainText('Server tidak dapat dihubungi')
    await expect(alert).toContainText('waktu habis')
    // The upstream would answer after 5 s; the app must not wait for it.
    expect(Date.now() - started).toBeLessThan(5_000)
    await inShell(page)
  })
})

test('401 from the upstream: the session ends and the user goes to /login with redirectTo', { tag: ONCE }, async ({ page }) => {
  await withFaultyLock(async () => {
    await loginFaultyByRequest(page)
    await setFaultyMode('401')
    await page.goto(`${FAULTY_APP_URL}/admin/departemen?q=abc`)
    await expect(page).toHaveURL(`${FAULTY_APP_URL}/login?redirectTo=%2Fadmin%2Fdepartemen%3Fq%3Dabc`)
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible()
    // The session is gone, not just this page: a page that does not call the upstream needs login too.
    await page.goto(`${FAULTY_APP_URL}/admin/dashboard`)
    await expect(page).toHaveURL(`${FAULTY_APP_URL}/login?redirectTo=%2Fadmin%2Fdashboard`)

    await setFaultyMode('ok')
    await loginFaulty(page, '/admin/departemen?q=abc')
    await expect(page).toHaveURL(`${FAULTY_APP_URL}/admin/departemen?q=abc`)
    await expect(page.getByRole('heading', { name: 'Departemen', level: 1 })).toBeVisible()
  })
})

test('a save the upstream refuses (500): the dialog stays with the error and the typed name', async ({ page }) => {
  await withFaultyLock(async () => {
    await loginFaultyByRequest(page)
    await page.goto(`${FAULTY_APP_URL}/admin/departemen/tambah`)
    const dialog = page.getByRole('dialog', { name: 'Tambah Departemen' })
    await dialog.getByLabel('Nama Departemen').fill('Departemen Yang Gagal')
    await setFaultyMode('500')
    await dialog.getByRole('button', { name: 'Simpan' }).click()
    await expect(dialog.getByRole('alert')).toContainText('Error: 500 - Internal Server Error: database down')
    await expect(dialog.getByLabel('Nama Departemen')).toHaveValue('Departemen Yang Gagal')
    await expect(page).toHaveURL(`${FAULTY_APP_URL}/admin/departemen/tambah`)
    await expect(page.getByText('Departemen berhasil ditambahkan!')).toHaveCount(0)
    await inShell(page)
  })
})

test('a delete the upstream refuses (500): "Error!" and the reason, back on the list', { tag: ONCE }, async ({ page }) => {
  await withFaultyLock(async () => {
    await loginFaultyByRequest(page)
    // The faulty upstream lists no rows, so there is no confirmation to open: post what its form
    // posts (same origin), for a row the upstream then refuses to delete.
    await page.goto(`${FAULTY_APP_URL}/admin/departemen`)
    await setFaultyMode('500')
    const res = await page.request.post(`${FAULTY_APP_URL}/admin/departemen/1/hapus`, {
      form: { intent: 'hapus' },
      headers: { Origin: FAULTY_APP_URL },
      maxRedirects: 0,
    })
    expect(res.status()).toBe(302)
    expect(res.headers()['location']).toBe('/admin/departemen')
    await setFaultyMode('ok')
    await page.goto(`${FAULTY_APP_URL}/admin/departemen`)
    const error = page.getByRole('alert').filter({ hasText: 'Error!' })
    await expect(error).toContainText('Terjadi kesalahan saat menghapus data.')
    await expect(error).toContainText('Error: 500 - Internal Server Error: database down')
    await expect(page.getByRole('heading', { name: 'Departemen', level: 1 })).toBeVisible()
  })
})

test(
  'a date search the upstream fails: "Gagal mengambil data pencarian", the filter kept, inside the shell',
  { tag: ONCE },
  async ({ page }) => {
    await withFaultyLock(async () => {
      await loginFaultyByRequest(page)
      await setFaultyMode('500')
      const res = await page.goto(`${FAULTY_APP_URL}/admin/inquery-pembelian-ban?tanggal_awal=2026-11-01&tanggal_akhir=2026-11-30`)
      expect(res?.status()).toBeGreaterThanOrEqual(500)
      await expect(page.getByRole('alert').filter({ hasText: 'Gagal mengambil data pencarian' })).toBeVisible()
      await expect(page.getByLabel('Tanggal Awal')).toHaveValue('2026-11-01')
      await expect(page.getByLabel('Tanggal Akhir')).toHaveValue('2026-11-30')
      await inShell(page)
      await setFaultyMode('ok')
      await page.goto(`${FAULTY_APP_URL}/admin/inquery-pembelian-ban?tanggal_awal=2026-11-01&tanggal_akhir=2026-11-30`)
      await expect(page.getByText('Tidak ada data.')).toBeVisible()
    })
  },
)

/** Every route (its URL, parameters as 1) of a screen built on an extension of the spec (app/screens.ts). */
function extensionRoutes(entries: readonly RouteEntry[] = ROUTE_TABLE, parent = ''): string[] {
  return entries.flatMap((e) => {
    const path = e.index ? parent : `${parent}/${e.path ?? ''}`.replace(/\/+/g, '/')
    const own = e.access.kind === 'menu' && e.access.extensions?.length ? [path.replace(/:\w+/g, '1')] : []
    return [...own, ...extensionRoutes(e.children ?? [], path)]
  })
}

test(
  'against an upstream that offers no extension, every route of a screen built on one answers "Fitur tidak tersedia"',
  { tag: ONCE },
  async ({ page }) => {
    const paths = extensionRoutes()
    expect(paths).toEqual(expect.arrayContaining(['/admin/rotasi-ban', '/admin/klaim-ban/1/hapus', '/admin/label-ban/1']))
    await withFaultyLock(async () => {
      await loginFaultyByRequest(page)
      for (const path of paths) {
        const res = await page.request.get(`${FAULTY_APP_URL}${path}`, { maxRedirects: 0 })
        expect(res.status(), path).toBe(501)
        if (res.headers()['content-type']?.startsWith('text/html')) expect(await res.text(), path).toContain('belum menyediakan fitur ini')
      }
    })
  },
)
