/**
 * Perintah Kerja in the browser, JavaScript on and off: a workshop opens a work order from Servis Jatuh
 * Tempo (the vehicle and its due items filled in), takes 4 liters of oil and a filter from the store,
 * adds the labour (a second labour line added with the form's own button), saves, posts it, and sees
 * the vehicle leave the due list and the stock fall. Refusals, the print page and the grants are
 * tested over plain HTTP in tests/app/perintah-kerja.test.ts. The parts, their stock (a purchase),
 * the vehicles, items and plans are made through the api (tests/bengkel-records.ts).
 */
import { expect, test, unique, upstream } from './fixtures'
import { ONCE } from '../../playwright.config'
import { FAULTY_APP_URL, flash, loginFaulty, openRowMenu, withFaultyLock } from './support'
import { kmRecords } from '../km-records'
import { servisRecords } from '../servis-records'
import { inDays } from '../perpanjangan-records'
import { bengkelRecords } from '../bengkel-records'

const { vehicles } = kmRecords(upstream, unique)
const { item, plan, lastService } = servisRecords(upstream, unique)
const { partWithStock, stockOf } = bengkelRecords(upstream)

test('from the due list: 4 liters of oil, a filter and the labour, Simpan, Posting; the vehicle leaves the due list', async ({
  loggedIn: page,
  jsEnabled,
}) => {
  const api = await upstream()
  const oliNama = unique('Oli Mesin E2E')
  const filterNama = unique('Filter Oli E2E')
  const oli = await partWithStock({ nama: oliNama, satuan: 'liter', stok: 20, nilai: 1_300_000 })
  const filter = await partWithStock({ nama: filterNama, satuan: 'pcs', stok: 5, nilai: 225_000 })
  const gantiOli = await item('Ganti Oli E2E', 10_000)
  const { jenisId, prefix, list } = await vehicles(1, 60_000, 'PKE')
  const v = list[0]!
  await plan(jenisId, [{ item_servis_id: gantiOli.id, interval_km: 10_000, interval_hari: null }])
  await lastService(v.id, gantiOli.id, inDays(-90), 48_000)

  await page.goto(`/admin/servis-jatuh-tempo?status=lewat&q=${encodeURIComponent(prefix)}`)
  await page.getByRole('link', { name: `Buat Perintah Kerja ${v.no_kabin} ${gantiOli.nama}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Tambah Perintah Kerja' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel(gantiOli.nama)).toBeChecked()
  await expect(dialog.getByLabel('Km')).toHaveValue('60000')
  await dialog.getByLabel('Km').fill('60.150')
  // Each line's part is searched in the store: without JavaScript its own Cari renders the dialog again
  // with the matches (everything typed kept), with JavaScript the list follows the typing.
  const pick = async (n: number, nama: string, id: number) => {
    await dialog.getByRole('searchbox', { name: `Cari Suku cadang baris ${n}` }).fill(nama)
    if (!jsEnabled) await dialog.getByRole('button', { name: `Cari Suku cadang baris ${n}` }).click()
    const select = dialog.getByLabel(`Suku cadang baris ${n}`, { exact: true })
    await expect(select.locator('option')).toHaveText(['-- Pilih suku cadang --', new RegExp(`${nama} \\(stok`)])
    await select.selectOption(String(id))
  }
  await pick(1, oliNama, oli)
  await dialog.getByLabel('Jumlah suku cadang baris 1', { exact: true }).fill('4')
  await dialog.getByRole('button', { name: 'Tambah Suku Cadang' }).click()
  await pick(2, filterNama, filter)
  await expect(dialog.getByLabel('Suku cadang baris 1', { exact: true })).toHaveValue(String(oli))
  await expect(dialog.getByLabel('Jumlah suku cadang baris 1', { exact: true })).toHaveValue('4')
  await dialog.getByLabel('Jumlah suku cadang baris 2', { exact: true }).fill('1')
  await dialog.getByLabel('Uraian jasa baris 1').fill('Jasa ganti oli')
  await dialog.getByLabel('Biaya jasa baris 1').fill('75000')
  // A second labour line, added with the form's own button (a round trip without JavaScript).
  await dialog.getByRole('button', { name: 'Tambah Jasa' }).click()
  await expect(dialog.getByLabel('Uraian jasa baris 1')).toHaveValue('Jasa ganti oli')
  await dialog.getByLabel('Uraian jasa baris 2').fill('Cek kebocoran')
  await dialog.getByLabel('Biaya jasa baris 2').fill('25.000')
  await dialog.getByRole('button', { name: 'Simpan' }).click()
  await expect(flash(page, 'Perintah Kerja berhasil disimpan!')).toBeAttached()

  const saved = (await api.get(`/api/perintah-kerja?kendaraan_id=${v.id}`)).json.data
  expect(saved).toHaveLength(1)
  const doc = (await api.get(`/api/perintah-kerja/${saved[0].id}`)).json.data
  expect(doc).toMatchObject({ km: 60_150, total_jasa: 100_000, status: 'unpost' })
  expect(doc.servis.map((s: { item_servis_id: number }) => s.item_servis_id)).toEqual([gantiOli.id])
  expect(doc.jasa.map((j: { uraian: string }) => j.uraian)).toEqual(['Jasa ganti oli', 'Cek kebocoran'])
  // 4 of 20 liters worth 1.300.000 (65.000 a liter), 1 of 5 filters worth 225.000.
  expect(doc.parts.map((l: { jumlah: number; subtotal: number }) => [l.jumlah, l.subtotal])).toEqual([
    [4, 260_000],
    [1, 45_000],
  ])
  expect(await stockOf(oli)).toEqual({ stok: 16, nilai_stok: 1_040_000 })
  expect(await stockOf(filter)).toEqual({ stok: 4, nilai_stok: 180_000 })

  // Posting from the row menu.
  await page.goto(`/admin/perintah-kerja?q=${encodeURIComponent(doc.kode_perintah_kerja)}`)
  const menu = await openRowMenu(page, doc.kode_perintah_kerja, jsEnabled)
  await expect(menu.getByRole('menuitem')).toHaveText(['Posting', 'Update', 'Show', 'Riwayat', 'Cetak', 'Delete'])
  await menu.getByRole('menuitem', { name: 'Posting' }).click()
  await expect(flash(page, 'Dokumen berhasil diposting.')).toBeAttached()
  expect((await api.get(`/api/perintah-kerja/${doc.id}`)).json.data.status).toBe('posting')

  // The vehicle left the due list.
  await page.goto(`/admin/servis-jatuh-tempo?status=lewat&q=${encodeURIComponent(prefix)}`)
  await expect(page.getByRole('heading', { name: 'Servis Jatuh Tempo', level: 1 })).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: v.no_kabin })).toHaveCount(0)
})

test('an upstream without the extension: the one "Fitur tidak tersedia" page', { tag: ONCE }, async ({ page }) => {
  await withFaultyLock(async () => {
    await loginFaulty(page)
    for (const path of [
      '/admin/perintah-kerja',
      '/admin/perintah-kerja/tambah',
      '/admin/perintah-kerja/1',
      '/admin/inquery-perintah-kerja',
    ]) {
      const res = await page.goto(`${FAULTY_APP_URL}${path}`)
      expect(res?.status(), path).toBe(501)
      await expect(page.getByRole('heading', { name: 'Fitur tidak tersedia' })).toBeVisible()
    }
  })
})
