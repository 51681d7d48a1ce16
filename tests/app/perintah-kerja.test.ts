/**
 * Perintah Kerja as the server renders it (plain HTTP, as a browser without JavaScript sends it):
 * opened from Servis Jatuh Tempo with the vehicle and its due items, a part beyond its stock refused
 * beside its line with everything typed kept, saved, posted, printed with the amount in words and the
 * three signatures, the vehicle off the due list, its detail listing the work order; a part line's
 * search without JavaScript (and the JSON the combobox asks). Parts, their stock (a purchase), the
 * vehicles, items and plans are made through the api (tests/bengkel-records.ts), and the stock is
 * read back from it.
 */
import { beforeAll, expect, test } from 'vitest'
import { ADMIN, loginAs, SAME_ORIGIN, type Client } from './http'
import { alerts, buttons, field, follow, links, named, openPage, page, rowsWith, statuses, text, valueOf } from './html'
import { unique, upstream } from './upstream'
import { kmRecords } from '../km-records'
import { servisRecords } from '../servis-records'
import { inDays } from '../perpanjangan-records'
import { bengkelRecords } from '../bengkel-records'

const { vehicles } = kmRecords(upstream, unique)
const { item, plan, lastService } = servisRecords(upstream, unique)
const { partWithStock, stockOf } = bengkelRecords(upstream)

let admin: Client
beforeAll(async () => {
  admin = await loginAs(ADMIN.kode_user, ADMIN.password)
})

