/**
 * Servis berkala as the server renders it (plain HTTP, no browser, as a browser without JavaScript
 * sends it): the Item Servis master, a vehicle type's plan, a vehicle's own plan with its last
 * services, Servis Jatuh Tempo with its filters, and the grants. Every test makes its own items,
 * vehicle types and vehicles through the api (tests/servis-records.ts, tests/km-records.ts); the
 * demo's items and plans are there too and are not asserted on. What stays in
 * tests/e2e/jadwal-servis.test.ts: setting a plan and seeing what falls due, both ways.
 */
import { beforeAll, expect, test } from 'vitest'
import { ADMIN, download, fileNameOf, loginAs, SAME_ORIGIN, type Client } from './http'
import { alerts, buttons, field, follow, formValues, links, named, openPage, page, rowsWith, statuses, submit, text, valueOf } from './html'
import { createUser, setGrants, unique, upstream } from './upstream'
import { kmRecords } from '../km-records'
import { servisRecords } from '../servis-records'
import { dmy, inDays } from '../perpanjangan-records'

const { vehicles } = kmRecords(upstream, unique)
const { item, plan, planOf, vehiclePlan, lastService } = servisRecords(upstream, unique)

let admin: Client
beforeAll(async () => {
  admin = await loginAs(ADMIN.kode_user, ADMIN.password)
})

const itemsOf = async () =>
  (await (await upstream()).get('/api/item-servis')).json.data as { id: number; nama: string; interval_km: number | null }[]

test.concurrent(
  'Item Servis: add with its intervals, a refusal keeps what was typed, edit, and delete (refused while a plan uses it)',
  async () => {
    const nama = unique('Ganti Oli')
    const list = await openPage(admin, `/admin/item-servis?q=${encodeURIComponent(nama)}`)
    expect(named(list, 'h1', 'Item Servis')).toHaveLength(1)
    // Without an interval: the app's message beside the field, nothing sent.
    const missing = await admin.post('/admin/item-servis/tambah', {
      form: { nama, interval_km: '', interval_hari: '' },
      headers: SAME_ORIGIN,
    })
    expect(missing.status).toBe(400)
    expect(text(page(missing))).toContain('Isi Interval Km atau Interval Hari.')
    expect(valueOf(field(page(missing), 'Nama Item Servis')!)).toBe(nama)
    const added = await admin.post('/admin/item-servis/tambah', {
      form: { nama, interval_km: '10.000', interval_hari: '180', suku_cadang: 'Oli 15W-40' },
      headers: SAME_ORIGIN,
    })
    const after = await follow(admin, added)
    expect(statuses(after).join(' ')).toContain('Item Servis berhasil ditambahkan!')
    const stored = (await itemsOf()).find((i) => i.nama === nama)!
    expect(stored).toMatchObject({ interval_km: 10_000, interval_hari: 180, suku_cadang: 'Oli 15W-40' })
    const row = rowsWith(await openPage(admin, `/admin/item-servis?q=${encodeURIComponent(nama)}`), nama)
    expect(row).toHaveLength(1)
    expect(text(row[0])).toMatch(/10\.000.*180.*Oli 15W-40/)

    // The same name again: the upstream's refusal beside the name.
    const twice = await admin.post('/admin/item-servis/tambah', {
      form: { nama: nama.toUpperCase(), interval_km: '5000' },
      headers: SAME_ORIGIN,
    })
    expect(twice.status).toBe(422)
    expect(text(page(twice))).toContain('Nama Item Servis sudah ada.')

    const edited = await admin.post(`/admin/item-servis/${stored.id}/edit`, {
      form: { nama, interval_km: '', interval_hari: '90' },
      headers: SAME_ORIGIN,
    })
    expect(statuses(await follow(admin, edited)).join(' ')).toContain('Item Servis berhasil diperbarui!')
    expect((await itemsOf()).find((i) => i.id === stored.id)).toMatchObject({ interval_km: null, interval_hari: 90 })

    const { jenisId } = await vehicles(1, 1_000, 'IS')
    await plan(jenisId, [{ item_servis_id: stored.id, interval_km: null, interval_hari: 90 }])
    const refused = await admin.post(`/admin/item-servis/${stored.id}/hapus`, { form: {}, headers: SAME_ORIGIN })
    expect(text(await follow(admin, refused))).toContain('Item Servis dipakai di 1 jadwal servis.')
    await plan(jenisId, [])
    const removed = await admin.post(`/admin/item-servis/${stored.id}/hapus`, { form: {}, headers: SAME_ORIGIN })
    expect(statuses(await follow(admin, removed)).join(' ')).toContain('Item Servis telah dihapus.')
    expect((await itemsOf()).some((i) => i.id === stored.id)).toBe(false)
  },
)

