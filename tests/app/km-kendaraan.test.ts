/**
 * Km Kendaraan as the server renders it (plain HTTP, no browser, as a browser without JavaScript
 * sends it): the entry of several vehicles' km on one date, a refusal that keeps everything typed and
 * saves nothing, the app's own checks, a correction with its reason, the vehicle's readings on its
 * detail, and the grants. Every test makes its own vehicles (a type and a cabin-number prefix of their
 * own) through the api (tests/km-records.ts). What stays in tests/e2e/km-kendaraan.test.ts: typing the
 * km of several vehicles and Simpan, both ways, and the correction dialog.
 */
import { beforeAll, expect, test } from 'vitest'
import { ADMIN, loginAs, SAME_ORIGIN, type Client } from './http'
import { alerts, field, follow, named, openPage, page, region, rowsWith, statuses, text, valueOf } from './html'
import { createUser, setGrants, unique, upstream } from './upstream'
import { kmRecords } from '../km-records'
import { dmy, inDays, today } from '../perpanjangan-records'

const { vehicles, reading, readingsOf } = kmRecords(upstream, unique)

let admin: Client
beforeAll(async () => {
  admin = await loginAs(ADMIN.kode_user, ADMIN.password)
})

const listOf = (prefix: string) => `/admin/km-kendaraan?q=${encodeURIComponent(prefix)}`
const save = (c: Client, prefix: string, form: Record<string, string>) => c.post(listOf(prefix), { form, headers: SAME_ORIGIN })
/** The row of a vehicle: its cells' texts. */
const rowOf = (root: ReturnType<typeof page>, noKabin: string) => {
  const found = rowsWith(root, noKabin)
  expect(found, `the row of ${noKabin}`).toHaveLength(1)
  return found[0]!
}
const kmField = (root: ReturnType<typeof page>, noKabin: string) => {
  const found = named(root, 'input', `Km baru ${noKabin}`)
  expect(found, `the km field of ${noKabin}`).toHaveLength(1)
  return found[0]!
}

test.concurrent(
  'Simpan stores the filled km of several vehicles on one date; each row shows its new km and date, a blank one stays',
  async () => {
    const { prefix, list } = await vehicles(3, 10_000)
    const [a, b, c] = list as [(typeof list)[0], (typeof list)[0], (typeof list)[0]]
    const before = await openPage(admin, listOf(prefix))
    expect(named(before, 'h1', 'Km Kendaraan')).toHaveLength(1)
    expect(text(rowOf(before, a.no_kabin))).toContain('Belum ada')
    expect(kmField(before, a.no_kabin).getAttribute('form')).toBe('km-form')

    const res = await save(admin, prefix, { tanggal: inDays(-1), [`km-${a.id}`]: '10.250', [`km-${b.id}`]: '12000', [`km-${c.id}`]: '' })
    // Back on the same list, the date kept for the next page of vehicles.
    expect(res.headers.get('location')).toBe(`${listOf(prefix)}&tanggal=${inDays(-1)}`)
    const after = await follow(admin, res)
    expect(statuses(after).join(' ')).toContain('Km 2 kendaraan berhasil disimpan.')
    expect(valueOf(field(after, 'Tanggal Pembacaan')!)).toBe(inDays(-1))
    expect(text(rowOf(after, a.no_kabin))).toContain('10.250')
    expect(text(rowOf(after, a.no_kabin))).toContain(dmy(inDays(-1)))
    expect(text(rowOf(after, b.no_kabin))).toContain('12.000')
    expect(text(rowOf(after, c.no_kabin))).toContain('Belum ada')
    // The fields are empty again, ready for the next round.
    expect(valueOf(kmField(after, a.no_kabin))).toBe('')

    expect(await readingsOf(a.id)).toMatchObject({ km: 10_250, readings: [{ tanggal: inDays(-1), km: 10_250, sumber: 'input' }] })
    expect(await readingsOf(b.id)).toMatchObject({ km: 12_000, readings: [{ km: 12_000 }] })
    expect((await readingsOf(c.id)).readings).toEqual([])
  },
)

test.concurrent(
  "a km below the vehicle's reading before is refused beside it with both figures; nothing is saved, everything typed is shown again",
  async () => {
    const { prefix, list } = await vehicles(2, 20_000)
    const [a, b] = list as [(typeof list)[0], (typeof list)[0]]
    await reading(a.id, inDays(-3), 25_000)
    const res = await save(admin, prefix, { tanggal: today(), [`km-${a.id}`]: '24.000', [`km-${b.id}`]: '21000' })
    expect(res.status).toBe(422)
    const root = page(res)
    expect(text(rowOf(root, a.no_kabin))).toContain(`Km 24.000 lebih kecil dari km sebelumnya: 25.000 pada ${dmy(inDays(-3))}.`)
    expect(kmField(root, a.no_kabin).getAttribute('aria-invalid')).toBe('true')
    expect(valueOf(kmField(root, a.no_kabin))).toBe('24.000')
    expect(valueOf(kmField(root, b.no_kabin))).toBe('21000')
    expect(alerts(root).join(' ')).toContain('Tidak ada yang disimpan')
    expect((await readingsOf(a.id)).readings).toHaveLength(1)
    expect((await readingsOf(b.id)).readings).toEqual([])
  },
)

