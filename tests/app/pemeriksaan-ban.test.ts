/**
 * Pemeriksaan Ban as the server renders it and the rules it applies (plain HTTP, no browser): what a
 * tyre's history computes from a stored round, the dashboard's panel of tyres at the minimum tread and
 * of forecast dates that have passed, and the server's date and tread rules for a back-dated round.
 * Every test makes its own vehicle, tyres, fitting and earlier round through the api
 * (tests/pemeriksaan-records.ts). The screen's save and its refusal both ways stay in
 * tests/e2e/pemeriksaan-ban.test.ts.
 */
import { beforeAll, expect, test } from 'vitest'
import { ADMIN, loginAs, type Client } from './http'
import { byText, field, headingTexts, links, openPage, page, submit, text, type Element } from './html'
import { unique, upstream } from './upstream'
import { dayIso, idDate, inspectionRecords, KM_PASANG, plusDays } from '../pemeriksaan-records'

const { storeRound, inspectedVehicle } = inspectionRecords(upstream, unique)

let admin: Client
beforeAll(async () => {
  admin = await loginAs(ADMIN.kode_user, ADMIN.password)
})

const open = (path: string, status?: number) => openPage(admin, path, status)
/** The one element of `root` with data-testid `id`. */
function byTestId(root: Element, id: string): Element {
  const found = root.querySelectorAll(`[data-testid="${id}"]`)
  expect(found, `data-testid=${id}`).toHaveLength(1)
  return found[0]!
}
/** The dashboard panel's row of the tyre `kodeBan`, if any. */
const panelRows = (doc: Element, kodeBan: string) =>
  byTestId(doc, 'panel-ban-aus')
    .querySelectorAll('[data-testid="ban-aus-row"]')
    .filter((r) => text(r).includes(kodeBan))
/** The fieldset of a position (its legend starts `Posisi {posisi}`). */
function group(doc: Element, posisi: string): Element {
  const found = doc.querySelectorAll('fieldset').filter((fs) => text(fs.querySelector('legend')).startsWith(`Posisi ${posisi}`))
  expect(found, `the fieldset of ${posisi}`).toHaveLength(1)
  return found[0]!
}
/** The name of the field labelled `label` in `root`. */
const nameIn = (root: Element, label: string) => field(root, label)!.getAttribute('name')!
const valueIn = (root: Element, label: string) => field(root, label)!.getAttribute('value') ?? ''

// What the history computes from a stored round (the round is saved through the screen, both ways, in the e2e file).
test.concurrent('after a round the tyre’s history shows its wear, km left, km per day and forecast date', async () => {
  const { v, tyres } = await inspectedVehicle()
  await storeRound(v.id, 53_100, [
    { posisi_ban: '1A', tebal_tapak: '9,4' },
    { posisi_ban: '1B', tebal_tapak: '4,1', tekanan: 105, kondisi: 'Aus tidak rata' },
  ])

  // 8 → 4,1 mm over 3.000 km: 1,3 mm per 1.000 km; 1,1 mm above the minimum: 846 km; 3.000 km in 30 days: 100 km a day, 9 days.
  const doc = await open(`/admin/ban/${tyres[1]!.id}`)
  const figures = text(byTestId(doc, 'prakiraan-ban'))
  expect(figures).toContain('Tebal Tapak Terakhir4,1 mm')
  expect(figures).toContain('Keausan1,3 mm / 1.000 km')
  expect(figures).toContain('Sisa Km846 km')
  expect(figures).toContain('Km per Hari Kendaraan100 km/hari')
  expect(figures).toContain('Sisa Hari9 hari')
  expect(figures).toContain(`Prakiraan Ganti${idDate(plusDays(dayIso(), 9))}`)
  const list = doc.querySelectorAll('[role="group"], fieldset').filter((g) => g.getAttribute('aria-label') === 'Daftar pemeriksaan ban')
  expect(list).toHaveLength(1)
  const rows = list[0]!.querySelectorAll('tbody tr')
  expect(rows).toHaveLength(2)
  expect(text(rows[0])).toContain('4,1 mm')
  expect(text(rows[1])).toContain('8 mm')
})

test.concurrent('a tyre measured at the minimum tread is on the dashboard’s panel, leading to its history', async () => {
  const { v, tyres } = await inspectedVehicle()
  await storeRound(v.id, 52_000, [
    { posisi_ban: '1A', tebal_tapak: 9 },
    { posisi_ban: '1B', tebal_tapak: '2,5' },
  ])
  const dashboard = await open('/admin/dashboard')
  const row = panelRows(dashboard, tyres[1]!.kode_ban)
  expect(row).toHaveLength(1)
  expect(text(row[0])).toContain(`${v.no_kabin} · 1B`)
  expect(text(row[0])).toContain('2,5 mm / 0 km')
  expect(text(row[0])).toContain('Ganti sekarang')
  expect(panelRows(dashboard, tyres[0]!.kode_ban)).toHaveLength(0)
  const link = links(row[0]!, tyres[1]!.kode_ban)
  expect(link).toHaveLength(1)
  const history = await open(link[0]!.getAttribute('href')!)
  expect(headingTexts(history, 1)).toContain('Riwayat Ban')
  expect(text(byTestId(history, 'prakiraan-ban'))).toContain('Sisa Km0 km')
})

