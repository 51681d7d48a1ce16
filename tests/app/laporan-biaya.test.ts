/**
 * Laporan Biaya Ban per Km as the server renders it (plain HTTP, no browser). Every test makes its own
 * tyres through the api with known numbers — a purchase with prices, fittings at km 1.000, a removal at
 * km 21.000 (to the retreader) dated on a day of the far future no other test uses, the retread's cost —
 * under a merek, supplier and vehicle of its own, and reads the report for that day narrowed to them.
 *
 * The numbers of one fleet (fleet(), tests/laporan-biaya-records.ts): tyre A bought for Rp 2.000.000, run 20.000 km, retread
 * Rp 400.000 → Rp 2.400.000, Rp 120 per km; tyre B bought for Rp 1.800.000, still fitted, 20.000 km so
 * far → Rp 90 per km. The merek: 2 tyres, 40.000 km, Rp 4.200.000, Rp 105 per km.
 *
 * What stays in tests/e2e/laporan-biaya.test.ts: expanding a group and the order form (both ways), and
 * the screen against an upstream without the extension (the faulty server of the e2e run).
 */
import { beforeAll, expect, test } from 'vitest'
import { ADMIN, download, loginAs, type Client } from './http'
import { alerts, byText, field, named, text, valueOf, type Element, openPage } from './html'
import { unique, upstream } from './upstream'
import { flat, fleetRecords, freeDay, ok, period, type Fleet } from '../laporan-biaya-records'

const { fleet } = fleetRecords(upstream, unique)

let admin: Client
beforeAll(async () => {
  admin = await loginAs(ADMIN.kode_user, ADMIN.password)
})

const url = (day: string, q: string, more = '') => `/admin/laporan-biaya-ban?${period(day)}&q=${encodeURIComponent(q)}${more}`

const open = (path: string, status?: number) => openPage(admin, path, status)
/** The report's group rows (not the rows under them holding the tyres), each as its own cells' texts. */
function groupRows(doc: Element): string[][] {
  const table = doc.querySelector('main table')
  expect(table, 'the report table').toBeTruthy()
  const body = table!.querySelector('tbody')!
  return body.childNodes
    .filter((n): n is Element => (n as Element).tagName === 'TR' && !(n as Element).hasAttribute('data-row-detail'))
    .map((tr) => tr.childNodes.filter((c): c is Element => (c as Element).tagName === 'TD').map(text))
}
/** The text of the element with data-testid `id`. */
const testId = (doc: Element, id: string) => text(doc.querySelector(`[data-testid="${id}"]`))
/** The table's column header named `name` is there. */
const header = (doc: Element, name: string) => expect(named(doc, 'th', name).length, `column ${name}`).toBeGreaterThan(0)
/** The cells (td, th) whose text contains `name`, as getByRole('cell', { name }) finds them. */
const cells = (doc: Element, name: string) => doc.querySelectorAll('td, th').filter((c) => text(c).includes(name))
const fleetRow = (label: string) => ['1', label, '2', '40.000', 'Rp 4.200.000', 'Rp 105', 'Rp 4.200.000', 'Rp 105']

/** The query a browser sends when the GET form holding the button `Cari` is submitted with `changes`. */
function submitQuery(doc: Element, changes: Record<string, string>): string {
  const form = doc.querySelectorAll('form').find((f) => f.querySelectorAll('button').some((b) => text(b) === 'Cari'))
  expect(form, 'the filter form').toBeTruthy()
  const q = new URLSearchParams()
  for (const el of form!.querySelectorAll('input[name], select[name]')) {
    if (['checkbox', 'radio'].includes(el.getAttribute('type') ?? '') && !el.hasAttribute('checked')) continue
    const name = el.getAttribute('name')!
    q.append(name, changes[name] ?? valueOf(el))
  }
  return `${form!.getAttribute('action') ?? '/admin/laporan-biaya-ban'}?${q}`
}

