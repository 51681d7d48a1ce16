/**
 * Rotasi Ban: the rotation screen with the axle diagram and 'Pindahkan Ban ({posisi})' (a swap, a
 * move to an empty position), Simpan, the km rule, posting, the tyres' history, the phone width and
 * the page against an upstream without the extension. JavaScript on and off. Every test makes its
 * own vehicle, tyres and fitting through the api.
 */
import type { Page } from '@playwright/test'
import { expect, test, unique, upstream } from './fixtures'
import { APP_URL, FAULTY_APP_URL, flash, openRowMenu, withFaultyLock } from './support'
import { loginFaultyByRequest } from './request-login'
import { ONCE } from '../../playwright.config'

const serial = (prefix: string) => unique(prefix).replace(/\s/g, '')

type Vehicle = { id: number; no_kabin: string; km: number }
type Rotation = { id: number; kode_rotasi: string; status: string; kendaraan_id: number; jumlah_rotasi: number }

const KM_PASANG = 50_100

/** A registered fitting of a new 6-tyre vehicle (km 50.000) with tyres on `positions`, fitted at km 50.100. */
async function fittedVehicle(positions: string[]) {
  const api = await upstream()
  const jenis = await api.post('/api/jenis_kendaraan/add', { nama_jenis_kendaraan: unique('Jenis RTS'), total_ban: 6 })
  expect(jenis.status).toBe(201)
  const k = await api.post('/api/kendaraan/add', {
    no_kabin: unique('RTS'),
    no_pol: 'B 6 RTS',
    jenis_kendaraan_id: jenis.json.data.id,
    km: 50_000,
  })
  expect(k.status).toBe(201)
  const v = k.json.data as Vehicle
  const supplier = ((await api.get('/api/supplier')).json as { id: number }[])[0]
  const tyres = positions.map((_, i) => serial(`RT${i}`))
  const buy = await api.post('/api/pembelian-ban/add', {
    supplier_id: supplier.id,
    ban: tyres.map((s) => ({ no_seri: s, kondisi_ban: 'BARU', harga: 1_000_000 })),
  })
  expect(buy.status).toBe(201)
  for (const [i, posisi_ban] of positions.entries()) {
    const r = await api.post('/api/pemasangan-ban/detail-ban', {
      kendaraan_id: v.id,
      km_pemasangan: KM_PASANG,
      posisi_ban,
      no_seri: tyres[i],
    })
    expect(r.status).toBe(201)
  }
  expect((await api.post(`/api/pemasangan-ban/add-pemasangan/${v.id}`)).status).toBe(201)
  return { v, tyres }
}

/** A rotation document of the vehicle moving `from` to `to` (through the api). */
async function rotationOf(v: Vehicle, from: string, to: string) {
  const api = await upstream()
  expect(
    (await api.post('/api/rotasi-ban/detail-ban', { kendaraan_id: v.id, posisi_asal: from, posisi_tujuan: to, km: 60_000 })).status,
  ).toBe(201)
  const doc = await api.post(`/api/rotasi-ban/add-rotasi/${v.id}`)
  expect(doc.status).toBe(201)
  return doc.json.data as Rotation
}

const rotations = async () => (await (await upstream()).get('/api/rotasi-ban')).json as Rotation[]
const layout = async (v: Vehicle) =>
  Object.fromEntries(
    (
      (await (await upstream()).get(`/api/rotasi-ban/terpasang/${v.id}`)).json.data as { posisi_ban: string; ban: { no_seri: string } }[]
    ).map((d) => [d.posisi_ban, d.ban.no_seri]),
  )
const tyreId = async (noSeri: string) =>
  ((await (await upstream()).get('/api/ban')).json as { id: number; no_seri: string }[]).find((b) => b.no_seri === noSeri)!.id
const createUrl = (v: Vehicle) => `/admin/create-rotasi-ban?kendaraan_id=${v.id}`

/** Opens the dialog of a fitted position and fills it. */
async function moveAt(page: Page, posisi: string, noSeri: string, f: { to: string; km: string }) {
  await page.getByRole('link', { name: `Posisi ${posisi}, ${noSeri}` }).click()
  const dialog = page.getByRole('dialog', { name: `Pindahkan Ban (${posisi})` })
  await expect(dialog.getByText(noSeri)).toBeVisible()
  await dialog.getByLabel('Pindahkan ke').selectOption(f.to)
  await dialog.getByLabel('Km Rotasi').fill(f.km)
  return dialog
}

