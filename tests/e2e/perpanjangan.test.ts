/**
 * Perpanjangan STNK & KIR: a vehicle's STNK renewed from the dashboard's due panel (its Perpanjang
 * link opens the form with the vehicle and the document chosen), the vehicle leaving the panel, the
 * cost on Laporan Biaya Perpanjangan; the Indonesian refusal of a new expiry not after the old one;
 * posting from the row menu; Bukti Perpanjangan with the amount in words. JavaScript on and off.
 * Every test makes its own vehicle through the api. Only the dashboard's ones are past due (5 days:
 * after the seed's soonest row, which other tests expect first, and before the rows other tests leave
 * 3 days past due, so it is among the panel's 8) and leave nothing due once renewed; the others'
 * dates are 200 days ahead, outside every due window.
 */
import { ONCE } from '../../playwright.config'
import { expect, test, unique, upstream } from './fixtures'
import { FAULTY_APP_URL, flash, loginFaulty, openRowMenu, withFaultyLock } from './support'

const serial = (prefix: string) => unique(prefix).replace(/\s/g, '')
/** Today in the company's time zone (the app's default payment date). */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date())
const nextYear = () => `${Number(today().slice(0, 4)) + 1}${today().slice(4)}`
/** Today plus `n` days (YYYY-MM-DD). */
const inDays = (n: number) => new Date(Date.parse(`${today()}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)
/** 'YYYY-MM-DD' → 'DD/MM/YYYY', as the screens show it. */
const dmy = (d: string) => d.split('-').reverse().join('/')

type Perpanjangan = { id: number; kode_perpanjangan: string; status: string; biaya: number; expired_baru: string; kendaraan_id: number }

/** A vehicle with these expiries (null: none). */
async function dueVehicle(dates: { stnk: string | null; kir: string | null }) {
  const api = await upstream()
  const noKabin = serial('PJK')
  const k = await api.post('/api/kendaraan/add', { no_kabin: noKabin, no_pol: 'B 7 PJG', expired_stnk: dates.stnk, expired_kir: dates.kir })
  expect(k.status).toBe(201)
  return { id: k.json.data.id as number, noKabin, ...dates }
}

const vehicle = async (id: number) =>
  (await (await upstream()).get(`/api/kendaraan/${id}/show`)).json.data as { expired_stnk: string | null; expired_kir: string | null }
/** A KIR renewal of Rp 1.850.000 to next year, unposted (through the api). */
async function renewal(kendaraanId: number) {
  const res = await (
    await upstream()
  ).post('/api/perpanjangan', { kendaraan_id: kendaraanId, jenis_dokumen: 'KIR', expired_baru: nextYear(), biaya: 1_850_000 })
  expect(res.status).toBe(201)
  return res.json.data as Perpanjangan
}
const renewalsOf = async (kendaraanId: number) =>
  (await (await upstream()).get(`/api/perpanjangan?kendaraan_id=${kendaraanId}`)).json.data as Perpanjangan[]

test("renews a vehicle's STNK from the dashboard's due panel: the renewal and the vehicle's new expiry are stored", async ({
  loggedIn: page,
}) => {
  const v = await dueVehicle({ stnk: inDays(-5), kir: null })
  await page.goto('/admin/dashboard')
  const row = page.locator('tbody tr').filter({ hasText: v.noKabin })
  await expect(row.filter({ hasText: 'STNK' })).toHaveCount(1)
  await row.filter({ hasText: 'STNK' }).getByRole('link', { name: 'Perpanjang' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/perpanjangan-stnk/tambah\\?kendaraan_id=${v.id}&jenis_dokumen=STNK$`))
  const dialog = page.getByRole('dialog', { name: 'Tambah Perpanjangan STNK / KIR' })
  await expect(dialog.getByLabel('Dokumen')).toHaveValue('STNK')
  await expect(dialog.getByTestId('expired-lama')).toHaveText(`Expired lama: ${dmy(v.stnk!)}`)
  await dialog.getByLabel('Expired Baru').fill(nextYear())
  await dialog.getByLabel('Biaya (Rp)').fill('1.850.000')
  await dialog.getByLabel('Keterangan').fill('Samsat keliling')
  await dialog.getByRole('button', { name: 'Simpan' }).click()
  await expect(flash(page, 'Perpanjangan berhasil disimpan! Tanggal expired kendaraan sudah diperbarui.')).toBeAttached()
  await expect(page).toHaveURL(/\/admin\/perpanjangan-stnk$/)

  // Stored with the old and new expiry; the vehicle's STNK date moved at once.
  const [saved] = await renewalsOf(v.id)
  expect(saved).toMatchObject({ jenis_dokumen: 'STNK', expired_lama: v.stnk, expired_baru: nextYear(), biaya: 1_850_000 })
  expect(await vehicle(v.id)).toEqual(expect.objectContaining({ expired_stnk: nextYear(), expired_kir: null }))
})

