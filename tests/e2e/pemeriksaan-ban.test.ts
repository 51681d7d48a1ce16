/**
 * Pemeriksaan Ban: a round recorded on the vehicle's screen and a refused tread with what was typed
 * kept, JavaScript on and off. Every test makes its own vehicle, tyres, fitting and earlier round
 * through the api (tests/pemeriksaan-records.ts). What the server computes and refuses alone — the
 * tyre's wear, km left and forecast date in its history, the dashboard's panel of worn and overdue
 * tyres, a back-dated round's rules — is tested over plain HTTP in tests/app/pemeriksaan-ban.test.ts.
 */
import { expect, test, unique, upstream } from './fixtures'
import { APP_URL, flash } from './support'
import { dayIso, inspectionRecords } from '../pemeriksaan-records'

const { inspectedVehicle } = inspectionRecords(upstream, unique)

test('a round recorded on the vehicle’s screen: the upstream stores the figures typed', async ({ loggedIn: page }) => {
  const { v, tyres } = await inspectedVehicle()
  await page.goto('/admin/pemeriksaan-ban')
  await page.getByRole('link', { name: 'Tambah' }).click()
  const picker = page.getByRole('dialog', { name: 'Pilih Kendaraan' })
  await picker.locator('select[name=kendaraan_id]').selectOption(String(v.id))
  await picker.getByRole('button', { name: 'Lanjutkan' }).click()
  await expect(page).toHaveURL(`${APP_URL}/admin/create-pemeriksaan-ban?kendaraan_id=${v.id}`)
  await expect(page.getByRole('heading', { name: 'Form Pemeriksaan Ban', level: 1 })).toBeVisible()
  // The diagram's fitted positions lead to their fields.
  await expect(page.getByRole('link', { name: /^Posisi / })).toHaveCount(2)
  await page.getByLabel('Tanggal').fill(dayIso())
  await page.getByLabel('Km Kendaraan').fill('53.100')
  const a = page.getByRole('group', { name: new RegExp(`Posisi 1A — ${tyres[0]!.no_seri}`) })
  const b = page.getByRole('group', { name: new RegExp(`Posisi 1B — ${tyres[1]!.no_seri}`) })
  await a.getByLabel('Tebal Tapak (mm)').fill('9,4')
  await b.getByLabel('Tebal Tapak (mm)').fill('4,1')
  await b.getByLabel('Tekanan (psi)').fill('105')
  await b.getByLabel('Kondisi').selectOption('Aus tidak rata')
  await page.getByRole('button', { name: 'Simpan' }).click()
  await expect(page).toHaveURL(`${APP_URL}/admin/pemeriksaan-ban`)
  await expect(flash(page, 'Data pemeriksaan ban berhasil disimpan.')).toBeAttached()

  // What the upstream stored.
  const history = await (await upstream()).get(`/api/ban/${tyres[1]!.id}/pemeriksaan`)
  expect(history.json.data[0]).toMatchObject({
    tanggal_awal: dayIso(),
    km: 53_100,
    tebal_tapak: 4.1,
    tekanan: 105,
    kondisi: 'Aus tidak rata',
  })
})

test('a tread above the previous one is refused beside its field; everything typed is kept', async ({ loggedIn: page }) => {
  const { v } = await inspectedVehicle()
  await page.goto(`/admin/create-pemeriksaan-ban?kendaraan_id=${v.id}`)
  await page.getByLabel('Km Kendaraan').fill('51000')
  const a = page.getByRole('group', { name: /Posisi 1A/ })
  const b = page.getByRole('group', { name: /Posisi 1B/ })
  await a.getByLabel('Tebal Tapak (mm)').fill('11')
  await a.getByLabel('Keterangan').fill('dicek ulang')
  await b.getByLabel('Tebal Tapak (mm)').fill('7,5')
  await page.getByRole('button', { name: 'Simpan' }).click()
  await expect(
    a.getByText(/Tebal tapak tidak boleh di atas pemeriksaan sebelumnya \(10 mm pada .*\) tanpa vulkanisir di antaranya\./),
  ).toBeVisible()
  await expect(a.getByLabel('Tebal Tapak (mm)')).toHaveValue('11')
  await expect(a.getByLabel('Keterangan')).toHaveValue('dicek ulang')
  await expect(b.getByLabel('Tebal Tapak (mm)')).toHaveValue('7,5')
  await expect(page.getByLabel('Km Kendaraan')).toHaveValue('51000')
  const rounds = (await (await upstream()).get('/api/pemeriksaan-ban')).json.data as { kendaraan_id: number }[]
  expect(rounds.filter((r) => r.kendaraan_id === v.id)).toHaveLength(1)
})