test('swapping two tyres: both move, Simpan registers the rotation, and both tyres’ history shows the move', async ({ loggedIn: page }) => {
  const { v, tyres } = await fittedVehicle(['1A', '1B'])
  const [a, b] = tyres
  await page.goto('/admin/rotasi-ban')
  await page.getByRole('link', { name: 'Tambah' }).click()
  const picker = page.getByRole('dialog', { name: 'Pilih Kendaraan' })
  await picker.locator('select[name=kendaraan_id]').selectOption(String(v.id))
  await picker.getByRole('button', { name: 'Lanjutkan' }).click()
  await expect(page).toHaveURL(`${APP_URL}${createUrl(v)}`)
  await expect(page.getByRole('heading', { name: 'Form Rotasi Ban', level: 1 })).toBeVisible()
  // Only the fitted positions open the dialog.
  await expect(page.getByRole('link', { name: /^Posisi / })).toHaveCount(2)

  const dialog = await moveAt(page, '1A', a, { to: '1B', km: '61.000' })
  await expect(dialog.getByLabel('Pindahkan ke').locator('option', { hasText: `tukar dengan ${b}` })).toHaveCount(1)
  await dialog.getByRole('button', { name: 'Pindahkan' }).click()
  await expect(flash(page, 'Ban posisi 1A berhasil dipindahkan.')).toBeAttached()
  await expect(page.getByRole('link', { name: `Posisi 1A, ${b}` })).toBeVisible()
  await expect(page.getByRole('link', { name: `Posisi 1B, ${a}` })).toBeVisible()
  const row = page.getByRole('region', { name: 'Detail Pemindahan Ban' }).locator('tbody tr')
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('1A → 1B')
  await expect(row).toContainText(b)
  await expect(row).toContainText('61.000')

  await page.getByRole('button', { name: 'Simpan' }).click()
  await expect(page).toHaveURL(`${APP_URL}/admin/rotasi-ban`)
  await expect(flash(page, 'Data rotasi ban berhasil disimpan.')).toBeAttached()
  const doc = (await rotations()).filter((r) => r.kendaraan_id === v.id)
  expect(doc).toHaveLength(1)
  expect(await layout(v)).toEqual({ '1A': b, '1B': a })

  for (const [noSeri, from, to] of [
    [a, '1A', '1B'],
    [b, '1B', '1A'],
  ]) {
    await page.goto(`/admin/ban/${await tyreId(noSeri)}`)
    const step = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Dipindah posisi (rotasi)' }) })
    await expect(step).toHaveCount(1)
    await expect(step).toContainText(`Dari Posisi${from}`)
    await expect(step).toContainText(`Ke Posisi${to}`)
    await expect(step).toContainText('61.000')
    await expect(step).toContainText('oleh ')
    await expect(step).toContainText(doc[0].kode_rotasi)
  }
})