test(
  "a renewed STNK: on the vehicle's detail, off the dashboard's due panel, its cost on the report",
  { tag: ONCE },
  async ({ loggedIn: page }) => {
    const v = await dueVehicle({ stnk: inDays(-5), kir: null })
    const res = await (
      await upstream()
    ).post('/api/perpanjangan', { kendaraan_id: v.id, jenis_dokumen: 'STNK', expired_baru: nextYear(), biaya: 1_850_000 })
    expect(res.status).toBe(201)

    // The vehicle's detail lists the renewal.
    await page.goto(`/admin/kendaraan/${v.id}`)
    const renewals = page.getByRole('dialog', { name: 'Detail Kendaraan' }).getByRole('region', { name: 'Riwayat Perpanjangan STNK & KIR' })
    await expect(renewals.locator('tbody tr')).toHaveText([/STNK.*Rp\s1\.850\.000/])

    // It left the dashboard's due panel.
    await page.goto('/admin/dashboard')
    await expect(page.getByRole('heading', { name: 'STNK & KIR jatuh tempo (30 hari)' })).toBeVisible()
    await expect(page.locator('tbody tr').filter({ hasText: v.noKabin })).toHaveCount(0)

    await page.goto(`/admin/laporan-biaya-perpanjangan?tanggal_awal=${today()}&tanggal_akhir=${today()}&q=${v.noKabin}`)
    await expect(page.getByRole('heading', { name: 'Laporan Biaya Perpanjangan', level: 1 })).toBeVisible()
    await expect(page.locator('tbody tr').filter({ hasText: v.noKabin })).toContainText('1.850.000')
    await expect(page.getByTestId('laporan-perpanjangan-total')).toContainText('Total STNK:Rp 1.850.000')
    await expect(page.getByTestId('laporan-perpanjangan-total')).toContainText('Total KIR:Rp 0')
  },
)

