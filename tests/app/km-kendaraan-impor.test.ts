/**
 * Km Kendaraan's import of a GPS provider's export as the server applies it (plain HTTP, as a browser
 * without JavaScript sends it): 'Impor' and 'Unduh template' on the screen, a GPS export in CSV (its
 * own column order and headers, other columns, date-times, several rows a vehicle) uploaded, previewed
 * (ready, refused, skipped) and saved with 'Simpan semua', the readings then the vehicles' latest km;
 * an .xlsx export with a refused row; a broken file and a file without the columns refused on the form.
 */
import ExcelJS from 'exceljs'
import { beforeAll, expect, test } from 'vitest'
import { ADMIN, download, fileNameOf, loginAs, SAME_ORIGIN, type Client } from './http'
import { alerts, buttons, field, headingTexts, hrefOf, openPage, page, region, rowsWith, statuses, text, type Element } from './html'
import { createUser, setGrants, unique, upstream } from './upstream'
import { kmRecords } from '../km-records'
import { dmy, inDays } from '../perpanjangan-records'
import { expectStatus } from '../fitted-vehicle-records'

const { readingsOf } = kmRecords(upstream, unique)
const LIST = '/admin/km-kendaraan'

let admin: Client
beforeAll(async () => {
  admin = await loginAs(ADMIN.kode_user, ADMIN.password)
})

/** Vehicles of their own: a cabin-number prefix and plates unique to the test. */
async function gpsVehicles(count: number, km: number) {
  const api = await upstream()
  const prefix = unique('GPS').replace(/\s/g, '').toUpperCase()
  const list: { id: number; no_kabin: string; no_pol: string }[] = []
  for (let i = 1; i <= count; i++) {
    const no_pol = `B ${i} ${prefix.slice(-6)}`
    const k = await api.post('/api/kendaraan/add', { no_kabin: `${prefix}-${i}`, no_pol, km })
    expectStatus(k, 201, 'POST /api/kendaraan/add')
    list.push({ id: k.json.data.id as number, no_kabin: `${prefix}-${i}`, no_pol })
  }
  return { prefix, list }
}

/** A user of its own with Create on Km Kendaraan (a user keeps only a few unsaved batches). */
async function clerk(): Promise<Client> {
  const { user, password } = await createUser('gpsk')
  await setGrants(user.id, { 'Km Kendaraan': ['create'] })
  return loginAs(user.kode_user, password)
}

/** The file sent from the upload form reached by the screen's 'Impor': the form again (refused) or the preview. */
async function upload(c: Client, name: string, buffer: Buffer, mimeType: string): Promise<{ status: number; doc: Element }> {
  const form = await openPage(c, hrefOf(await openPage(c, LIST), 'Impor'))
  expect(headingTexts(form, 1)).toContain('Impor Km Kendaraan')
  const input = field(form, 'File Excel, LibreOffice atau CSV')!
  const res = await c.post(input.closest('form')!.getAttribute('action')!, {
    multipart: { [input.getAttribute('name')!]: { name, mimeType, buffer } },
    headers: SAME_ORIGIN,
  })
  if (res.status !== 302) return { status: res.status, doc: page(res) }
  expect(res.headers.get('location')).toMatch(/^\/admin\/km-kendaraan\/impor\/\d+$/)
  return { status: res.status, doc: await openPage(c, res.headers.get('location')!) }
}

const summary = (doc: Element) => text(region(doc, 'Ringkasan'))

test.concurrent(
  'a GPS export in CSV (its own headers and order, date-times, several rows a vehicle, two on one day) is previewed and saved with Simpan semua',
  async () => {
    const c = await clerk()
    const { prefix, list } = await gpsVehicles(2, 1_000)
    const [a, b] = list as [(typeof list)[0], (typeof list)[0]]
    const csv = [
      'Waktu;Nopol;Lokasi;Odometer (Km)',
      `${inDays(-3)} 18:00:00;${a.no_pol.toLowerCase()};Jl. Raya;2.500`,
      `${inDays(-3)} 07:00:00;${a.no_pol};Pool;2.100`,
      `${dmy(inDays(-1))} 17:45;${a.no_pol.replace(/ /g, '')};Jl. Tol;"3.000,6"`,
      `${inDays(-2)} 12:00:00;${b.no_pol};Gudang;1.500`,
    ].join('\r\n')
    const { status, doc } = await upload(c, 'gps-export.csv', Buffer.from(csv, 'utf8'), 'text/csv')
    expect(status).toBe(302)
    expect(headingTexts(doc, 1)).toContain('Pratinjau Impor Km Kendaraan')
    const s = summary(doc)
    expect(s).toContain('Baris dalam file4')
    expect(s).toContain('Siap disimpan3')
    expect(s).toContain('Baris ditolak0')
    expect(s).toContain('Baris dilewati1')
    expect(text(doc)).toContain('1 baris dilewati (tidak disimpan, bukan kesalahan)')
    // Nothing is saved before Simpan semua.
    expect((await readingsOf(a.id)).readings).toEqual([])

    const button = buttons(doc, 'Simpan semua')
    expect(button).toHaveLength(1)
    const res = await c.post(button[0]!.closest('form')!.getAttribute('action')!, {
      form: { [button[0]!.getAttribute('name')!]: button[0]!.getAttribute('value')! },
      headers: SAME_ORIGIN,
    })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(LIST)
    const after = await openPage(c, `${LIST}?q=${encodeURIComponent(prefix)}`)
    expect(statuses(after).join(' ')).toContain('3 data berhasil diimpor.')
    expect(text(rowsWith(after, a.no_kabin)[0])).toContain('3.000')
    expect(text(rowsWith(after, a.no_kabin)[0])).toContain(dmy(inDays(-1)))
    expect(text(rowsWith(after, b.no_kabin)[0])).toContain('1.500')

    const ra = await readingsOf(a.id)
    expect(ra.km).toBe(3_000)
    expect(ra.readings.map((r) => [r.tanggal, r.km, r.sumber])).toEqual([
      [inDays(-1), 3_000, 'impor'],
      [inDays(-3), 2_500, 'impor'],
    ])
    expect((await readingsOf(b.id)).readings.map((r) => [r.tanggal, r.km, r.sumber])).toEqual([[inDays(-2), 1_500, 'impor']])
  },
)

