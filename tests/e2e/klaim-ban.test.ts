/**
 * Klaim Ban: a claim raised from an early removal with its amount computed, approved and posted from
 * the row menu, printed as Surat Klaim Ban. JavaScript on and off. Every test makes its own vehicle,
 * tyre, fitting and removal through the api: a tyre bought for Rp 2.100.000, fitted at km 50.100 (the
 * default target, 70.000 km) and removed as Pecah at km 64.100 — 14.000 km run, so the claim is
 * Rp 2.100.000 × (1 − 14.000 / 70.000) = Rp 1.680.000.
 */
import { ONCE } from '../../playwright.config'
import { expect, test, unique, upstream } from './fixtures'
import { FAULTY_APP_URL, chooseSearched, flash, loginFaulty, openRowMenu, withFaultyLock } from './support'

const serial = (prefix: string) => unique(prefix).replace(/\s/g, '')

type Klaim = { id: number; kode_klaim: string; status: string; status_klaim: string; nilai_klaim: number; supplier_id: number | null }

/** A tyre removed early (Pecah, 14.000 km of 70.000) in a registered removal: its serial, removal line and supplier. */
async function earlyRemoval() {
  const api = await upstream()
  const jenis = await api.post('/api/jenis_kendaraan/add', { nama_jenis_kendaraan: unique('Jenis KL'), total_ban: 6 })
  expect(jenis.status).toBe(201)
  const k = await api.post('/api/kendaraan/add', {
    no_kabin: serial('KLK'),
    no_pol: 'B 6 KLM',
    jenis_kendaraan_id: jenis.json.data.id,
    km: 50_000,
  })
  expect(k.status).toBe(201)
  const kendaraanId = k.json.data.id as number
  const s = await api.post('/api/supplier/add', { nama_supp: unique('PT Klaim') })
  expect(s.status).toBe(201)
  const supplierId = s.json.data.id as number
  const noSeri = serial('KLB')
  expect(
    (
      await api.post('/api/pembelian-ban/add', {
        supplier_id: supplierId,
        ban: [{ no_seri: noSeri, kondisi_ban: 'BARU', harga: 2_100_000 }],
      })
    ).status,
  ).toBe(201)
  expect(
    (
      await api.post('/api/pemasangan-ban/detail-ban', {
        kendaraan_id: kendaraanId,
        km_pemasangan: 50_100,
        posisi_ban: '1A',
        no_seri: noSeri,
      })
    ).status,
  ).toBe(201)
  expect((await api.post(`/api/pemasangan-ban/add-pemasangan/${kendaraanId}`)).status).toBe(201)
  const line = await api.post('/api/pelepasan-ban/detail-ban', {
    kendaraan_id: kendaraanId,
    posisi_ban: '1A',
    km_pelepasan: 64_100,
    alasan: 'Pecah',
    tujuan: 'afkir',
  })
  expect(line.status).toBe(201)
  expect((await api.post(`/api/pelepasan-ban/add-pelepasan/${kendaraanId}`)).status).toBe(201)
  return { noSeri, lineId: line.json.data.id as number, supplierId }
}

const claims = async () => (await (await upstream()).get('/api/klaim-ban')).json as Klaim[]

/** A claim on the early removal, raised through the api (Diajukan). */
async function raised() {
  const r = await earlyRemoval()
  const res = await (await upstream()).post('/api/klaim-ban', { detail_pelepasan_ban_id: r.lineId, jenis: 'Garansi Supplier' })
  expect(res.status).toBe(201)
  return { ...r, klaim: res.json.data as Klaim }
}

test('raises a claim from an early removal: the figures and the computed amount shown, saved as Diajukan', async ({
  loggedIn: page,
  jsEnabled,
}) => {
  const r = await earlyRemoval()
  await page.goto('/admin/klaim-ban')
  await page.getByRole('link', { name: 'Tambah' }).click()
  const dialog = page.getByRole('dialog', { name: 'Tambah Klaim Ban' })
  await expect(dialog).toBeVisible()
  await chooseSearched(page, 'Tambah Klaim Ban', 'Pelepasan Ban yang Diklaim', r.noSeri, String(r.lineId), jsEnabled)
  // Without JavaScript the figures come with a re-render of the form.
  if (!jsEnabled) await dialog.getByRole('button', { name: 'Tampilkan nilai klaim' }).click()
  const figures = page.getByRole('dialog', { name: 'Tambah Klaim Ban' }).getByRole('region', { name: 'Perhitungan klaim' })
  await expect(figures).toContainText('Harga BanRp 2.100.000')
  await expect(figures).toContainText('Target Km70.000')
  await expect(figures).toContainText('Km Tempuh14.000')
  await expect(figures).toContainText('Nilai Klaim (dihitung)Rp 1.680.000')
  // The tyre's supplier is the default party of a warranty claim.
  await expect(page.getByLabel('Supplier (Garansi Supplier)', { exact: true })).toHaveValue(String(r.supplierId))
  await page.getByRole('dialog', { name: 'Tambah Klaim Ban' }).getByRole('button', { name: 'Simpan' }).click()
  await expect(flash(page, 'Klaim ban berhasil diajukan!')).toBeAttached()
  const saved = (await claims()).find((k) => k.supplier_id === r.supplierId)
  expect(saved).toMatchObject({ nilai_klaim: 1_680_000, status_klaim: 'Diajukan', status: 'unpost' })
  await page.goto(`/admin/klaim-ban?q=${saved!.kode_klaim}`)
  await expect(page.locator('tbody tr').filter({ hasText: saved!.kode_klaim })).toContainText('Rp 1.680.000')
})

