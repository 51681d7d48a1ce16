/**
 * Pemeriksaan Ban: a round recorded on the vehicle's screen (the tyre's wear, km left and forecast
 * date then in its history), a refused tread with what was typed kept, and the dashboard's panel of
 * tyres at the minimum tread. JavaScript on and off. Every test makes its own vehicle, tyres, fitting
 * and earlier round through the api.
 */
import { expect, test, unique, upstream } from './fixtures'
import { APP_URL, flash } from './support'
import { ONCE } from '../../playwright.config'

const serial = (prefix: string) => unique(prefix).replace(/\s/g, '')

type Vehicle = { id: number; no_kabin: string; km: number }

const KM_PASANG = 50_100

/** The company's today (Asia/Jakarta) and `days` before it, YYYY-MM-DD. */
const dayIso = (days = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() - days * 86_400_000),
  )
const idDate = (iso: string) => iso.split('-').reverse().join('/')
const plusDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/** A round of today on the vehicle, stored through the api (what a test reads back, not the screen's save). */
async function storeRound(kendaraanId: number, km: number, detail: Record<string, string | number>[]) {
  const saved = await (await upstream()).post('/api/pemeriksaan-ban', { kendaraan_id: kendaraanId, tanggal_awal: dayIso(), km, detail })
  expect(saved.status).toBe(201)
}

/**
 * A new 6-tyre vehicle (km 50.000) with tyres on 1A and 1B fitted at km 50.100, and a round 30 days ago
 * at that km: 1A 10 mm, 1B 8 mm.
 */
async function inspectedVehicle() {
  const api = await upstream()
  const jenis = await api.post('/api/jenis_kendaraan/add', { nama_jenis_kendaraan: unique('Jenis PRB'), total_ban: 6 })
  expect(jenis.status).toBe(201)
  const k = await api.post('/api/kendaraan/add', {
    no_kabin: unique('PRB'),
    no_pol: 'B 7 PRB',
    jenis_kendaraan_id: jenis.json.data.id,
    km: 50_000,
  })
  expect(k.status).toBe(201)
  const v = k.json.data as Vehicle
  const supplier = ((await api.get('/api/supplier')).json as { id: number }[])[0]
  const tyres = [serial('PA'), serial('PB')]
  const buy = await api.post('/api/pembelian-ban/add', {
    supplier_id: supplier.id,
    ban: tyres.map((s) => ({ no_seri: s, kondisi_ban: 'BARU', harga: 1_000_000 })),
  })
  expect(buy.status).toBe(201)
  for (const [i, posisi_ban] of ['1A', '1B'].entries()) {
    const r = await api.post('/api/pemasangan-ban/detail-ban', {
      kendaraan_id: v.id,
      km_pemasangan: KM_PASANG,
      posisi_ban,
      no_seri: tyres[i],
    })
    expect(r.status).toBe(201)
  }
  expect((await api.post(`/api/pemasangan-ban/add-pemasangan/${v.id}`)).status).toBe(201)
  const first = await api.post('/api/pemeriksaan-ban', {
    kendaraan_id: v.id,
    tanggal_awal: dayIso(30),
    km: KM_PASANG,
    detail: [
      { posisi_ban: '1A', tebal_tapak: 10 },
      { posisi_ban: '1B', tebal_tapak: 8 },
    ],
  })
  expect(first.status).toBe(201)
  const ids = (await api.get('/api/ban')).json as { id: number; no_seri: string; kode_ban: string }[]
  const tyre = (noSeri: string) => ids.find((b) => b.no_seri === noSeri)!
  return { v, tyres: tyres.map(tyre) }
}

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