// The server's date and tread rules (the refused save of this form is seen both ways in the e2e file).
test.concurrent(
  'a back-dated round whose tread is not between the rounds before and after it is refused beside its field; everything typed is kept',
  async () => {
    const { v } = await inspectedVehicle()
    // A later round today: 1A 9 mm (after the 10 mm of 30 days ago).
    await storeRound(v.id, 53_100, [
      { posisi_ban: '1A', tebal_tapak: 9 },
      { posisi_ban: '1B', tebal_tapak: 7 },
    ])
    const path = `/admin/create-pemeriksaan-ban?kendaraan_id=${v.id}`
    const form = await open(path)
    // A paper round of 20 days ago, at the km the vehicle had then (below today's 53.100).
    const typed = (doc: Element, tanggal: string, tebalA: string) => ({
      [nameIn(doc, 'Tanggal')]: tanggal,
      [nameIn(doc, 'Km Kendaraan')]: String(KM_PASANG),
      [nameIn(group(doc, '1A'), 'Tebal Tapak (mm)')]: tebalA,
      [nameIn(group(doc, '1A'), 'Keterangan')]: 'kartu kertas',
      [nameIn(group(doc, '1B'), 'Tebal Tapak (mm)')]: '7,5',
    })
    let res = await submit(admin, form, 'Simpan', path, typed(form, dayIso(20), '8,5'))
    let doc = page(res)
    expect(res.status).not.toBe(302)
    expect(text(group(doc, '1A'))).toContain(
      `Tebal tapak harus di antara pemeriksaan sesudahnya (9 mm pada ${idDate(dayIso())}) dan pemeriksaan sebelumnya (10 mm pada ${idDate(dayIso(30))}): tanpa vulkanisir di antaranya tebal tapak hanya berkurang.`,
    )
    expect(valueIn(doc, 'Tanggal')).toBe(dayIso(20))
    expect(valueIn(doc, 'Km Kendaraan')).toBe(String(KM_PASANG))
    expect(valueIn(group(doc, '1A'), 'Tebal Tapak (mm)')).toBe('8,5')
    expect(valueIn(group(doc, '1A'), 'Keterangan')).toBe('kartu kertas')
    expect(valueIn(group(doc, '1B'), 'Tebal Tapak (mm)')).toBe('7,5')
    const rounds = (await (await upstream()).get('/api/pemeriksaan-ban')).json.data as { kendaraan_id: number }[]
    expect(rounds.filter((r) => r.kendaraan_id === v.id)).toHaveLength(2)

    // Dated tomorrow: refused too, the date kept.
    res = await submit(admin, doc, 'Simpan', path, typed(doc, plusDays(dayIso(), 1), '9,5'))
    expect(res.status).not.toBe(302)
    doc = page(res)
    expect(byText(doc, `Tanggal pemeriksaan tidak boleh setelah hari ini (${idDate(dayIso())}).`).length).toBeGreaterThan(0)
    expect(valueIn(doc, 'Tanggal')).toBe(plusDays(dayIso(), 1))
    expect(valueIn(group(doc, '1A'), 'Tebal Tapak (mm)')).toBe('9,5')
    expect(
      ((await (await upstream()).get('/api/pemeriksaan-ban')).json.data as { kendaraan_id: number }[]).filter(
        (r) => r.kendaraan_id === v.id,
      ),
    ).toHaveLength(2)
  },
)

test.concurrent('a forecast date that has passed reads ‘lewat N hari’ in red on the dashboard and in Riwayat Ban', async () => {
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

  const dashboard = await open('/admin/dashboard')
  const row = panelRows(dashboard, past!.kode_ban)
  expect(row).toHaveLength(1)
  const cell = byTestId(row[0]!, 'ban-aus-prakiraan')
  expect(text(cell)).toContain(idDate(date))
  expect(byText(cell, lewat).map((el) => el.getAttribute('class'))).toEqual([expect.stringMatching(/text-red-700/)])
  const link = links(row[0]!, past!.kode_ban)
  expect(link).toHaveLength(1)
  const history = await open(link[0]!.getAttribute('href')!)
  expect(headingTexts(history, 1)).toContain('Riwayat Ban')
  const figures = byTestId(history, 'prakiraan-ban')
  expect(text(figures)).toContain(`Sisa Hari${lewat}`)
  expect(byText(figures, lewat).map((el) => el.getAttribute('class'))).toEqual([expect.stringMatching(/text-red-700/)])
  expect(text(figures)).toContain(`Prakiraan Ganti${idDate(date)}`)
  expect(text(figures)).toContain('Sisa Km0 km')
})