test.concurrent('grouped by merek: the km, cost and cost per km of the period, and the total', async () => {
  const day = freeDay()
  const f = await fleet(day)
  const doc = await open(url(day, f.merek, '&group=merek'))
  header(doc, 'Merek')
  expect(groupRows(doc)).toHaveLength(1)
  expect(groupRows(doc)[0]).toEqual(fleetRow(f.merek))
  expect(testId(doc, 'total-jumlah-ban')).toBe('2')
  expect(testId(doc, 'total-km')).toBe('40.000')
  expect(testId(doc, 'total-biaya')).toBe('Rp 4.200.000')
  expect(testId(doc, 'total-biaya-per-km')).toBe('Rp 105')
})

test.concurrent('an approved claim on a tyre: the cost net of it beside the gross, for the group and the total', async () => {
  const day = freeDay()
  // Tyre A removed as Pecah at 20.000 km of a 70.000 km target: claim Rp 2.000.000 × 50/70 = Rp 1.428.571.
  const f = await fleet(day, { alasan: 'Pecah' })
  const api = await upstream()
  const line = ((await api.get('/api/klaim-ban/pelepasan?limit=100')).json.data as { id: number; ban: { no_seri: string } }[]).find(
    (l) => l.ban.no_seri === f.a.no_seri,
  )!
  const klaim = await api.post('/api/klaim-ban', { detail_pelepasan_ban_id: line.id, jenis: 'Garansi Supplier', tanggal_awal: day })
  ok(klaim)
  expect(klaim.json.data.nilai_klaim).toBe(1_428_571)
  // Not approved yet: nothing is taken off (A costs its price, Rp 2.000.000, B Rp 1.800.000).
  expect(testId(await open(url(day, f.merek, '&group=merek')), 'total-biaya-bersih')).toBe('Rp 3.800.000')
  ok(await api.post(`/api/klaim-ban/${klaim.json.data.id}/setujui`, {}), 200)
  const doc = await open(url(day, f.merek, '&group=merek'))
  const row = groupRows(doc)[0]!
  // 3.800.000 / 40.000 km = Rp 95 gross; (3.800.000 − 1.428.571) / 40.000 km = Rp 59 net.
  expect(row).toHaveLength(8)
  expect(row.slice(0, 6)).toEqual(['1', f.merek, '2', '40.000', 'Rp 3.800.000', 'Rp 95'])
  expect(row[6]).toMatch(/^Rp 2\.371\.429\s*klaim disetujui Rp 1\.428\.571$/)
  expect(row[7]).toBe('Rp 59')
  expect(testId(doc, 'total-biaya')).toBe('Rp 3.800.000')
  expect(testId(doc, 'total-klaim')).toBe('Rp 1.428.571')
  expect(testId(doc, 'total-biaya-bersih')).toBe('Rp 2.371.429')
  expect(testId(doc, 'total-bersih-per-km')).toBe('Rp 59')
})

test.concurrent('a tyre fitted and not run yet is counted apart: the cost per km stays that of the tyres that ran', async () => {
  const day = freeDay()
  const f = await fleet(day)
  const api = await upstream()
  const merekId = ((await api.get('/api/merek')).json as { id: number; nama_merek: string }[]).find((m) => m.nama_merek === f.merek)!.id
  const supplierId = ((await api.get('/api/supplier')).json as { id: number; nama_supp: string }[]).find(
    (s) => s.nama_supp === f.supplier,
  )!.id
  const kendaraanId = ((await api.get('/api/kendaraan')).json as { id: number; no_kabin: string }[]).find(
    (k) => k.no_kabin === f.noKabin,
  )!.id
  const seri = flat(unique('LBC'))
  ok(
    await api.post('/api/pembelian-ban/add', {
      supplier_id: supplierId,
      tanggal_awal: '2097-06-15',
      ban: [{ no_seri: seri, kondisi_ban: 'BARU', harga: 3_000_000, merek_id: merekId }],
    }),
  )
  // On the position the removal freed, at the vehicle's km: it has run nothing yet.
  ok(await api.post('/api/pemasangan-ban/detail-ban', { kendaraan_id: kendaraanId, km_pemasangan: 21000, posisi_ban: '1A', no_seri: seri }))
  ok(await api.post(`/api/pemasangan-ban/add-pemasangan/${kendaraanId}`, {}))
  const doc = await open(url(day, f.merek, '&group=merek'))
  const row = groupRows(doc)[0]!
  // 4.200.000 / 40.000 km, not 7.200.000 / 40.000 = Rp 180.
  expect(row).toHaveLength(8)
  expect(row.slice(0, 4)).toEqual(['1', f.merek, '3', '40.000'])
  expect(row[4]).toMatch(/^Rp 7\.200\.000\s*Rp 3\.000\.000 belum berjalan \(1 ban\)$/)
  expect(row.slice(5)).toEqual(['Rp 105', 'Rp 7.200.000', 'Rp 105'])
  expect(testId(doc, 'total-biaya')).toBe('Rp 7.200.000')
  expect(testId(doc, 'total-biaya-per-km')).toBe('Rp 105')
  expect(testId(doc, 'total-belum-berjalan')).toBe('1 ban, Rp 3.000.000 (di luar biaya per km)')
})