/** A form posted as a browser posts it (repeated names kept: the service items' checkboxes). */
const postForm = (c: Client, path: string, pairs: [string, string][]) =>
  c.post(path, {
    data: new URLSearchParams(pairs).toString(),
    headers: { ...SAME_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' },
  })

test('from the due list to a posted, printed work order: parts beyond the stock refused per line, the stock falls, the vehicle leaves the due list', async () => {
  const oliNama = unique('Oli Mesin Uji')
  const filterNama = unique('Filter Oli Uji')
  const oli = await partWithStock({ nama: oliNama, satuan: 'liter', stok: 10, nilai: 600_000 })
  const filter = await partWithStock({ nama: filterNama, satuan: 'pcs', stok: 2, nilai: 90_000 })
  const gantiOli = await item('Ganti Oli PK', 10_000)
  const filterOli = await item('Filter Oli PK', 10_000)
  const { jenisId, prefix, list } = await vehicles(1, 50_000, 'PK')
  const v = list[0]!
  await plan(jenisId, [
    { item_servis_id: gantiOli.id, interval_km: 10_000, interval_hari: null },
    { item_servis_id: filterOli.id, interval_km: 10_000, interval_hari: null },
  ])
  await lastService(v.id, gantiOli.id, inDays(-60), 39_000)
  await lastService(v.id, filterOli.id, inDays(-60), 39_000)

  // The due list: both items overdue, each row with Buat Perintah Kerja for the vehicle and both items.
  const due = await openPage(admin, `/admin/servis-jatuh-tempo?status=lewat&q=${encodeURIComponent(prefix)}`)
  expect(rowsWith(due, v.no_kabin)).toHaveLength(2)
  const buat = links(due, `Buat Perintah Kerja ${v.no_kabin} ${gantiOli.nama}`)[0]!.getAttribute('href')!
  const target = new URL(buat, 'http://app')
  expect(target.pathname).toBe('/admin/perintah-kerja/tambah')
  expect(target.searchParams.get('kendaraan_id')).toBe(String(v.id))
  expect(target.searchParams.getAll('item_servis_id').sort()).toEqual([String(gantiOli.id), String(filterOli.id)].sort())

  // The form opened from it: the vehicle chosen, its km, both items checked.
  const form = await openPage(admin, buat)
  expect(named(form, '[role="dialog"], dialog', 'Tambah Perintah Kerja')).toHaveLength(1)
  expect(valueOf(field(form, 'Kendaraan')!)).toBe(String(v.id))
  expect(valueOf(field(form, 'Km')!)).toBe('50000')
  const checkbox = (id: number) => form.querySelectorAll('input[type="checkbox"]').find((c) => c.getAttribute('value') === String(id))!
  const checked = form.querySelectorAll('input[type="checkbox"][checked]').map((c) => c.getAttribute('value'))
  expect(checked.sort()).toEqual([String(gantiOli.id), String(filterOli.id)].sort())

  // Adding a part line without JavaScript: the same dialog with one more line, what was typed kept.
  const addPart = named(form, 'button', 'Tambah Suku Cadang')[0]!
  const base: [string, string][] = [
    ['kendaraan_id', String(v.id)],
    ['tanggal_awal', inDays(0)],
    ['km', '50.100'],
    ['karyawan_id', ''],
    // The checked items, each under its checkbox's own name.
    [checkbox(gantiOli.id).getAttribute('name')!, String(gantiOli.id)],
    [checkbox(filterOli.id).getAttribute('name')!, String(filterOli.id)],
    ['parts[0].suku_cadang_id', String(oli)],
    ['parts[0].jumlah', '12'],
    ['jasa[0].uraian', 'Jasa ganti oli dan filter'],
    ['jasa[0].biaya', '75.000'],
    ['keterangan', 'Servis 50.000 km'],
  ]
  const added = await postForm(admin, '/admin/perintah-kerja/tambah', [
    ...base,
    // The button's own name and value, as a browser sends the button pressed.
    [addPart.getAttribute('name')!, addPart.getAttribute('value')!],
  ])
  expect(added.status).toBe(200)
  const twoLines = page(added)
  expect(field(twoLines, 'Jumlah suku cadang baris 2')).not.toBeNull()
  expect(valueOf(field(twoLines, 'Jumlah suku cadang baris 1')!)).toBe('12')

  // A part line's search without JavaScript: its Cari renders the dialog again with the store's matches
  // on that line (of any store's size: searched upstream), the other line's part and everything typed kept.
  const cari = buttons(twoLines, 'Cari Suku cadang baris 2')[0]!
  expect(field(twoLines, 'Cari Suku cadang baris 2')!.getAttribute('name')).toBe('cari_parts[1].suku_cadang_id')
  const searched = await postForm(admin, '/admin/perintah-kerja/tambah', [
    ...base,
    ['parts[1].suku_cadang_id', ''],
    ['parts[1].jumlah', '1'],
    ['cari_parts[1].suku_cadang_id', filterNama],
    [cari.getAttribute('name')!, cari.getAttribute('value')!],
  ])
  expect(searched.status).toBe(200)
  const found = page(searched)
  const line2 = field(found, 'Suku cadang baris 2')!
  expect(line2.querySelectorAll('option').map((o) => [o.getAttribute('value'), text(o)])).toEqual([
    ['', '-- Pilih suku cadang --'],
    [String(filter), expect.stringMatching(new RegExp(`— ${filterNama} \\(stok 2 pcs\\)$`))],
  ])
  expect(text(found)).toContain('1 hasil')
  expect(valueOf(field(found, 'Cari Suku cadang baris 2')!)).toBe(filterNama)
  expect(valueOf(field(found, 'Suku cadang baris 1')!)).toBe(String(oli))
  expect(valueOf(field(found, 'Jumlah suku cadang baris 1')!)).toBe('12')
  expect(valueOf(field(found, 'Jumlah suku cadang baris 2')!)).toBe('1')
  expect(valueOf(field(found, 'Km')!)).toBe('50.100')
  expect(valueOf(field(found, 'Uraian jasa baris 1')!)).toBe('Jasa ganti oli dan filter')
  // With JavaScript the same search is asked as one types: the form's own resource route answers JSON.
  const asked = await admin.get(`/admin/perintah-kerja/tambah/pilihan/suku-cadang?q=${encodeURIComponent(oliNama)}`)
  expect(asked.status).toBe(200)
  expect(JSON.parse(asked.text)).toEqual({
    options: [{ value: String(oli), label: expect.stringMatching(new RegExp(`— ${oliNama} \\(stok 10 liter\\)$`)) }],
    total: 1,
  })

  // 12 liters of 10 and a filter: refused beside the oil's line with the stock on hand; everything kept.
  const refused = await postForm(admin, '/admin/perintah-kerja/tambah', [
    ...base,
    ['parts[1].suku_cadang_id', String(filter)],
    ['parts[1].jumlah', '1'],
  ])
  expect(refused.status).toBe(422)
  const again = page(refused)
  expect(text(again)).toContain(`Stok ${oliNama} tidak cukup: tersedia 10 liter, diminta 12.`)
  expect(valueOf(field(again, 'Jumlah suku cadang baris 1')!)).toBe('12')
  expect(valueOf(field(again, 'Suku cadang baris 2')!)).toBe(String(filter))
  expect(valueOf(field(again, 'Uraian jasa baris 1')!)).toBe('Jasa ganti oli dan filter')
  expect(valueOf(field(again, 'Keterangan')!)).toBe('Servis 50.000 km')
  expect(await stockOf(oli)).toEqual({ stok: 10, nilai_stok: 600_000 })

  // 4 liters and a filter: saved; the stock and its value fall.
  const saved = await postForm(admin, '/admin/perintah-kerja/tambah', [
    ...base.map(([k, val]): [string, string] => (k === 'parts[0].jumlah' ? [k, '4'] : [k, val])),
    ['parts[1].suku_cadang_id', String(filter)],
    ['parts[1].jumlah', '1'],
  ])
  const listed = await follow(admin, saved)
  expect(statuses(listed).join(' ')).toContain('Perintah Kerja berhasil disimpan!')
  expect(await stockOf(oli)).toEqual({ stok: 6, nilai_stok: 360_000 })
  expect(await stockOf(filter)).toEqual({ stok: 1, nilai_stok: 45_000 })
  const api = await upstream()
  const doc = (await api.get(`/api/perintah-kerja?kendaraan_id=${v.id}`)).json.data[0]
  expect(doc).toMatchObject({ km: 50_100, total_suku_cadang: 285_000, total_jasa: 75_000, grand_total: 360_000, status: 'unpost' })
  const stored = (await api.get(`/api/perintah-kerja/${doc.id}`)).json.data
  expect(stored.servis.map((l: { item_servis_id: number }) => l.item_servis_id).sort()).toEqual([gantiOli.id, filterOli.id].sort())
  expect(stored.jasa).toEqual([expect.objectContaining({ uraian: 'Jasa ganti oli dan filter', biaya: 75_000 })])
  expect(stored.keterangan).toBe('Servis 50.000 km')

  // The list shows it; Posting from its row menu (a form) posts it.
  const row = rowsWith(
    await openPage(admin, `/admin/perintah-kerja?q=${encodeURIComponent(doc.kode_perintah_kerja)}`),
    doc.kode_perintah_kerja,
  )
  expect(row).toHaveLength(1)
  expect(text(row[0])).toContain('360.000')
  const posted = await admin.post(`/admin/perintah-kerja?q=${encodeURIComponent(doc.kode_perintah_kerja)}`, {
    form: { intent: 'posting', id: String(doc.id) },
    headers: SAME_ORIGIN,
  })
  expect(alerts(await follow(admin, posted)).join(' ')).not.toMatch(/gagal|Error/i)
  expect((await api.get(`/api/perintah-kerja/${doc.id}`)).json.data.status).toBe('posting')
  // Posted, it cannot be edited.
  expect(text(await openPage(admin, `/admin/perintah-kerja/${doc.id}/edit`, 409))).toContain('sudah diposting')

  // The print page: the lines, the Grand Total in words, the three signatures.
  const cetak = await openPage(admin, `/admin/perintah-kerja-cetak/${doc.id}`)
  expect(named(cetak, 'h1', 'Perintah Kerja')).toHaveLength(1)
  expect(text(cetak)).toContain(oliNama)
  expect(text(cetak)).toContain('4 liter')
  expect(text(cetak)).toContain('Jasa ganti oli dan filter')
  expect(text(cetak)).toContain(gantiOli.nama)
  expect(text(cetak)).toContain('Tiga ratus enam puluh ribu rupiah')
  for (const role of ['Mekanik', 'Kepala Bengkel', 'Admin']) expect(text(cetak), role).toContain(role)

  // The vehicle left the due list; its detail lists the work order.
  expect(
    rowsWith(await openPage(admin, `/admin/servis-jatuh-tempo?status=lewat&q=${encodeURIComponent(prefix)}`), v.no_kabin),
  ).toHaveLength(0)
  const detail = await openPage(admin, `/admin/kendaraan/${v.id}`)
  const section = named(detail, 'section', 'Riwayat Perintah Kerja')[0]!
  expect(text(section)).toContain(doc.kode_perintah_kerja)
  expect(links(section, /Lihat semua perintah kerja/)[0]!.getAttribute('href')).toBe(`/admin/perintah-kerja?kendaraan_id=${v.id}`)
  const ofVehicle = await openPage(admin, `/admin/perintah-kerja?kendaraan_id=${v.id}`)
  expect(rowsWith(ofVehicle, doc.kode_perintah_kerja)).toHaveLength(1)

  // Inquery Perintah Kerja lists it too, and its CSV.
  const inquiry = await openPage(admin, `/admin/inquery-perintah-kerja?q=${encodeURIComponent(doc.kode_perintah_kerja)}`)
  expect(rowsWith(inquiry, doc.kode_perintah_kerja)).toHaveLength(1)
  const csv = await admin.get(`/admin/inquery-perintah-kerja/csv?q=${encodeURIComponent(doc.kode_perintah_kerja)}`)
  expect(csv.status).toBe(200)
  expect(csv.text).toContain(doc.kode_perintah_kerja)
})

test('a work order without any line is refused with the reason, the vehicle and km kept', async () => {
  const { list } = await vehicles(1, 20_000, 'PKK')
  const v = list[0]!
  const res = await postForm(admin, '/admin/perintah-kerja/tambah', [
    ['kendaraan_id', String(v.id)],
    ['tanggal_awal', inDays(0)],
    ['km', '20.500'],
    ['parts[0].suku_cadang_id', ''],
    ['parts[0].jumlah', ''],
    ['jasa[0].uraian', ''],
    ['jasa[0].biaya', ''],
  ])
  expect(res.status).toBe(400)
  const root = page(res)
  expect(text(root)).toContain('Tambahkan minimal satu item servis, suku cadang atau jasa.')
  expect(valueOf(field(root, 'Km')!)).toBe('20.500')
})