test.concurrent(
  "a vehicle type's plan: tick items and set their intervals; a ticked item without one is refused beside it, nothing saved",
  async () => {
    const oli = await item('Oli JS', 10_000, 180)
    const rem = await item('Rem JS', 30_000)
    const { jenisId, prefix } = await vehicles(2, 5_000, 'JS')
    const path = `/admin/jadwal-servis/jenis/${jenisId}`
    const form = await openPage(admin, path)
    expect(named(form, 'h1', `Jadwal Servis: Jenis ${prefix}`)).toHaveLength(1)
    // Every item of the master is a row, none ticked yet, its own intervals filled in.
    const box = named(form, 'input', `Aktif ${oli.nama}`)[0]!
    expect(box.hasAttribute('checked')).toBe(false)
    expect(valueOf(named(form, 'input', `Interval Km ${oli.nama}`)[0]!)).toBe('10000')

    const refused = await submit(admin, form, 'Simpan', path, {
      [`aktif-${oli.id}`]: '1',
      [`km-${oli.id}`]: '8.000',
      [`aktif-${rem.id}`]: '1',
      [`km-${rem.id}`]: '',
      [`hari-${rem.id}`]: '',
    })
    expect(refused.status).toBe(400)
    const again = page(refused)
    expect(text(again)).toContain('Isi Interval Km atau Interval Hari.')
    expect(alerts(again).join(' ')).toContain('Tidak ada yang disimpan')
    expect(valueOf(named(again, 'input', `Interval Km ${oli.nama}`)[0]!)).toBe('8.000')
    expect(named(again, 'input', `Aktif ${rem.nama}`)[0]!.hasAttribute('checked')).toBe(true)
    expect(await planOf(jenisId)).toEqual([])

    const saved = await submit(admin, form, 'Simpan', path, {
      [`aktif-${oli.id}`]: '1',
      [`km-${oli.id}`]: '8.000',
      [`aktif-${rem.id}`]: '1',
    })
    expect(saved.headers.get('location')).toBe('/admin/jadwal-servis')
    const list = await follow(admin, saved)
    expect(statuses(list).join(' ')).toMatch(/Jadwal servis Jenis .* berhasil disimpan\./)
    const plans = await planOf(jenisId)
    expect(plans.map((p) => [p.item_servis_id, p.interval_km, p.interval_hari]).sort()).toEqual(
      [
        [oli.id, 8_000, 180],
        [rem.id, 30_000, null],
      ].sort(),
    )
    const row = rowsWith(await openPage(admin, `/admin/jadwal-servis?q=${encodeURIComponent(prefix)}`), `Jenis ${prefix}`)
    expect(row).toHaveLength(1)
    expect(text(row[0])).toMatch(/2\s*2\s*Atur Jadwal/)
  },
)