test.concurrent('a removal outside the period leaves the removed tyre out; the still fitted one stays', async () => {
  const day = freeDay()
  const f = await fleet(day)
  const other = day === '2899-12-31' ? '2100-01-01' : new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
  const doc = await open(url(other, f.merek, '&group=merek'))
  expect(groupRows(doc)[0]).toEqual(['1', f.merek, '1', '20.000', 'Rp 1.800.000', 'Rp 90', 'Rp 1.800.000', 'Rp 90'])
})

test.concurrent('the group is in the URL: by supplier, by vehicle; the form sets it', async () => {
  const day = freeDay()
  const f = await fleet(day)
  const bySupplier = await open(url(day, f.supplier, '&group=supplier'))
  header(bySupplier, 'Supplier')
  expect(groupRows(bySupplier)[0]).toEqual(fleetRow(f.supplier))
  const byVehicle = await open(url(day, f.noKabin, '&group=kendaraan'))
  header(byVehicle, 'Kendaraan')
  expect(groupRows(byVehicle)[0]).toEqual(fleetRow(f.noKabin))
  // The filter form (a GET form): choosing Merek and Cari puts it in the URL.
  expect(valueOf(field(byVehicle, 'Kelompokkan menurut')!)).toBe('kendaraan')
  const next = submitQuery(byVehicle, { group: 'merek' })
  expect(next).toMatch(/group=merek/)
  expect(next).toMatch(new RegExp(`tanggal_awal=${day}`))
  header(await open(next), 'Merek')
})

test.concurrent('more groups than a page: the total is over every group; the next page shows its groups with their tyres', async () => {
  const day = freeDay()
  const prefix = unique('Halaman')
  // Eleven mereks of the same figures (Rp 105 per km): ties in label order, ten a page.
  const fleets: Fleet[] = []
  for (let i = 1; i <= 11; i++) fleets.push(await fleet(day, { merek: `${prefix} ${String(i).padStart(2, '0')}` }))
  const first = await open(url(day, prefix))
  expect(groupRows(first)).toHaveLength(10)
  expect(text(first)).toContain('Total (11 kelompok) Jumlah Ban')
  expect(testId(first, 'total-jumlah-ban')).toBe('22')
  expect(testId(first, 'total-km')).toBe('440.000')
  expect(testId(first, 'total-biaya')).toBe('Rp 46.200.000')
  const second = await open(url(day, prefix, '&page=2'))
  expect(groupRows(second)).toHaveLength(1)
  expect(groupRows(second)[0]).toEqual(['11', fleets[10]!.merek, '2', '40.000', 'Rp 4.200.000', 'Rp 105', 'Rp 4.200.000', 'Rp 105'])
  expect(testId(second, 'total-jumlah-ban')).toBe('22')
  expect(testId(second, 'total-biaya')).toBe('Rp 46.200.000')
  // The group of page 2 has its tyres (asked for that page's group only), under its summary.
  expect(second.querySelectorAll('summary').map(text)).toContain(`Rincian ban ${fleets[10]!.merek} (2)`)
  expect(second.querySelectorAll('tr[data-ban]')).toHaveLength(2)
  expect(text(second.querySelector(`tr[data-ban="${fleets[10]!.a.no_seri}"] td`))).toBe(fleets[10]!.a.kode_ban)
})