test.concurrent(
  'an .xlsx export from the template with an unknown plate and a km below the one before: refused by row and column, nothing to save, the refused rows downloadable',
  async () => {
    const c = await clerk()
    const { list } = await gpsVehicles(1, 5_000)
    const a = list[0]!
    const got = await download(c, hrefOf(await openPage(c, LIST), 'Unduh template'))
    expect(got.status).toBe(200)
    expect(fileNameOf(got.headers)).toBe('template-impor-km-kendaraan.xlsx')
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(got.bytes as unknown as ExcelJS.Buffer)
    const sheet = wb.getWorksheet('Data')!
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['No Pol', 'No Kabin', 'Tanggal', 'Km'])
    const put = (r: number, values: (string | number | Date | null)[]) => values.forEach((v, i) => (sheet.getCell(r, i + 1).value = v))
    put(2, [null, a.no_kabin, new Date(`${inDays(-5)}T00:00:00Z`), 6_000])
    put(3, ['Z 1 TIDAKADA', null, inDays(-4), 6_100])
    put(4, [a.no_pol, null, `${inDays(-3)} 09:30:00`, 5_900])
    const file = Buffer.from(await wb.xlsx.writeBuffer())
    const { doc } = await upload(c, 'gps.xlsx', file, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    expect(summary(doc)).toContain('Baris ditolak2')
    const table = region(doc, 'Baris yang ditolak')!
    expect(table.querySelectorAll('tr').map((tr) => tr.querySelectorAll('th, td').map(text).join(''))).toEqual([
      'BarisKolomAlasan',
      '3No PolKendaraan dengan No Pol "Z 1 TIDAKADA" tidak dikenal.',
      `4KmKm 5.900 lebih kecil dari km sebelumnya: 6.000 pada ${dmy(inDays(-5))} (baris 2).`,
    ])
    expect(buttons(doc, 'Simpan semua')).toHaveLength(0)
    const refused = await download(c, hrefOf(doc, 'Unduh baris ditolak'))
    expect(refused.status).toBe(200)
    expect(fileNameOf(refused.headers)).toMatch(/^impor-km-kendaraan-ditolak-\d+\.xlsx$/)
    expect((await readingsOf(a.id)).readings).toEqual([])
  },
)

test.concurrent(
  'a broken file and a file without the columns are refused on the upload form, with the reason; nothing staged',
  async () => {
    const c = await clerk()
    const broken = await upload(c, 'gps.xlsx', Buffer.from('PK\u0003\u0004 bukan zip sama sekali'), 'application/octet-stream')
    expect(broken.status).toBe(422)
    expect(alerts(broken.doc).join(' ')).toContain('File tidak dapat dibaca sebagai spreadsheet')
    const binary = await upload(c, 'gps.csv', Buffer.from([0x47, 0x50, 0x00, 0x53]), 'text/csv')
    expect(binary.status).toBe(422)
    expect(alerts(binary.doc).join(' ')).toContain('File ini bukan spreadsheet')
    const noKm = await upload(c, 'gps.csv', Buffer.from('Waktu,Nopol,Kecepatan\n2026-11-20 10:00,B 1 X,40\n'), 'text/csv')
    expect(noKm.status).toBe(422)
    expect(alerts(noKm.doc).join(' ')).toContain('Baris judul (baris 1) tidak berisi kolom "Km".')
    const noVehicle = await upload(c, 'gps.csv', Buffer.from('Tanggal;Km\n2026-11-20;100\n'), 'text/csv')
    expect(alerts(noVehicle.doc).join(' ')).toContain('tidak berisi kolom "No Pol" atau "No Kabin".')
    // The form stays usable: its file field is there again.
    expect(field(noVehicle.doc, 'File Excel, LibreOffice atau CSV')).toBeTruthy()
  },
)

test.concurrent('Impor is offered with Create on Km Kendaraan only; its routes answer 403 without it', async () => {
  const { user, password } = await createUser('gpsr')
  await setGrants(user.id, { 'Km Kendaraan': [] })
  const reader = await loginAs(user.kode_user, password)
  const listPage = await openPage(reader, LIST)
  expect(text(listPage)).not.toContain('Unduh template')
  expect((await reader.get(`${LIST}/impor`)).status).toBe(403)
  expect((await reader.get(`${LIST}/impor/template`)).status).toBe(403)
  const withCreate = await openPage(admin, LIST)
  expect(hrefOf(withCreate, 'Impor')).toBe(`${LIST}/impor`)
})
