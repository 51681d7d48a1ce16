/**
 * Pemasangan Ban: the vehicle picker, the fitting form with its axle
 * diagram and position dialogs, the final Simpan, the list with its row menu, the invoice, and the
 * edit screen of the inquiry. Runs with JavaScript on and off. Every test makes its own vehicle and
 * tyres through the reference api (a vehicle type of its own, so positions are never shared). What
 * the server alone decides (refusals, the invoice, grants, the diagram's size) is in
 * tests/app/pemasangan-ban.test.ts.
 */
import { expect, test, unique, upstream } from './fixtures'
import { APP_URL, chooseSearched, flash, openRowMenu } from './support'
import { ONCE } from '../../playwright.config'
import { fittingRecords, type Detail, type Vehicle } from '../pemasangan-records'

const q = (s: string) => `q=${encodeURIComponent(s)}`
const serial = (prefix: string) => unique(prefix).replace(/\s/g, '')

const { makeVehicle, makeTyres, stage, staged, fittings, fittingOf, tyreStatus, makeFitting } = fittingRecords(upstream, unique)

const createUrl = (v: Vehicle) => `/admin/create-pemasangan-ban?kendaraan_id=${v.id}`

const openMenu = openRowMenu

test('Tambah: the vehicle picker warns without a vehicle and leads to the create form by URL', async ({ loggedIn: page, jsEnabled }) => {
  const v = await makeVehicle(6)
  await page.goto('/admin/pemasangan-ban')
  await page.getByRole('link', { name: 'Tambah' }).click()
  let dialog = page.getByRole('dialog', { name: 'Pilih Kendaraan' })
  await dialog.getByRole('button', { name: 'Lanjutkan' }).click()
  dialog = page.getByRole('dialog', { name: 'Pilih Kendaraan' })
  await expect(dialog.getByRole('alert')).toContainText('Peringatan')
  await expect(dialog.getByRole('alert')).toContainText('Harap pilih kendaraan terlebih dahulu.')
  await chooseSearched(page, 'Pilih Kendaraan', 'Kendaraan', v.no_kabin, String(v.id), jsEnabled)
  await dialog.getByRole('button', { name: 'Lanjutkan' }).click()
  await expect(page).toHaveURL(`${APP_URL}${createUrl(v)}`)
  await expect(page.getByRole('heading', { name: 'Form Pemasangan Ban', level: 1 })).toBeVisible()
  // The vehicle survives a reload (it is in the URL, not in navigation state).
  await page.reload()
  await expect(page.getByText(v.no_kabin)).toBeVisible()
  await expect(page.getByText(v.kode_kendaraan)).toBeVisible()
})

test('Tambah: the vehicle picker searches the fleet (only the first matches are rendered) and continues with the vehicle found', async ({
  loggedIn: page,
  jsEnabled,
}) => {
  const v = await makeVehicle(6)
  // Twenty newer vehicles: the picker's first matches (newest first) no longer hold v.
  const api = await upstream()
  for (let i = 0; i < 20; i++) {
    expect((await api.post('/api/kendaraan/add', { no_kabin: unique('KBN'), no_pol: 'B 8 PB', km: 0 })).status).toBe(201)
  }
  await page.goto('/admin/pemasangan-ban/tambah')
  const dialog = page.getByRole('dialog', { name: 'Pilih Kendaraan' })
  const choice = dialog.getByLabel('Kendaraan', { exact: true })
  await expect(choice.locator('option')).toHaveCount(21)
  await expect(choice.locator(`option[value="${v.id}"]`)).toHaveCount(0)
  const search = async (text: string) => {
    await dialog.getByLabel('Cari Kendaraan').fill(text)
    if (!jsEnabled) await dialog.getByRole('button', { name: 'Cari' }).click()
  }
  await search('tidak-ada-kendaraan-ini')
  await expect(dialog.getByText('Tidak ada kendaraan yang cocok.')).toBeVisible()
  await search(v.no_kabin.toLowerCase())
  await expect(dialog.getByText('1 hasil', { exact: true })).toBeVisible()
  await expect(choice.locator(`option[value="${v.id}"]`)).toHaveCount(1)
  await choice.selectOption(String(v.id))
  await dialog.getByRole('button', { name: 'Lanjutkan' }).click()
  await expect(page).toHaveURL(`${APP_URL}${createUrl(v)}`)
  await expect(page.getByText(v.no_kabin)).toBeVisible()
})