test('from Jatuh Tempo: a new expiry not after the old one is refused in Indonesian, what was typed kept, nothing stored', async ({
  loggedIn: page,
}) => {
  const v = await dueVehicle({ stnk: null, kir: inDays(200) })
  // Opened from Jatuh Tempo STNK & KIR (a window of that day): its KIR row's Perpanjang.
  await page.goto(`/admin/jatuh-tempo?tanggal_awal=${v.kir}&tanggal_akhir=${v.kir}&q=${v.noKabin}`)
  await page.locator('tbody tr').filter({ hasText: 'KIR' }).getByRole('link', { name: 'Perpanjang' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/perpanjangan-stnk/tambah\\?kendaraan_id=${v.id}&jenis_dokumen=KIR$`))
  const dialog = page.getByRole('dialog', { name: 'Tambah Perpanjangan STNK / KIR' })
  await expect(dialog.getByTestId('expired-lama')).toHaveText(`Expired lama: ${dmy(v.kir!)}`)
  await dialog.getByLabel('Expired Baru').fill(inDays(199))
  await dialog.getByLabel('Biaya (Rp)').fill('150000')
  await dialog.getByLabel('Keterangan').fill('Uji KIR Dishub')
  await dialog.getByRole('button', { name: 'Simpan' }).click()
  await expect(dialog.getByText(`Tanggal expired baru harus setelah tanggal expired lama (${dmy(v.kir!)}).`)).toBeVisible()
  await expect(dialog.getByLabel('Keterangan')).toHaveValue('Uji KIR Dishub')
  await expect(dialog.getByLabel('Biaya (Rp)')).toHaveValue('150000')
  expect(await renewalsOf(v.id)).toEqual([])
  expect((await vehicle(v.id)).expired_kir).toBe(v.kir)
})

test('Posting from the row menu locks the renewal: its menu without Update and Delete', async ({ loggedIn: page, jsEnabled }) => {
  const v = await dueVehicle({ stnk: null, kir: inDays(200) })
  const doc = await renewal(v.id)
  await page.goto(`/admin/perpanjangan-stnk?q=${doc.kode_perpanjangan}`)
  let menu = await openRowMenu(page, doc.kode_perpanjangan, jsEnabled)
  await expect(menu.getByRole('menuitem')).toHaveText(['Posting', 'Update', 'Show', 'Riwayat', 'Cetak', 'Delete'])
  await menu.getByRole('menuitem', { name: 'Posting' }).click()
  await expect(flash(page, 'Dokumen berhasil diposting.')).toBeAttached()
  expect((await renewalsOf(v.id))[0]!.status).toBe('posting')
  menu = await openRowMenu(page, doc.kode_perpanjangan, jsEnabled)
  await expect(menu.getByRole('menuitem')).toHaveText(['Unpost', 'Show', 'Riwayat', 'Cetak'])
})

test(
  'a posted renewal refuses Update with a reason; Bukti Perpanjangan shows the amount in words and the signatures',
  { tag: ONCE },
  async ({ loggedIn: page }) => {
    const v = await dueVehicle({ stnk: null, kir: inDays(200) })
    const doc = await renewal(v.id)
    expect((await (await upstream()).post(`/api/perpanjangan/${doc.id}/posting`)).status).toBe(200)
    expect((await page.goto(`/admin/perpanjangan-stnk/${doc.id}/edit`))?.status()).toBe(409)
    await expect(page.getByText('Perpanjangan ini sudah diposting dan tidak dapat diubah. Unpost terlebih dahulu.')).toBeVisible()

    await page.goto(`/admin/perpanjangan-cetak/${doc.id}`)
    await expect(page.getByRole('heading', { name: 'Bukti Perpanjangan' })).toBeVisible()
    await expect(page.getByText(doc.kode_perpanjangan).first()).toBeVisible()
    await expect(page.getByText(v.noKabin).first()).toBeVisible()
    await expect(page.getByRole('cell', { name: '1.850.000', exact: true })).toBeVisible()
    await expect(page.getByText('Satu juta delapan ratus lima puluh ribu rupiah')).toBeVisible()
    for (const role of ['Dibuat oleh', 'Diperiksa oleh', 'Disetujui oleh'])
      await expect(page.getByText(role, { exact: true }).last()).toBeVisible()
  },
)

test("deleting an unposted renewal puts the vehicle's old expiry back", async ({ loggedIn: page }) => {
  const v = await dueVehicle({ stnk: inDays(200), kir: null })
  const res = await (
    await upstream()
  ).post('/api/perpanjangan', { kendaraan_id: v.id, jenis_dokumen: 'STNK', expired_baru: nextYear(), biaya: 500_000 })
  const doc = res.json.data as Perpanjangan
  expect((await vehicle(v.id)).expired_stnk).toBe(nextYear())
  await page.goto(`/admin/perpanjangan-stnk/${doc.id}/hapus`)
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'))
  await dialog.getByRole('button', { name: /Ya, hapus/i }).click()
  await expect(flash(page, 'Data Perpanjangan telah dihapus.')).toBeAttached()
  expect(await renewalsOf(v.id)).toEqual([])
  expect((await vehicle(v.id)).expired_stnk).toBe(v.stnk)
})

test('an upstream without the extension: the one "Fitur tidak tersedia" page', { tag: ONCE }, async ({ page }) => {
  await withFaultyLock(async () => {
    await loginFaulty(page)
    for (const path of ['/admin/perpanjangan-stnk', '/admin/perpanjangan-stnk/tambah', '/admin/laporan-biaya-perpanjangan']) {
      const res = await page.goto(`${FAULTY_APP_URL}${path}`)
      expect(res?.status(), path).toBe(501)
      await expect(page.getByRole('heading', { name: 'Fitur tidak tersedia' })).toBeVisible()
    }
  })
})