// What the history computes from a stored round (the round is saved through the screen, both ways, above).
test(
  'after a round the tyre’s history shows its wear, km left, km per day and forecast date',
  { tag: ONCE },
  async ({ loggedIn: page }) => {
    const { v, tyres } = await inspectedVehicle()
    await storeRound(v.id, 53_100, [
      { posisi_ban: '1A', tebal_tapak: '9,4' },
      { posisi_ban: '1B', tebal_tapak: '4,1', tekanan: 105, kondisi: 'Aus tidak rata' },
    ])

    // 8 → 4,1 mm over 3.000 km: 1,3 mm per 1.000 km; 1,1 mm above the minimum: 846 km; 3.000 km in 30 days: 100 km a day, 9 days.
    await page.goto(`/admin/ban/${tyres[1]!.id}`)
    const figures = page.getByTestId('prakiraan-ban')
    await expect(figures).toContainText('Tebal Tapak Terakhir4,1 mm')
    await expect(figures).toContainText('Keausan1,3 mm / 1.000 km')
    await expect(figures).toContainText('Sisa Km846 km')
    await expect(figures).toContainText('Km per Hari Kendaraan100 km/hari')
    await expect(figures).toContainText('Sisa Hari9 hari')
    await expect(figures).toContainText(`Prakiraan Ganti${idDate(plusDays(dayIso(), 9))}`)
    const rows = page.getByRole('group', { name: 'Daftar pemeriksaan ban' }).locator('tbody tr')
    await expect(rows).toHaveCount(2)
    await expect(rows.first()).toContainText('4,1 mm')
    await expect(rows.last()).toContainText('8 mm')
  },
)

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

test(
  'a tyre measured at the minimum tread is on the dashboard’s panel, leading to its history',
  { tag: ONCE },
  async ({ loggedIn: page }) => {
    const { v, tyres } = await inspectedVehicle()
    await storeRound(v.id, 52_000, [
      { posisi_ban: '1A', tebal_tapak: 9 },
      { posisi_ban: '1B', tebal_tapak: '2,5' },
    ])
    await page.goto('/admin/dashboard')
    const panel = page.getByTestId('panel-ban-aus')
    const row = panel.getByTestId('ban-aus-row').filter({ hasText: tyres[1]!.kode_ban })
    await expect(row).toContainText(`${v.no_kabin} · 1B`)
    await expect(row).toContainText('2,5 mm / 0 km')
    await expect(row).toContainText('Ganti sekarang')
    await expect(panel.getByTestId('ban-aus-row').filter({ hasText: tyres[0]!.kode_ban })).toHaveCount(0)
    await row.getByRole('link', { name: tyres[1]!.kode_ban }).click()
    await expect(page.getByRole('heading', { name: 'Riwayat Ban', level: 1 })).toBeVisible()
    await expect(page.getByTestId('prakiraan-ban')).toContainText('Sisa Km0 km')
  },
)