test.concurrent('the app checks before sending: a km that is not a number, a date after today, nothing filled', async () => {
  const { prefix, list } = await vehicles(2, 5_000)
  const [a, b] = list as [(typeof list)[0], (typeof list)[0]]
  const res = await save(admin, prefix, { tanggal: inDays(1), [`km-${a.id}`]: 'lima ribu', [`km-${b.id}`]: '6000' })
  expect(res.status).toBe(400)
  const root = page(res)
  expect(text(rowOf(root, a.no_kabin))).toContain('Km harus berupa angka, misalnya 125.000.')
  expect(text(root)).toContain('Tanggal tidak boleh setelah hari ini.')
  expect(valueOf(kmField(root, a.no_kabin))).toBe('lima ribu')
  expect(valueOf(kmField(root, b.no_kabin))).toBe('6000')
  expect(valueOf(field(root, 'Tanggal Pembacaan')!)).toBe(inDays(1))
  // A date in the URL that is not one, or after today, is not taken: today is.
  const odd = await openPage(admin, `${listOf(prefix)}&tanggal=${inDays(3)}`)
  expect(valueOf(field(odd, 'Tanggal Pembacaan')!)).toBe(today())
  const none = await save(admin, prefix, { tanggal: today() })
  expect(none.status).toBe(400)
  expect(alerts(page(none)).join(' ')).toContain('Isi km minimal satu kendaraan.')
  expect((await readingsOf(b.id)).readings).toEqual([])
})

test.concurrent(
  "Koreksi: a correction below the readings is saved with its reason, the vehicle's km follows, and its detail lists it",
  async () => {
    const { prefix, list } = await vehicles(1, 90_000)
    const a = list[0]!
    await reading(a.id, inDays(-2), 95_000)
    const dialog = await openPage(admin, `/admin/km-kendaraan/${a.id}/koreksi?q=${prefix}`)
    expect(named(dialog, '[role="dialog"], dialog', `Koreksi Km ${a.no_kabin}`)).toHaveLength(1)
    const missing = await admin.post(`/admin/km-kendaraan/${a.id}/koreksi?q=${prefix}`, {
      form: { tanggal: today(), km: '150', alasan: ' ' },
      headers: SAME_ORIGIN,
    })
    expect(missing.status).toBe(400)
    expect(text(page(missing))).toContain('Alasan koreksi tidak boleh kosong.')
    const res = await admin.post(`/admin/km-kendaraan/${a.id}/koreksi?q=${prefix}`, {
      form: { tanggal: today(), km: '150', alasan: 'Odometer diganti' },
      headers: SAME_ORIGIN,
    })
    const back = await follow(admin, res)
    expect(statuses(back).join(' ')).toContain('Koreksi km berhasil disimpan.')
    expect(text(rowOf(back, a.no_kabin))).toContain('150')
    expect(await readingsOf(a.id)).toMatchObject({
      km: 150,
      readings: [{ km: 150, sumber: 'koreksi', alasan: 'Odometer diganti' }, { km: 95_000 }],
    })

    const detail = await openPage(admin, `/admin/kendaraan/${a.id}`)
    const riwayat = region(detail, 'Riwayat Km')
    expect(riwayat, "the section 'Riwayat Km'").toBeTruthy()
    const lines = riwayat!.querySelectorAll('tbody tr').map(text)
    expect(lines).toEqual([expect.stringMatching(/150.*Koreksi.*Odometer diganti/), expect.stringMatching(/95\.000.*Input/)])
  },
)

test.concurrent(
  'grants: Select alone shows the km without fields or Koreksi and may not save; Create saves but may not correct',
  async () => {
    const { prefix, list } = await vehicles(1, 1_000)
    const a = list[0]!
    const { user, password } = await createUser('kmr')
    await setGrants(user.id, { 'Km Kendaraan': [] })
    const reader = await loginAs(user.kode_user, password)
    const seen = await openPage(reader, listOf(prefix))
    expect(text(rowOf(seen, a.no_kabin))).toContain('1.000')
    expect(named(seen, 'input', `Km baru ${a.no_kabin}`)).toHaveLength(0)
    expect(named(seen, 'a', `Koreksi km ${a.no_kabin}`)).toHaveLength(0)
    expect((await save(reader, prefix, { tanggal: today(), [`km-${a.id}`]: '1500' })).status).toBe(403)

    await setGrants(user.id, { 'Km Kendaraan': ['create'] })
    const writer = await loginAs(user.kode_user, password)
    expect(named(await openPage(writer, listOf(prefix)), 'a', `Koreksi km ${a.no_kabin}`)).toHaveLength(0)
    expect((await save(writer, prefix, { tanggal: today(), [`km-${a.id}`]: '1500' })).status).toBe(302)
    const koreksi = await writer.post(`/admin/km-kendaraan/${a.id}/koreksi`, {
      form: { tanggal: today(), km: '10', alasan: 'x' },
      headers: SAME_ORIGIN,
    })
    expect(koreksi.status).toBe(403)
    expect(await readingsOf(a.id)).toMatchObject({ km: 1_500, readings: [{ km: 1_500 }] })
  },
)