test.concurrent(
  "a vehicle's own plan: its last service and an interval of its own are stored; a km above the vehicle's is refused beside it",
  async () => {
    const oli = await item('Oli KD', 10_000)
    const { jenisId, list } = await vehicles(1, 50_000, 'KD')
    const a = list[0]!
    await plan(jenisId, [{ item_servis_id: oli.id, interval_km: 10_000, interval_hari: null }])
    const path = `/admin/jadwal-servis/kendaraan/${a.id}`
    const form = await openPage(admin, path)
    expect(named(form, 'h1', `Jadwal Servis Kendaraan ${a.no_kabin}`)).toHaveLength(1)
    expect(text(rowsWith(form, oli.nama)[0])).toContain('Isi servis terakhir')

    const above = await submit(admin, form, 'Simpan', path, { [`tanggal-${oli.id}`]: inDays(-10), [`servis_km-${oli.id}`]: '60.000' })
    expect(above.status).toBe(422)
    expect(text(page(above))).toContain('Km servis terakhir tidak boleh lebih besar dari Km Akhir kendaraan: 50.000.')
    expect(valueOf(named(page(above), 'input', `Km servis terakhir ${oli.nama}`)[0]!)).toBe('60.000')

    const saved = await submit(admin, form, 'Simpan', path, {
      [`km-${oli.id}`]: '12.000',
      [`tanggal-${oli.id}`]: inDays(-10),
      [`servis_km-${oli.id}`]: '39.000',
    })
    const back = await follow(admin, saved)
    expect(statuses(back).join(' ')).toContain(`Jadwal servis kendaraan ${a.no_kabin} berhasil disimpan.`)
    // Due at 39.000 + 12.000 = 51.000 km: 1.000 km left of the vehicle's 50.000.
    expect(text(rowsWith(back, oli.nama)[0])).toContain('1.000 km lagi')
    const stored = (await vehiclePlan(a.id)).items.find((i) => i.item_servis_id === oli.id)!
    expect(stored).toMatchObject({
      sumber: 'kendaraan',
      interval_km: 12_000,
      servis_terakhir: { tanggal: inDays(-10), km: 39_000 },
      sisa_km: 1_000,
    })
    // The type's plan is unchanged.
    expect((await planOf(jenisId))[0]).toMatchObject({ interval_km: 10_000 })
    // Detail Kendaraan leads to the vehicle's plan.
    expect(links(await openPage(admin, `/admin/kendaraan/${a.id}`), 'Jadwal servis kendaraan ini')[0]!.getAttribute('href')).toBe(path)
  },
)

