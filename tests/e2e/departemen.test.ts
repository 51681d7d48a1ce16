/**
 * The Departemen screen:
 * list, search, pager, sorting, the add/edit dialog, the delete confirmation and dialog URLs. Runs
 * with JavaScript on and off. Every test makes its own
 * rows with a unique name and narrows the list to them with ?q=, since tests share one database.
 */
import { ONCE } from '../../playwright.config'
import { expect, test, unique } from './fixtures'
import { allDepartemen, APP_URL, createDepartemen, deleteDepartemen, findDepartemen, flash, namesInTable, rowOf } from './support'

const pager = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: 'Halaman' })
const q = (s: string) => `q=${encodeURIComponent(s).replace(/%20/g, '+')}`

test.describe('list', () => {
  test('title, subtitle, search box, columns and a row with its 50 px QR code', { tag: ONCE }, async ({ loggedIn: page }) => {
    const [dep] = await createDepartemen(unique('Kolom Uji'))
    await page.goto('/admin/departemen')
    await expect(page.getByRole('heading', { name: 'Departemen', level: 1 })).toBeVisible()
    await expect(page.getByText('Daftar departemen yang tersedia di sistem')).toBeVisible()
    await expect(page.getByRole('searchbox', { name: 'Cari departemen...' })).toHaveAttribute('placeholder', 'Cari departemen...')
    await expect(page.getByRole('link', { name: 'Tambah Departemen' })).toBeVisible()
    await expect(page.getByRole('columnheader')).toHaveText([/^No/, /^ID/, /^Nama/, /^QR Code/, /^Opsi/])
    // Page size 5 on the full list, numbered from 1.
    // (Other tests add rows meanwhile, at the end: the first page is stable.)
    const first5 = (await allDepartemen()).slice(0, 5).map((d) => d.nama)
    await expect(page.getByText(/^\d+ data$/)).toBeVisible()
    await expect(page.locator('tbody tr')).toHaveCount(5)
    await expect(page.locator('tbody tr td:first-child')).toHaveText(['1', '2', '3', '4', '5'])
    await expect.poll(() => namesInTable(page)).toEqual(first5)
    await expect(pager(page).locator('[aria-current="page"]')).toHaveText('1')

    await page.goto(`/admin/departemen?${q(dep.nama)}`)
    const row = rowOf(page, dep.nama)
    await expect(row).toHaveCount(1)
    await expect(row.getByRole('cell')).toHaveText(['1', dep.kode_departemen, dep.nama, '', ''])
    const qr = row.getByRole('img', { name: `QR code ${dep.kode_departemen}` })
    await expect(qr).toBeVisible()
    await expect(qr).toHaveAttribute('width', '50')
    await expect(qr).toHaveAttribute('height', '50')
    const box = await qr.boundingBox()
    expect(Math.round(box!.width)).toBe(50)
    expect(Math.round(box!.height)).toBe(50)
    expect(await qr.locator('path').getAttribute('d')).toMatch(/^M/)
    await expect(row.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/admin/departemen/${dep.id}/edit?${q(dep.nama)}`)
    await expect(row.getByRole('link', { name: 'Hapus' })).toHaveAttribute('href', `/admin/departemen/${dep.id}/hapus?${q(dep.nama)}`)
  })

  test('search is a case-insensitive substring match on nama (Cari)', async ({ loggedIn: page }) => {
    const tok = unique('').trim()
    const [alpha, beta] = await createDepartemen(`Zeta Alpha Uji ${tok}`, `Zeta Beta Uji ${tok}`)
    await page.goto('/admin/departemen')
    const box = page.getByRole('searchbox', { name: 'Cari departemen...' })

    await box.fill(`uji ${tok}`.toUpperCase())
    await page.getByRole('button', { name: 'Cari', exact: true }).click()
    await expect(page).toHaveURL(`${APP_URL}/admin/departemen?${q(`UJI ${tok}`.toUpperCase())}`)
    await expect.poll(() => namesInTable(page)).toEqual([alpha.nama, beta.nama])
    await expect(page.getByText('2 data', { exact: true })).toBeVisible()

    await box.fill(`alpha uji ${tok}`)
    await page.getByRole('button', { name: 'Cari', exact: true }).click()
    await expect(page).toHaveURL(`${APP_URL}/admin/departemen?${q(`alpha uji ${tok}`)}`)
    await expect.poll(() => namesInTable(page)).toEqual([alpha.nama])
    await expect(page.getByText('1 data', { exact: true })).toBeVisible()

    // Not by code: the kode of a row does not match.
    await box.fill(`${alpha.kode_departemen} ${tok}`)
    await page.getByRole('button', { name: 'Cari', exact: true }).click()
    await expect(page.getByText('Tidak ada data.')).toBeVisible()
    await expect(page.getByText('0 data', { exact: true })).toBeVisible()
  })

  test('pager: page size 5, first, last and current ±2 with ellipses (9 pages)', async ({ loggedIn: page }) => {
    const tok = unique('Pager').replace(' ', '-')
    const names = Array.from({ length: 45 }, (_, i) => `${tok} ${String(i + 1).padStart(2, '0')}`)
    const deps = await createDepartemen(...names)
    try {
      await page.goto(`/admin/departemen?${q(tok)}`)
      await expect(page.getByText('45 data', { exact: true })).toBeVisible()
      const nav = pager(page)
      const pageLinks = nav.getByRole('link', { name: /^Halaman \d+$/ })
      const current = nav.locator('[aria-current="page"]')

      await expect(current).toHaveText('1')
      await expect(pageLinks).toHaveText(['2', '3', '9'])
      await expect(nav.getByText('…')).toHaveCount(1)
      await expect(nav.getByText('Sebelumnya')).toHaveAttribute('aria-disabled', 'true')
      await expect.poll(() => namesInTable(page)).toEqual(names.slice(0, 5))

      await nav.getByRole('link', { name: 'Halaman 3' }).click()
      await expect(current).toHaveText('3')
      await nav.getByRole('link', { name: 'Halaman 5' }).click()
      await expect(page).toHaveURL(`${APP_URL}/admin/departemen?${q(tok)}&page=5`)
      await expect(current).toHaveText('5')
      await expect(pageLinks).toHaveText(['1', '3', '4', '6', '7', '9'])
      await expect(nav.getByText('…')).toHaveCount(2)
      await expect.poll(() => namesInTable(page)).toEqual(names.slice(20, 25))
      await expect(page.locator('tbody tr td:first-child')).toHaveText(['21', '22', '23', '24', '25'])

      await nav.getByRole('link', { name: 'Berikutnya' }).click()
      await expect(current).toHaveText('6')
      await expect.poll(() => namesInTable(page)).toEqual(names.slice(25, 30))
      await nav.getByRole('link', { name: 'Sebelumnya' }).click()
      await expect(current).toHaveText('5')

      await nav.getByRole('link', { name: 'Halaman 9' }).click()
      await expect(current).toHaveText('9')
      await expect(pageLinks).toHaveText(['1', '7', '8'])
      await expect(nav.getByText('…')).toHaveCount(1)
      await expect(nav.getByText('Berikutnya')).toHaveAttribute('aria-disabled', 'true')
      await expect.poll(() => namesInTable(page)).toEqual(names.slice(40, 45))

      // One page: no pager.
      await page.goto(`/admin/departemen?${q(`${tok} 07`)}`)
      await expect.poll(() => namesInTable(page)).toEqual([names[6]])
      await expect(pager(page)).toHaveCount(0)
    } finally {
      await deleteDepartemen(...deps.map((d) => d.id))
    }
  })
})

test.describe('add, edit, delete', () => {
  test('add: empty save shows the rule, a save shows the banner for ~3 s and stores the row', async ({ loggedIn: page }) => {
    const nama = unique('Tambah Uji')
    await page.goto('/admin/departemen')
    await page.getByRole('link', { name: 'Tambah Departemen' }).click()
    await expect(page).toHaveURL(`${APP_URL}/admin/departemen/tambah`)
    const dialog = page.getByRole('dialog', { name: 'Tambah Departemen' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByLabel('Nama Departemen')).toHaveValue('')

    await dialog.getByRole('button', { name: 'Simpan' }).click()
    await expect(dialog.getByText('Nama Departemen tidak boleh kosong!')).toBeVisible()
    await expect(dialog).toBeVisible()
    // Blank is empty too.
    await dialog.getByLabel('Nama Departemen').fill('   ')
    await dialog.getByRole('button', { name: 'Simpan' }).click()
    await expect(dialog.getByText('Nama Departemen tidak boleh kosong!')).toBeVisible()

    await dialog.getByLabel('Nama Departemen').fill(nama)
    await dialog.getByRole('button', { name: 'Simpan' }).click()
    await expect(page).toHaveURL(`${APP_URL}/admin/departemen`)
    const done = flash(page, 'Departemen berhasil ditambahkan!')
    await expect(done).toBeAttached()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    const stored = await findDepartemen(nama)
    expect(stored).toHaveLength(1)
    expect(stored[0].kode_departemen).toMatch(/^DP\d{6}$/)
    // The banner goes away by itself after 3 s.
    await expect(done).toBeHidden({ timeout: 4_000 })

    await page.goto(`/admin/departemen?${q(nama)}`)
    await expect(rowOf(page, nama).getByRole('cell').nth(1)).toHaveText(stored[0].kode_departemen)
    // The banner is shown once.
    await expect(flash(page, 'Departemen berhasil ditambahkan!')).toHaveCount(0)
    // After a save the form is reset: the next add starts empty.
    await page.getByRole('link', { name: 'Tambah Departemen' }).click()
    await expect(page.getByRole('dialog', { name: 'Tambah Departemen' }).getByLabel('Nama Departemen')).toHaveValue('')
    await expect(page.getByText('Nama Departemen tidak boleh kosong!')).toHaveCount(0)
  })

  test('edit: the dialog is pre-filled, a save updates the upstream and shows the banner', async ({ loggedIn: page }) => {
    const [dep] = await createDepartemen(unique('Ubah Uji'))
    await page.goto(`/admin/departemen?${q(dep.nama)}`)
    await rowOf(page, dep.nama).getByRole('link', { name: 'Edit' }).click()
    await expect(page).toHaveURL(`${APP_URL}/admin/departemen/${dep.id}/edit?${q(dep.nama)}`)
    const dialog = page.getByRole('dialog', { name: 'Edit Departemen' })
    const field = dialog.getByLabel('Nama Departemen')
    await expect(field).toHaveValue(dep.nama)

    await field.fill('')
    await dialog.getByRole('button', { name: 'Update' }).click()
    await expect(dialog.getByText('Nama Departemen tidak boleh kosong!')).toBeVisible()
    expect((await findDepartemen(dep.nama)).map((d) => d.id)).toEqual([dep.id])

    const baru = `${dep.nama} diubah`
    await field.fill(baru)
    await dialog.getByRole('button', { name: 'Update' }).click()
    await expect(page).toHaveURL(`${APP_URL}/admin/departemen?${q(dep.nama)}`)
    await expect(flash(page, 'Departemen berhasil diperbarui!')).toBeAttached()
    await expect(rowOf(page, baru).getByRole('cell').nth(1)).toHaveText(dep.kode_departemen)
    const after = (await allDepartemen()).find((d) => d.id === dep.id)
    expect(after?.nama).toBe(baru)
    expect(after?.kode_departemen).toBe(dep.kode_departemen)
  })

  test('delete: confirmation, Batal keeps the row, Ya, hapus! removes it', async ({ loggedIn: page }) => {
    const [dep] = await createDepartemen(unique('Hapus Uji'))
    await page.goto(`/admin/departemen?${q(dep.nama)}`)
    await rowOf(page, dep.nama).getByRole('link', { name: 'Hapus' }).click()
    await expect(page).toHaveURL(`${APP_URL}/admin/departemen/${dep.id}/hapus?${q(dep.nama)}`)
    const confirm = page.getByRole('alertdialog', { name: 'Apakah Anda yakin?' })
    await expect(confirm).toBeVisible()
    await expect(confirm.getByText('Data departemen ini akan dihapus secara permanen!')).toBeVisible()
    await expect(confirm.getByRole('button', { name: 'Ya, hapus!' })).toBeVisible()

    // Opening the confirmation (a GET) deletes nothing; Batal goes back.
    expect(await findDepartemen(dep.nama)).toHaveLength(1)
    await confirm.getByRole('link', { name: 'Batal' }).click()
    await expect(page).toHaveURL(`${APP_URL}/admin/departemen?${q(dep.nama)}`)
    await expect(page.getByRole('alertdialog')).toHaveCount(0)
    await expect(rowOf(page, dep.nama)).toHaveCount(1)
    expect(await findDepartemen(dep.nama)).toHaveLength(1)

    await rowOf(page, dep.nama).getByRole('link', { name: 'Hapus' }).click()
    await page.getByRole('alertdialog', { name: 'Apakah Anda yakin?' }).getByRole('button', { name: 'Ya, hapus!' }).click()
    await expect(page).toHaveURL(`${APP_URL}/admin/departemen?${q(dep.nama)}`)
    const deleted = flash(page, 'Dihapus!')
    await expect(deleted).toBeAttached()
    await expect(deleted).toContainText('Data departemen telah dihapus.')
    await expect(page.getByText('Tidak ada data.')).toBeVisible()
    expect(await findDepartemen(dep.nama)).toHaveLength(0)
  })

  test("dialog URLs keep the list's ?q=&page= and closing returns to them", async ({ loggedIn: page }) => {
    const tok = unique('Kembali').replace(' ', '-')
    const deps = await createDepartemen(...[1, 2, 3, 4, 5, 6, 7].map((i) => `${tok} ${i}`))
    const list = `${APP_URL}/admin/departemen?${q(tok)}&page=2`
    const search = `?${q(tok)}&page=2`
    await page.goto(list)
    await expect.poll(() => namesInTable(page)).toEqual([deps[5].nama, deps[6].nama])

    await page.getByRole('link', { name: 'Tambah Departemen' }).click()
    await expect(page).toHaveURL(`${APP_URL}/admin/departemen/tambah${search}`)
    await page.getByRole('dialog', { name: 'Tambah Departemen' }).getByRole('link', { name: 'Batal' }).click()
    await expect(page).toHaveURL(list)
    await expect(page.getByRole('dialog')).toHaveCount(0)

    await rowOf(page, deps[6].nama).getByRole('link', { name: 'Edit' }).click()
    await expect(page).toHaveURL(`${APP_URL}/admin/departemen/${deps[6].id}/edit${search}`)
    // The list stays under the dialog, on the same page.
    await expect.poll(() => namesInTable(page)).toEqual([deps[5].nama, deps[6].nama])
    await page.getByRole('dialog', { name: 'Edit Departemen' }).getByRole('link', { name: 'Tutup' }).click()
    await expect(page).toHaveURL(list)
    await expect(page.getByRole('dialog')).toHaveCount(0)

    await rowOf(page, deps[5].nama).getByRole('link', { name: 'Hapus' }).click()
    await expect(page).toHaveURL(`${APP_URL}/admin/departemen/${deps[5].id}/hapus${search}`)
    await page.getByRole('alertdialog').getByRole('link', { name: 'Tutup' }).click()
    await expect(page).toHaveURL(list)

    // A save goes back to the same page of the same search.
    await rowOf(page, deps[6].nama).getByRole('link', { name: 'Edit' }).click()
    await page.getByRole('dialog', { name: 'Edit Departemen' }).getByLabel('Nama Departemen').fill(`${deps[6].nama} x`)
    await page.getByRole('dialog', { name: 'Edit Departemen' }).getByRole('button', { name: 'Update' }).click()
    await expect(page).toHaveURL(list)
    await expect(flash(page, 'Departemen berhasil diperbarui!')).toBeAttached()
    await expect.poll(() => namesInTable(page)).toEqual([deps[5].nama, `${deps[6].nama} x`])
  })
})