test('fit two positions through their dialogs, delete one: the diagram, the table and the upstream follow', async ({ loggedIn: page }) => {
  const v = await makeVehicle(10)
  const [a, b] = await makeTyres(2)
  await page.goto(createUrl(v))
  await page.getByRole('link', { name: 'Posisi 2A, kosong' }).click()
  let dialog = page.getByRole('dialog', { name: 'Form Input Pemasangan Ban (2A)' })
  await expect(dialog.getByLabel('Posisi')).toHaveValue('2A')
  await expect(dialog.getByLabel('Target Ban')).toHaveValue('70000')
  await dialog.locator('select[name=no_seri]').selectOption(a)
  await dialog.getByLabel('Km Pemasangan').fill(String(v.km + 10))
  await dialog.getByRole('button', { name: 'Simpan' }).click()
  await expect(flash(page, 'Data pemasangan ban berhasil disimpan.')).toBeAttached()
  await expect(page).toHaveURL(`${APP_URL}${createUrl(v)}`)
  await expect(page.getByRole('link', { name: `Posisi 2A, ${a}` })).toBeVisible()

  await page.getByRole('link', { name: 'Posisi 3D, kosong' }).click()
  dialog = page.getByRole('dialog', { name: 'Form Input Pemasangan Ban (3D)' })
  await dialog.locator('select[name=no_seri]').selectOption(b)
  await dialog.getByLabel('Km Pemasangan').fill(String(v.km + 20))
  await dialog.getByRole('button', { name: 'Simpan' }).click()
  await expect(page.getByRole('link', { name: `Posisi 3D, ${b}` })).toBeVisible()
  const table = page.getByRole('region', { name: 'Detail Ban Terpasang' }).locator('tbody tr')
  await expect(table).toHaveCount(2)
  expect((await staged(v)).map((d) => `${d.posisi_ban}:${d.ban.no_seri}`).sort()).toEqual([`2A:${a}`, `3D:${b}`])
  expect(await tyreStatus(a)).toBe('terpasang')

  // Delete 2A from the table: 'Anda Yakin?', then the tyre is back in stock.
  await page.getByRole('link', { name: 'Hapus ban posisi 2A' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Anda Yakin?' })
  await expect(confirm.getByText('Data ini akan dihapus secara permanen!')).toBeVisible()
  await confirm.getByRole('button', { name: 'Ya, hapus!' }).click()
  await expect(flash(page, 'Detail ban berhasil dihapus.')).toBeAttached()
  await expect(page.getByRole('link', { name: 'Posisi 2A, kosong' })).toBeVisible()
  await expect(table).toHaveCount(1)
  expect((await staged(v)).map((d) => d.posisi_ban)).toEqual(['3D'])
  expect(await tyreStatus(a)).toBe('stok')
})

test('position dialog: a serial is required; km below the vehicle km is refused beside the field, values kept', async ({
  loggedIn: page,
}) => {
  const v = await makeVehicle(6, 80_000)
  const [a] = await makeTyres(1)
  await page.goto(`/admin/create-pemasangan-ban/posisi/1B?kendaraan_id=${v.id}`)
  let dialog = page.getByRole('dialog', { name: 'Form Input Pemasangan Ban (1B)' })
  await dialog.getByRole('button', { name: 'Simpan' }).click()
  dialog = page.getByRole('dialog', { name: 'Form Input Pemasangan Ban (1B)' })
  await expect(dialog.getByText('Nomor Seri harus dipilih')).toBeVisible()

  await dialog.locator('select[name=no_seri]').selectOption(a)
  await dialog.getByLabel('Km Pemasangan').fill('79000')
  await dialog.getByLabel('Target Ban').fill('65000')
  await dialog.getByRole('button', { name: 'Simpan' }).click()
  dialog = page.getByRole('dialog', { name: 'Form Input Pemasangan Ban (1B)' })
  const km = dialog.getByLabel('Km Pemasangan')
  await expect(km).toHaveAttribute('aria-invalid', 'true')
  await expect(dialog.getByText('Km pemasangan tidak boleh lebih kecil dari km kendaraan.')).toBeVisible()
  await expect(km).toHaveValue('79000')
  await expect(dialog.getByLabel('Target Ban')).toHaveValue('65000')
  await expect(dialog.locator('select[name=no_seri]')).toHaveValue(a)
  expect(await staged(v)).toEqual([])
})

test('a filled position opens its tyre with a delete action', async ({ loggedIn: page }) => {
  const v = await makeVehicle(6)
  const [a] = await makeTyres(1)
  await stage(v, '1A', a)
  await page.goto(createUrl(v))
  await page.getByRole('link', { name: `Posisi 1A, ${a}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Form Input Pemasangan Ban (1A)' })
  await expect(dialog.getByText(a)).toBeVisible()
  await dialog.getByRole('link', { name: 'Hapus Ban' }).click()
  await expect(page.getByRole('alertdialog', { name: 'Anda Yakin?' })).toBeVisible()
})

test('Simpan with nothing staged refuses; with staged tyres it registers the fitting and the list shows it', async ({ loggedIn: page }) => {
  const v = await makeVehicle(6)
  const [a] = await makeTyres(1)
  await page.goto(createUrl(v))
  await page.getByRole('button', { name: 'Simpan' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Belum ada ban yang dipasang.' })).toBeVisible()
  expect(await fittingOf(v)).toBeUndefined()

  await stage(v, '2C', a)
  await page.goto(createUrl(v))
  await page.getByRole('button', { name: 'Simpan' }).click()
  await expect(page).toHaveURL(`${APP_URL}/admin/pemasangan-ban`)
  await expect(flash(page, 'Data pemasangan ban berhasil disimpan.')).toBeAttached()
  const f = await fittingOf(v)
  expect(f?.status).toBe('unpost')
  expect(await staged(v)).toEqual([])
  await page.goto(`/admin/pemasangan-ban?${q(v.no_kabin)}`)
  const row = page.locator('tbody tr').filter({ hasText: f!.kode_pemasangan })
  await expect(row).toContainText(v.no_kabin)
  await expect(row).toContainText('Unpost')
})

test('edit from the inquiry route: a tyre added to the fitting at once, then Update', async ({ loggedIn: page }) => {
  const { v, fitting } = await makeFitting(['1A'])
  const [b] = await makeTyres(1)
  await page.goto(`/admin/inquery-pemasangan-ban/edit/${fitting.id}?back=${encodeURIComponent('/admin/pemasangan-ban')}`)
  await expect(page.getByRole('heading', { name: 'Update Pemasangan Ban', level: 1 })).toBeVisible()
  await expect(page.getByText(v.no_kabin)).toBeVisible()
  await page.getByRole('link', { name: 'Posisi 2B, kosong' }).click()
  const dialog = page.getByRole('dialog', { name: 'Form Input Pemasangan Ban (2B)' })
  await dialog.locator('select[name=no_seri]').selectOption(b)
  await dialog.getByLabel('Km Pemasangan').fill(String(v.km + 500))
  await dialog.getByRole('button', { name: 'Simpan' }).click()
  await expect(page.getByRole('link', { name: `Posisi 2B, ${b}` })).toBeVisible()
  const details = (await (await upstream()).get(`/api/inquery-pemasangan-ban/detail-list-ban/${fitting.id}`)).json.data as Detail[]
  expect(details.map((d) => `${d.posisi_ban}:${d.pemasangan_ban_id}`).sort()).toEqual([`1A:${fitting.id}`, `2B:${fitting.id}`])

  await page.getByRole('button', { name: 'Update' }).click()
  await expect(page).toHaveURL(`${APP_URL}/admin/pemasangan-ban`)
  await expect(flash(page, 'Data pemasangan ban berhasil diperbarui.')).toBeAttached()
  const stored = (await (await upstream()).get(`/api/detail-pemasangan/${fitting.id}`)).json
  expect(Number(stored.data.grand_total)).toBe(3_000_000)
})

test("at 1280 px the staged tyres' delete buttons are in view, not behind a sideways scroll", { tag: ONCE }, async ({ loggedIn: page }) => {
  // Tyres as an office has them: a long serial, the longest size and brand names in the data.
  const api = await upstream()
  const longest = <T>(rows: T[], name: (r: T) => string) => rows.reduce((a, b) => (name(b).length > name(a).length ? b : a))
  const ukuran = longest((await api.get('/api/ukuran')).json as { id: number; nama: string }[], (u) => u.nama)
  const merek = longest((await api.get('/api/merek')).json as { id: number; nama_merek: string }[], (m) => m.nama_merek)
  const supplier = ((await api.get('/api/supplier')).json as { id: number }[])[0]
  const serials = ['1A', '1B'].map((p) => serial(`GT26087902${p}`))
  const bought = await api.post('/api/pembelian-ban/add', {
    supplier_id: supplier.id,
    ban: serials.map((no_seri) => ({ no_seri, kondisi_ban: 'KANISIR', harga: 1_500_000, ukuran_id: ukuran.id, merek_id: merek.id })),
  })
  expect(bought.status).toBe(201)
  const v = await makeVehicle(10)
  await stage(v, '1A', serials[0])
  await stage(v, '1B', serials[1])
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(`/admin/create-pemasangan-ban?kendaraan_id=${v.id}`)
  await expect(page.getByRole('cell', { name: serials[0] })).toBeVisible()
  for (const posisi of ['1A', '1B']) {
    await expect(page.getByRole('link', { name: `Hapus ban posisi ${posisi}` })).toBeInViewport({ ratio: 1 })
  }
})

test('row menu: Posting, Update, Show, Delete on an unposted fitting; posting it leaves Unpost and Show, and its edit screen is read-only', async ({
  loggedIn: page,
  jsEnabled,
}) => {
  const { fitting } = await makeFitting(['1A'])
  await page.goto(`/admin/pemasangan-ban?${q(fitting.kode_pemasangan)}`)
  let menu = await openMenu(page, fitting.kode_pemasangan, jsEnabled)
  await expect(menu.getByRole('menuitem')).toHaveText(['Posting', 'Update', 'Show', 'Riwayat', 'Delete'])
  await expect(menu.getByRole('menuitem', { name: 'Update' })).toHaveAttribute(
    'href',
    new RegExp(`^/admin/inquery-pemasangan-ban/edit/${fitting.id}\\?`),
  )
  await menu.getByRole('menuitem', { name: 'Posting' }).click()
  await expect(flash(page, 'Dokumen berhasil diposting.')).toBeAttached()
  expect((await fittings()).find((f) => f.id === fitting.id)?.status).toBe('posting')

  menu = await openMenu(page, fitting.kode_pemasangan, jsEnabled)
  await expect(menu.getByRole('menuitem')).toHaveText(['Unpost', 'Show', 'Riwayat'])
})

test('delete from the row menu: "Data pemasangan ban ini", then "Dihapus!" and the tyres back in stock', async ({
  loggedIn: page,
  jsEnabled,
}) => {
  const { tyres, fitting } = await makeFitting(['1A'])
  await page.goto(`/admin/pemasangan-ban?${q(fitting.kode_pemasangan)}`)
  const menu = await openMenu(page, fitting.kode_pemasangan, jsEnabled)
  await menu.getByRole('menuitem', { name: 'Delete' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Apakah Anda yakin?' })
  await expect(confirm.getByText('Data pemasangan ban ini akan dihapus secara permanen!')).toBeVisible()
  await confirm.getByRole('button', { name: 'Ya, hapus!' }).click()
  await expect(flash(page, 'Dihapus!')).toContainText('Data Pemasangan telah dihapus.')
  expect((await fittings()).find((f) => f.id === fitting.id)).toBeUndefined()
  expect(await tyreStatus(tyres[0])).toBe('stok')
})