// The dialog's save is seen both ways above; where the tyre goes is the server's.
test('a tyre moves to an empty position, which it then holds', { tag: ONCE }, async ({ loggedIn: page }) => {
  const { v, tyres } = await fittedVehicle(['2A'])
  await page.goto(createUrl(v))
  const dialog = await moveAt(page, '2A', tyres[0], { to: '2D', km: '60000' })
  await expect(dialog.getByLabel('Pindahkan ke').locator('option', { hasText: '2D — kosong' })).toHaveCount(1)
  await dialog.getByRole('button', { name: 'Pindahkan' }).click()
  await expect(flash(page, 'Ban posisi 2A berhasil dipindahkan.')).toBeAttached()
  await expect(page.getByRole('img', { name: 'Posisi 2A, kosong' })).toBeVisible()
  await expect(page.getByRole('link', { name: `Posisi 2D, ${tyres[0]}` })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Detail Pemindahan Ban' }).locator('tbody tr')).toContainText('kosong')
  expect(await layout(v)).toEqual({ '2D': tyres[0] })
})

test('a km below the tyre’s last km is refused beside Km Rotasi, what was typed kept', async ({ loggedIn: page }) => {
  const { v, tyres } = await fittedVehicle(['1A', '1B'])
  await page.goto(createUrl(v))
  const dialog = await moveAt(page, '1B', tyres[1], { to: '2C', km: '50099' })
  await dialog.getByRole('button', { name: 'Pindahkan' }).click()
  await expect(dialog.getByText('Km Rotasi tidak boleh di bawah km terakhir ban (50.100).')).toBeVisible()
  await expect(dialog.getByLabel('Km Rotasi')).toHaveValue('50099')
  await expect(dialog.getByLabel('Pindahkan ke')).toHaveValue('2C')
  expect(await layout(v)).toEqual({ '1A': tyres[0], '1B': tyres[1] })
  // The upstream's own rule says the same (422).
  const r = await (
    await upstream()
  ).post('/api/rotasi-ban/detail-ban', { kendaraan_id: v.id, posisi_asal: '1B', posisi_tujuan: '2C', km: 1 })
  expect(r.status).toBe(422)
  expect(r.json.errors.km).toEqual(['Km Rotasi tidak boleh di bawah km terakhir ban (50.100).'])
})

test('Posting from the row menu leaves Unpost, Show and Riwayat; Unpost reopens it', async ({ loggedIn: page, jsEnabled }) => {
  const { v } = await fittedVehicle(['1A', '1B'])
  const doc = await rotationOf(v, '1A', '2A')
  await page.goto(`/admin/rotasi-ban?q=${encodeURIComponent(doc.kode_rotasi)}`)
  let menu = await openRowMenu(page, doc.kode_rotasi, jsEnabled)
  await expect(menu.getByRole('menuitem')).toHaveText(['Posting', 'Update', 'Show', 'Riwayat', 'Delete'])
  await menu.getByRole('menuitem', { name: 'Posting' }).click()
  await expect(flash(page, 'Dokumen berhasil diposting.')).toBeAttached()
  expect((await rotations()).find((r) => r.id === doc.id)?.status).toBe('posting')
  menu = await openRowMenu(page, doc.kode_rotasi, jsEnabled)
  await expect(menu.getByRole('menuitem')).toHaveText(['Unpost', 'Show', 'Riwayat'])
  await menu.getByRole('menuitem', { name: 'Unpost' }).click()
  await expect(flash(page, 'Dokumen berhasil di-unpost.')).toBeAttached()
  expect((await rotations()).find((r) => r.id === doc.id)?.status).toBe('unpost')
})

test(
  'a posted rotation is read-only: its dialogs and Delete refused, the upstream refuses a change, Show lists the moves',
  { tag: ONCE },
  async ({ loggedIn: page }) => {
    const { v } = await fittedVehicle(['1A', '1B'])
    const doc = await rotationOf(v, '1A', '2A')
    expect((await (await upstream()).post(`/api/rotasi-ban/${doc.id}/posting`)).status).toBe(200)
    expect((await rotations()).find((r) => r.id === doc.id)?.status).toBe('posting')

    await page.goto(`/admin/rotasi-ban/edit/${doc.id}`)
    await expect(page.getByText('Rotasi ban ini sudah diposting dan tidak dapat diubah. Unpost terlebih dahulu.')).toBeVisible()
    await expect(page.getByRole('link', { name: /^Posisi / })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Selesai' })).toHaveCount(0)
    expect((await page.goto(`/admin/rotasi-ban/edit/${doc.id}/posisi/1B`))?.status()).toBe(409)
    const del = await page.goto(`/admin/rotasi-ban/${doc.id}/hapus`)
    expect(del?.status()).toBe(409)
    await expect(page.getByText('Rotasi ban ini sudah diposting dan tidak dapat dihapus. Unpost terlebih dahulu.')).toBeVisible()
    // The upstream refuses a change too (422).
    const added = await (
      await upstream()
    ).post('/api/rotasi-ban/detail-ban', {
      kendaraan_id: v.id,
      posisi_asal: '1B',
      posisi_tujuan: '2B',
      km: 60_000,
      rotasi_ban_id: doc.id,
    })
    expect(added.status).toBe(422)

    // Show: the moves, read-only.
    await page.goto(`/admin/rotasi-detail/${doc.id}`)
    await expect(page.getByRole('region', { name: 'Detail Pemindahan Ban' }).locator('tbody tr')).toContainText('1A → 2A')
  },
)

test.describe('phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('the rotation screen and its dialog have no sideways scroll', async ({ loggedIn: page }, info) => {
    const { v, tyres } = await fittedVehicle(['1A', '2D'])
    await page.goto(createUrl(v))
    const wide = () => page.evaluate(() => document.documentElement.scrollWidth)
    expect(await wide()).toBeLessThanOrEqual(375)
    await page.screenshot({ path: info.outputPath('rotasi-375.png'), fullPage: true })
    const dialog = await moveAt(page, '2D', tyres[1], { to: '1A', km: '1' })
    await dialog.getByRole('button', { name: 'Pindahkan' }).click()
    await expect(dialog.getByText('Km Rotasi tidak boleh di bawah km terakhir ban (50.100).')).toBeVisible()
    expect(await wide()).toBeLessThanOrEqual(375)
    const box = await dialog.boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true)
  })
})

test('an upstream without the extension: the one "Fitur tidak tersedia" page', { tag: ONCE }, async ({ page }) => {
  await withFaultyLock(async () => {
    await loginFaultyByRequest(page)
    for (const path of ['/admin/rotasi-ban', '/admin/create-rotasi-ban?kendaraan_id=1', '/admin/rotasi-ban/tambah']) {
      const res = await page.goto(`${FAULTY_APP_URL}${path}`)
      expect(res?.status()).toBe(501)
      await expect(page.getByRole('heading', { name: 'Fitur tidak tersedia' })).toBeVisible()
    }
  })
})