test.concurrent('a group of more tyres than the screen shows: the first ten, the rest counted, every tyre in Cetak', async () => {
  const day = freeDay()
  const api = await upstream()
  const merek = unique('Merek Banyak')
  const m = await api.post('/api/merek/add', { nama_merek: merek })
  ok(m)
  const s = await api.post('/api/supplier/add', { nama_supp: unique('PT Banyak') })
  ok(s)
  const jenis = ((await api.get('/api/jenis_kendaraan')).json as { id: number; total_ban: number }[]).find((j) => j.total_ban === 6)!
  const k = await api.post('/api/kendaraan/add', { no_kabin: flat(unique('LBN')), jenis_kendaraan_id: jenis.id, km: 1000 })
  ok(k)
  const kendaraanId = k.json.data.id as number
  const seri = Array.from({ length: 12 }, (_, i) => flat(unique(`LBN${i}`)))
  ok(
    await api.post('/api/pembelian-ban/add', {
      supplier_id: s.json.data.id,
      tanggal_awal: '2097-06-15',
      ban: seri.map((no_seri, i) => ({ no_seri, kondisi_ban: 'BARU', harga: 1_000_000 + i * 100_000, merek_id: m.json.data.id })),
    }),
  )
  const posisi = ['1A', '1B', '2A', '2B', '2C', '2D']
  // Six fitted at km 1.000 and taken off at 21.000 on the day, then the other six fitted (still on it).
  const fit = async (from: number, km: number) => {
    for (const [i, p] of posisi.entries()) {
      ok(
        await api.post('/api/pemasangan-ban/detail-ban', {
          kendaraan_id: kendaraanId,
          km_pemasangan: km,
          posisi_ban: p,
          no_seri: seri[from + i],
        }),
      )
    }
    ok(await api.post(`/api/pemasangan-ban/add-pemasangan/${kendaraanId}`, {}))
  }
  await fit(0, 1000)
  for (const p of posisi) {
    ok(
      await api.post('/api/pelepasan-ban/detail-ban', {
        kendaraan_id: kendaraanId,
        posisi_ban: p,
        km_pelepasan: 21000,
        alasan: 'Habis',
        tujuan: 'stok',
      }),
    )
  }
  ok(await api.post(`/api/pelepasan-ban/add-pelepasan/${kendaraanId}`, { tanggal_awal: day }))
  await fit(6, 21000)

  const doc = await open(url(day, merek, '&group=merek'))
  expect(groupRows(doc)[0]![2]).toBe('12')
  expect(doc.querySelectorAll('summary').map(text)).toContain(`Rincian ban ${merek} (12)`)
  const tyres = doc.querySelectorAll('tr[data-ban]')
  expect(tyres).toHaveLength(10)
  // Cheapest per km first: the first tyre bought (Rp 1.000.000 over 20.000 km), the unrun ones last.
  expect(tyres[0]!.getAttribute('data-ban')).toBe(seri[0])
  expect(byText(doc, 'Ditampilkan 10 ban pertama; 2 ban lainnya ada di Cetak dan Unduh CSV.').length).toBeGreaterThan(0)
  const cetak = await open(`/admin/laporan-biaya-ban/cetak?${period(day)}&group=merek&q=${encodeURIComponent(merek)}`)
  for (const no_seri of seri)
    expect(
      cetak.querySelectorAll('td, th').filter((c) => text(c) === no_seri),
      no_seri,
    ).toHaveLength(1)
})