test('a claim without a removal line chosen is refused in Indonesian, what was typed kept', async ({ loggedIn: page }) => {
  await page.goto('/admin/klaim-ban/tambah')
  const dialog = page.getByRole('dialog', { name: 'Tambah Klaim Ban' })
  await dialog.getByLabel('Pihak yang Diklaim').selectOption('Karyawan')
  await dialog.getByLabel('Keterangan').fill('Pengemudi lalai')
  await dialog.getByRole('button', { name: 'Simpan' }).click()
  await expect(dialog.getByText('Pilih pelepasan ban yang diklaim terlebih dahulu!')).toBeVisible()
  await expect(dialog.getByLabel('Pihak yang Diklaim')).toHaveValue('Karyawan')
  await expect(dialog.getByLabel('Keterangan')).toHaveValue('Pengemudi lalai')
})

test('Setujui then Posting from the row menu: approved, posted and locked', async ({ loggedIn: page, jsEnabled }) => {
  const { klaim } = await raised()
  await page.goto(`/admin/klaim-ban?q=${klaim.kode_klaim}`)
  let menu = await openRowMenu(page, klaim.kode_klaim, jsEnabled)
  await expect(menu.getByRole('menuitem')).toHaveText(['Setujui', 'Tolak', 'Posting', 'Update', 'Show', 'Riwayat', 'Delete', 'Cetak'])
  await menu.getByRole('menuitem', { name: 'Setujui' }).click()
  await expect(flash(page, 'Klaim ban disetujui.')).toBeAttached()
  await expect(page.locator('tbody tr').filter({ hasText: klaim.kode_klaim })).toContainText('Disetujui')
  menu = await openRowMenu(page, klaim.kode_klaim, jsEnabled)
  await menu.getByRole('menuitem', { name: 'Posting' }).click()
  await expect(flash(page, 'Dokumen berhasil diposting.')).toBeAttached()
  expect((await claims()).find((k) => k.id === klaim.id)).toMatchObject({ status: 'posting', status_klaim: 'Disetujui' })
  menu = await openRowMenu(page, klaim.kode_klaim, jsEnabled)
  await expect(menu.getByRole('menuitem')).toHaveText(['Unpost', 'Show', 'Riwayat', 'Cetak'])
  // A posted claim cannot change: its edit dialog says so.
  expect((await page.goto(`/admin/klaim-ban/${klaim.id}/edit`))?.status()).toBe(409)
  await expect(page.getByText('Klaim ini sudah diposting dan tidak dapat diubah. Unpost terlebih dahulu.')).toBeVisible()
})

test(
  'Surat Klaim Ban: the party, the tyre, the figures, the amount in words and the signatures',
  { tag: ONCE },
  async ({ loggedIn: page }) => {
    const { klaim, noSeri } = await raised()
    await page.goto(`/admin/klaim-cetak/${klaim.id}`)
    await expect(page.getByRole('heading', { name: 'Surat Klaim Ban' })).toBeVisible()
    await expect(page.getByText(klaim.kode_klaim).first()).toBeVisible()
    await expect(page.getByText(noSeri)).toBeVisible()
    await expect(page.getByRole('cell', { name: '1.680.000', exact: true })).toBeVisible()
    await expect(page.getByRole('cell', { name: 'Rp 1.680.000' })).toBeVisible()
    await expect(page.getByText('Satu juta enam ratus delapan puluh ribu rupiah')).toBeVisible()
    for (const role of ['Dibuat oleh', 'Disetujui oleh', 'Supplier'])
      await expect(page.getByText(role, { exact: true }).last()).toBeVisible()
  },
)

test('Inquery Klaim Ban: the URL date filter and the CSV of the filtered claims', { tag: ONCE }, async ({ loggedIn: page }) => {
  const { klaim } = await raised()
  const api = await upstream()
  const today = ((await api.get(`/api/klaim-ban/${klaim.id}`)).json.data as { tanggal_awal: string }).tanggal_awal
  await page.goto(`/admin/inquery-klaim-ban?tanggal_awal=${today}&tanggal_akhir=${today}&q=${klaim.kode_klaim}`)
  await expect(page.getByRole('heading', { name: 'Inquery Klaim Ban', level: 1 })).toBeVisible()
  await expect(page.locator('tbody tr').filter({ hasText: klaim.kode_klaim })).toContainText('Rp 1.680.000')
  const href = await page.getByRole('link', { name: 'Unduh CSV' }).getAttribute('href')
  const res = await page.request.get(href!)
  expect(res.headers()['content-type']).toBe('text/csv; charset=utf-8')
  const lines = (await res.body()).subarray(3).toString('utf8').trimEnd().split('\r\n')
  expect(lines[0]).toContain('Kode Klaim;No Seri')
  expect(lines).toHaveLength(2)
  expect(lines[1]).toContain(`${klaim.kode_klaim};`)
  expect(lines[1]).toContain(';2100000;70000;14000;1680000;1680000;;Diajukan;Unpost')
})

test('an upstream without the extension: the one "Fitur tidak tersedia" page', { tag: ONCE }, async ({ page }) => {
  await withFaultyLock(async () => {
    await loginFaulty(page)
    for (const path of ['/admin/klaim-ban', '/admin/klaim-ban/tambah', '/admin/inquery-klaim-ban']) {
      const res = await page.goto(`${FAULTY_APP_URL}${path}`)
      expect(res?.status(), path).toBe(501)
      await expect(page.getByRole('heading', { name: 'Fitur tidak tersedia' })).toBeVisible()
    }
  })
})