// The server's date and tread rules (the refused save of this form is seen both ways in the test above).
test(
  'a back-dated round whose tread is not between the rounds before and after it is refused beside its field; everything typed is kept',
  { tag: ONCE },
  async ({ loggedIn: page }) => {
    const { v } = await inspectedVehicle()
    // A later round today: 1A 9 mm (after the 10 mm of 30 days ago).
    await storeRound(v.id, 53_100, [
      { posisi_ban: '1A', tebal_tapak: 9 },
      { posisi_ban: '1B', tebal_tapak: 7 },
    ])
    await page.goto(`/admin/create-pemeriksaan-ban?kendaraan_id=${v.id}`)
    // A paper round of 20 days ago, at the km the vehicle had then (below today's 53.100).
    await page.getByLabel('Tanggal').fill(dayIso(20))
    await page.getByLabel('Km Kendaraan').fill(String(KM_PASANG))
    const a = page.getByRole('group', { name: /Posisi 1A/ })
    const b = page.getByRole('group', { name: /Posisi 1B/ })
    await a.getByLabel('Tebal Tapak (mm)').fill('8,5')
    await a.getByLabel('Keterangan').fill('kartu kertas')
    await b.getByLabel('Tebal Tapak (mm)').fill('7,5')
    await page.getByRole('button', { name: 'Simpan' }).click()
    await expect(
      a.getByText(
        `Tebal tapak harus di antara pemeriksaan sesudahnya (9 mm pada ${idDate(dayIso())}) dan pemeriksaan sebelumnya (10 mm pada ${idDate(dayIso(30))}): tanpa vulkanisir di antaranya tebal tapak hanya berkurang.`,
      ),
    ).toBeVisible()
    await expect(page.getByLabel('Tanggal')).toHaveValue(dayIso(20))
    await expect(page.getByLabel('Km Kendaraan')).toHaveValue(String(KM_PASANG))
    await expect(a.getByLabel('Tebal Tapak (mm)')).toHaveValue('8,5')
    await expect(a.getByLabel('Keterangan')).toHaveValue('kartu kertas')
    await expect(b.getByLabel('Tebal Tapak (mm)')).toHaveValue('7,5')
    const rounds = (await (await upstream()).get('/api/pemeriksaan-ban')).json.data as { kendaraan_id: number }[]
    expect(rounds.filter((r) => r.kendaraan_id === v.id)).toHaveLength(2)

    // Dated tomorrow: refused too, the date kept.
    await page.getByLabel('Tanggal').fill(plusDays(dayIso(), 1))
    await a.getByLabel('Tebal Tapak (mm)').fill('9,5')
    await page.getByRole('button', { name: 'Simpan' }).click()
    await expect(page.getByText(`Tanggal pemeriksaan tidak boleh setelah hari ini (${idDate(dayIso())}).`)).toBeVisible()
    await expect(page.getByLabel('Tanggal')).toHaveValue(plusDays(dayIso(), 1))
    await expect(a.getByLabel('Tebal Tapak (mm)')).toHaveValue('9,5')
    expect(
      ((await (await upstream()).get('/api/pemeriksaan-ban')).json.data as { kendaraan_id: number }[]).filter(
        (r) => r.kendaraan_id === v.id,
      ),
    ).toHaveLength(2)
  },
)

test(
  'a forecast date that has passed reads ‘lewat N hari’ in red on the dashboard and in Riwayat Ban',
  { tag: ONCE },
  async ({ loggedIn: page }) => {
    // The demo data has a fitted tyre past its forecast date (above the minimum tread): the api's list,
    // the most overdue first, is what the dashboard shows.
    type Row = {
      ban_id: number
      kode_ban: string
      prakiraan: { tebal_tapak_terakhir: number; tebal_tapak_minimum: number; tanggal_prakiraan: string | null }
    }
    const list = (await (await upstream()).get('/api/pemeriksaan-ban/peringatan?limit=8')).json.data as Row[]
    const past = list.find(
      (r) =>
        r.prakiraan.tanggal_prakiraan &&
        r.prakiraan.tanggal_prakiraan < dayIso() &&
        r.prakiraan.tebal_tapak_terakhir > r.prakiraan.tebal_tapak_minimum,
    )
    expect(past, 'a tyre past its forecast date among the dashboard’s rows').toBeTruthy()
    const date = past!.prakiraan.tanggal_prakiraan!
    const days = Math.round((Date.parse(`${dayIso()}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / 86_400_000)
    const lewat = `lewat ${days} hari`

    await page.goto('/admin/dashboard')
    const row = page.getByTestId('panel-ban-aus').getByTestId('ban-aus-row').filter({ hasText: past!.kode_ban })
    const cell = row.getByTestId('ban-aus-prakiraan')
    await expect(cell).toContainText(idDate(date))
    await expect(cell.getByText(lewat)).toHaveClass(/text-red-700/)
    await row.getByRole('link', { name: past!.kode_ban }).click()
    await expect(page.getByRole('heading', { name: 'Riwayat Ban', level: 1 })).toBeVisible()
    const figures = page.getByTestId('prakiraan-ban')
    await expect(figures).toContainText(`Sisa Hari${lewat}`)
    await expect(figures.getByText(lewat)).toHaveClass(/text-red-700/)
    await expect(figures).toContainText(`Prakiraan Ganti${idDate(date)}`)
    await expect(figures).toContainText('Sisa Km0 km')
  },
)