test.concurrent('a date or group that is not valid: a clear message, what was typed kept, nothing asked', async () => {
  const bad = await open('/admin/laporan-biaya-ban?tanggal_awal=2026-02-30&tanggal_akhir=2026-03-01&group=ukuran')
  expect(alerts(bad).join(' ')).toContain('Tanggal Awal bukan tanggal yang valid')
  expect(valueOf(field(bad, 'Kelompokkan menurut')!)).toBe('ukuran')
  expect(valueOf(field(bad, 'Tanggal Akhir')!)).toBe('2026-03-01')
  const badGroup = await open('/admin/laporan-biaya-ban?tanggal_awal=2026-01-01&tanggal_akhir=2026-01-31&group=warna')
  expect(alerts(badGroup).join(' ')).toContain('Pengelompokan harus Merek, Ukuran, Supplier atau Kendaraan.')
  expect(valueOf(field(badGroup, 'Tanggal Awal')!)).toBe('2026-01-01')
  expect(text(badGroup)).toContain('Tidak ada ban yang dilepas')
})

test.concurrent('the print page lists the groups with their tyres and prints the total once', async () => {
  const day = freeDay()
  const f = await fleet(day)
  const doc = await open(`/admin/laporan-biaya-ban/cetak?${period(day)}&group=merek&q=${encodeURIComponent(f.merek)}`)
  expect(doc.querySelectorAll('h1, h2, h3').map(text)).toContain('Laporan Biaya Ban per Km')
  const label = day.split('-').reverse().join('/')
  const shown = text(doc)
  expect(shown).toContain(`${label} s.d. ${label}`)
  expect(doc.querySelectorAll('td, th').filter((c) => text(c) === f.merek)).toHaveLength(1)
  expect(cells(doc, f.a.no_seri).length).toBeGreaterThan(0)
  expect(shown).toContain(`${f.noKabin} (masih terpasang*)`)
  expect(byText(doc, /^Total \(/)).toHaveLength(1)
  expect(shown).toContain('Total (1 kelompok)')
  // The group and the total, gross and net of claims (none here: the same).
  expect(cells(doc, 'Rp 4.200.000')).toHaveLength(4)
  expect(cells(doc, 'Rp 105')).toHaveLength(4)
})

test.concurrent('Unduh CSV: one line per tyre with its group columns', async () => {
  const day = freeDay()
  const f = await fleet(day)
  const doc = await open(url(day, f.merek, '&group=merek'))
  const link = named(doc, 'a[href]', 'Unduh CSV')
  expect(link).toHaveLength(1)
  const href = link[0]!.getAttribute('href')!
  expect(href).toContain('/admin/laporan-biaya-ban/csv?')
  expect(href).toContain('group=merek')
  const res = await download(admin, href.replace(/&amp;/g, '&'))
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
  expect(res.headers.get('content-disposition')).toContain(`laporan-biaya-ban_${day}_${day}.csv`)
  // UTF-8 with the byte order mark Excel reads.
  expect([...res.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const lines = res.bytes.subarray(3).toString('utf8').trimEnd().split('\r\n')
  expect(lines[0]).toBe(
    'No;Kelompok;Jumlah Ban Kelompok;Km Tempuh Kelompok;Total Biaya Kelompok;Ban Belum Berjalan Kelompok;Biaya Belum Berjalan Kelompok;Biaya per Km Kelompok;Klaim Disetujui Kelompok;Biaya Bersih Kelompok;Biaya Bersih per Km Kelompok;Kode Ban;No Seri;Merek;Ukuran;Supplier;No Kabin;Km Tempuh;Total Biaya;Biaya per Km;Klaim Disetujui;Biaya Bersih;Masih Terpasang',
  )
  // No claim on these tyres: the net columns equal the gross.
  const head = `1;${f.merek};2;40000;4200000;0;0;105;0;4200000;105`
  expect(lines.slice(1)).toEqual([
    `${head};${f.b.kode_ban};${f.b.no_seri};${f.merek};;${f.supplier};${f.noKabin};20000;1800000;90;0;1800000;Ya`,
    `${head};${f.a.kode_ban};${f.a.no_seri};${f.merek};;${f.supplier};${f.noKabin};20000;2400000;120;0;2400000;Tidak`,
  ])
})