test.concurrent('Servis Jatuh Tempo: overdue first and in red, the filters of the URL, a filter not valid reads nothing', async () => {
  const oli = await item('Oli JT', 10_000)
  const { jenisId, prefix, list } = await vehicles(3, 50_000, 'JT')
  const [a, b, c] = list as [(typeof list)[0], (typeof list)[0], (typeof list)[0]]
  await plan(jenisId, [{ item_servis_id: oli.id, interval_km: 10_000, interval_hari: null }])
  await lastService(a.id, oli.id, inDays(-30), 39_000) // due at 49.000: 1.000 km over
  await lastService(b.id, oli.id, inDays(-5), 45_000) // due at 55.000: 5.000 km left
  // c has no last service.
  const path = `/admin/servis-jatuh-tempo?q=${encodeURIComponent(prefix)}`
  const root = await openPage(admin, path)
  expect(named(root, 'h1', 'Servis Jatuh Tempo')).toHaveLength(1)
  const rowA = rowsWith(root, a.no_kabin)[0]!
  expect(text(rowA)).toContain('lewat 1.000 km')
  expect(rowA.getAttribute('class')).toContain('bg-red-50')
  expect(text(rowA)).toContain(dmy(inDays(-30)))
  expect(text(rowA)).toContain('39.000 km')
  expect(text(rowsWith(root, b.no_kabin)[0])).toContain('5.000 km lagi')
  expect(text(rowsWith(root, c.no_kabin)[0])).toContain('Isi servis terakhir')
  expect(
    root
      .querySelectorAll('tbody tr')
      .map((r) => text(r.querySelectorAll('td')[1]))
      .slice(0, 1),
  ).toEqual([a.no_kabin])
  expect(text(root)).toContain('1 servis sudah lewat jatuh tempo.')
  expect(links(rowA, `Jadwal servis ${a.no_kabin}`)[0]!.getAttribute('href')).toBe(`/admin/jadwal-servis/kendaraan/${a.id}`)

  const lewat = await openPage(admin, `${path}&status=lewat`)
  expect(rowsWith(lewat, a.no_kabin)).toHaveLength(1)
  expect(rowsWith(lewat, b.no_kabin)).toHaveLength(0)
  const dalam = await openPage(admin, `${path}&dalam_km=5000&item_servis_id=${oli.id}`)
  expect(rowsWith(dalam, b.no_kabin)).toHaveLength(1)
  expect(rowsWith(dalam, a.no_kabin)).toHaveLength(1)
  const sempit = await openPage(admin, `${path}&dalam_km=4000&item_servis_id=${oli.id}`)
  expect(rowsWith(sempit, b.no_kabin)).toHaveLength(0)
  // The filter form keeps the search and shows what is set.
  const filterForm = named(dalam, 'form', 'Filter servis jatuh tempo')[0]!
  expect(formValues(filterForm)).toMatchObject({ q: prefix, dalam_km: '5000', item_servis_id: String(oli.id) })

  const bad = await openPage(admin, `${path}&dalam_km=banyak`)
  expect(alerts(bad).join(' ')).toContain('Dalam Km harus bilangan bulat 0 sampai 10.000.000.')
  expect(valueOf(field(bad, 'Dalam Km')!)).toBe('banyak')
  expect(rowsWith(bad, a.no_kabin)).toHaveLength(0)
  expect(text(bad)).toContain('Perbaiki filter untuk menampilkan data.')
})

test.concurrent(
  'grants: Select on Servis Jatuh Tempo alone shows the list without the plan link; Select on Jadwal Servis alone may not save',
  async () => {
    const oli = await item('Oli GR', 10_000)
    const { jenisId, prefix, list } = await vehicles(1, 20_000, 'GR')
    const a = list[0]!
    await plan(jenisId, [{ item_servis_id: oli.id, interval_km: 10_000, interval_hari: null }])
    const { user, password } = await createUser('svc')
    await setGrants(user.id, { 'Servis Jatuh Tempo': [] })
    const reader = await loginAs(user.kode_user, password)
    const seen = await openPage(reader, `/admin/servis-jatuh-tempo?q=${encodeURIComponent(prefix)}`)
    expect(rowsWith(seen, a.no_kabin)).toHaveLength(1)
    expect(links(seen, `Jadwal servis ${a.no_kabin}`)).toHaveLength(0)
    await openPage(reader, `/admin/jadwal-servis/jenis/${jenisId}`, 403)

    await setGrants(user.id, { 'Jadwal Servis': [] })
    const planner = await loginAs(user.kode_user, password)
    const form = await openPage(planner, `/admin/jadwal-servis/jenis/${jenisId}`)
    expect(buttons(form, 'Simpan')).toHaveLength(0)
    expect(named(form, 'input', `Aktif ${oli.nama}`)[0]!.hasAttribute('disabled')).toBe(true)
    const post = await planner.post(`/admin/jadwal-servis/jenis/${jenisId}`, {
      form: { [`aktif-${oli.id}`]: '1', [`km-${oli.id}`]: '1' },
      headers: SAME_ORIGIN,
    })
    expect(post.status).toBe(403)
    expect((await planOf(jenisId))[0]).toMatchObject({ interval_km: 10_000 })
  },
)

