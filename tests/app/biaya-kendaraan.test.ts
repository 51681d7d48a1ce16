/**
 * Laporan Biaya per Kendaraan as the server renders it (plain HTTP, no browser): a vehicle's renewal
 * and km readings of the period on its line with the cost per km, the sums, the grouping per vehicle
 * type, the print page and the CSV of the same filter, and a bad grouping in the URL.
 */
import { beforeAll, expect, test } from 'vitest'
import { ADMIN, download, loginAs, type Client } from './http'
import { alerts, field, headingTexts, named, openPage, rowsWith, text, valueOf } from './html'
import { unique, upstream } from './upstream'
import { kmRecords } from '../km-records'
import { inDays, nextYear, today } from '../perpanjangan-records'

const { vehicles, reading } = kmRecords(upstream, unique)

let admin: Client
beforeAll(async () => {
  admin = await loginAs(ADMIN.kode_user, ADMIN.password)
})

const open = (path: string, status?: number) => openPage(admin, path, status)
const period = `tanggal_awal=${inDays(-7)}&tanggal_akhir=${today()}`

/** A new vehicle of a new type with two readings in the period (300 km) and a renewal of Rp 1.850.000 paid today. */
async function costedVehicle() {
  const { prefix, list } = await vehicles(1, 1_000, 'BYK')
  const v = list[0]!
  await reading(v.id, inDays(-5), 1_200)
  await reading(v.id, today(), 1_500)
  const res = await (
    await upstream()
  ).post('/api/perpanjangan', { kendaraan_id: v.id, jenis_dokumen: 'STNK', expired_baru: nextYear(), biaya: 1_850_000 })
  expect(res.status).toBe(201)
  return { prefix, v }
}

test.concurrent('a vehicle’s costs and km of the period on its line, with the cost per km and the sums', async () => {
  const { prefix, v } = await costedVehicle()
  const doc = await open(`/admin/laporan-biaya-kendaraan?${period}&q=${prefix}`)
  expect(headingTexts(doc, 1)).toContain('Laporan Biaya per Kendaraan')
  const row = rowsWith(doc, v.no_kabin)
  expect(row).toHaveLength(1)
  const cells = row[0]!.querySelectorAll('td').map(text)
  // No, No Kabin, No Pol, Jenis, Ban, Suku Cadang, Jasa, Perpanjangan, Total, Km, Biaya/Km.
  expect(cells).toEqual(['1', v.no_kabin, 'B 1 KM', `Jenis ${prefix}`, '0', '0', '0', '1.850.000', '1.850.000', '300', '6.167'])
  const totals = text(doc.querySelectorAll('[data-testid="laporan-biaya-kendaraan-total"]')[0]!)
  expect(totals).toContain('Perpanjangan:Rp 1.850.000')
  expect(totals).toContain('Km tempuh:300')
  expect(totals).toContain('Biaya per km:Rp 6.167')

  // Per vehicle type: the type's one vehicle.
  const perJenis = await open(`/admin/laporan-biaya-kendaraan?${period}&kelompok=jenis&q=${prefix}`)
  expect(valueOf(field(perJenis, 'Kelompokkan per')!)).toBe('jenis')
  const jenisRow = rowsWith(perJenis, `Jenis ${prefix}`)
  expect(jenisRow).toHaveLength(1)
  expect(jenisRow[0]!.querySelectorAll('td').map(text)).toEqual([
    '1',
    `Jenis ${prefix}`,
    '1',
    '0',
    '0',
    '0',
    '1.850.000',
    '1.850.000',
    '300',
    '6.167',
  ])
})

test.concurrent('Cetak and Unduh CSV read the same period and grouping', async () => {
  const { prefix, v } = await costedVehicle()
  const printed = await open(`/admin/laporan-biaya-kendaraan/cetak?${period}`)
  expect(headingTexts(printed)).toContain('Laporan Biaya per Kendaraan')
  expect(rowsWith(printed, v.no_kabin)).toHaveLength(1)

  const doc = await open(`/admin/laporan-biaya-kendaraan?${period}&q=${prefix}`)
  const link = named(doc, 'a[href]', 'Unduh CSV')
  expect(link).toHaveLength(1)
  const res = await download(admin, link[0]!.getAttribute('href')!.replace(/&amp;/g, '&'))
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
  const lines = res.bytes.subarray(3).toString('utf8').trimEnd().split('\r\n')
  expect(lines[0]).toBe(
    'No;Kendaraan / Jenis;No Pol;Jenis Kendaraan;Jumlah Kendaraan;Biaya Ban;Suku Cadang;Jasa;Perpanjangan;Total Biaya;Km Tempuh;Biaya per Km',
  )
  expect(lines.slice(1)).toEqual([`1;${v.no_kabin};B 1 KM;Jenis ${prefix};1;0;0;0;1850000;1850000;300;6167`])
})

test.concurrent('a grouping the URL cannot hold is refused with its message; the dates typed stay', async () => {
  const bad = await open(`/admin/laporan-biaya-kendaraan?${period}&kelompok=supplier`)
  expect(alerts(bad).join(' ')).toContain('Kelompok harus Kendaraan atau Jenis Kendaraan.')
  expect(valueOf(field(bad, 'Tanggal Awal')!)).toBe(inDays(-7))
})