test.concurrent(
  "Unduh CSV and Unduh Excel: the list's rows of its filter and search, every figure in a column; they need Print",
  async () => {
    const oli = await item('Oli DL', 10_000)
    const { jenisId, prefix, list } = await vehicles(2, 50_000, 'DL')
    const [a, b] = list as [(typeof list)[0], (typeof list)[0]]
    await plan(jenisId, [{ item_servis_id: oli.id, interval_km: 10_000, interval_hari: null }])
    await lastService(a.id, oli.id, inDays(-30), 39_000)
    const doc = await openPage(admin, `/admin/servis-jatuh-tempo?q=${encodeURIComponent(prefix)}&item_servis_id=${oli.id}`)
    const href = links(doc, 'Unduh CSV')[0]?.getAttribute('href')?.replace(/&amp;/g, '&')
    expect(href).toBe(`/admin/servis-jatuh-tempo/csv?item_servis_id=${oli.id}&q=${encodeURIComponent(prefix)}`)
    const csv = await download(admin, href!)
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(fileNameOf(csv.headers)).toMatch(/^servis-jatuh-tempo_/)
    const lines = csv.bytes.subarray(3).toString('utf8').trimEnd().split('\r\n')
    expect(lines[0]).toBe(
      'No;No Kabin;No Polisi;Jenis Kendaraan;Item Servis;Interval;Servis Terakhir;Km Servis Terakhir;Jatuh Tempo Km;Jatuh Tempo Tanggal;Km Sekarang;Sisa Km;Sisa Hari;Perkiraan;Keterangan',
    )
    expect(lines.slice(1)).toEqual([
      `1;${a.no_kabin};B 1 KM;Jenis ${prefix};${oli.nama};10.000 km;${dmy(inDays(-30))};39000;49000;;50000;-1000;;${dmy(inDays(0))};lewat 1.000 km`,
      `2;${b.no_kabin};B 2 KM;Jenis ${prefix};${oli.nama};10.000 km;;;;;50000;;;${dmy(inDays(0))};Isi servis terakhir`,
    ])
    // Cetak: the same rows on a print page without the shell, the filter said above them.
    const cetakHref = links(doc, 'Cetak')[0]?.getAttribute('href')?.replace(/&amp;/g, '&')
    expect(cetakHref).toBe(`/admin/servis-jatuh-tempo/cetak?item_servis_id=${oli.id}&q=${encodeURIComponent(prefix)}`)
    const cetak = await openPage(admin, cetakHref!)
    expect(named(cetak, 'h1', 'Servis Jatuh Tempo')).toHaveLength(1)
    expect(text(cetak)).toContain(`Item Servis: ${oli.nama}`)
    expect(text(rowsWith(cetak, a.no_kabin)[0])).toContain('lewat 1.000 km')
    expect(text(rowsWith(cetak, b.no_kabin)[0])).toContain('Isi servis terakhir')
    expect(text(cetak)).toContain('2 servis, 1 sudah lewat jatuh tempo')
    expect(cetak.querySelectorAll('script[type="module"]')).toHaveLength(0)
    const cetakBad = await openPage(admin, '/admin/servis-jatuh-tempo/cetak?dalam_hari=x')
    expect(text(cetakBad)).toContain('Dalam Hari harus bilangan bulat 0 sampai 3.650.')

    const xlsx = await download(admin, `${href}&format=xlsx`)
    expect(fileNameOf(xlsx.headers)).toMatch(/^servis-jatuh-tempo_.*\.xlsx$/)
    expect([...xlsx.bytes.subarray(0, 2)]).toEqual([0x50, 0x4b]) // a zip: the workbook

    const { user, password } = await createUser('svd')
    await setGrants(user.id, { 'Servis Jatuh Tempo': [] })
    const reader = await loginAs(user.kode_user, password)
    const seen = await openPage(reader, '/admin/servis-jatuh-tempo')
    expect(links(seen, 'Unduh CSV')).toHaveLength(0)
    expect(links(seen, 'Cetak')).toHaveLength(0)
    await openPage(reader, '/admin/servis-jatuh-tempo/cetak', 403)
    expect((await download(reader, '/admin/servis-jatuh-tempo/csv')).status).toBe(403)
  },
)
