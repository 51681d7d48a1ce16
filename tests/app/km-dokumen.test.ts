/**
 * The documents' km in a vehicle's readings as the server renders them (plain HTTP, no browser):
 * Detail Kendaraan's Riwayat Km lists a fitting's and an inspection round's km beside a typed one,
 * each with its kind and code; the round's code opens its read-only page for a user with its Show,
 * and is plain text for one without.
 */
import { beforeAll, expect, test } from 'vitest'
import { ADMIN, loginAs, type Client } from './http'
import { hrefOf, links, openPage, region, text } from './html'
import { createUser, setGrants, unique, upstream } from './upstream'
import { kmRecords } from '../km-records'
import { dayIso, idDate, inspectionRecords, KM_PASANG } from '../pemeriksaan-records'

const { inspectedVehicle } = inspectionRecords(upstream, unique)
const { reading } = kmRecords(upstream, unique)

let admin: Client
beforeAll(async () => {
  admin = await loginAs(ADMIN.kode_user, ADMIN.password)
})

test.concurrent(
  "Detail Kendaraan: a fitting's and a round's km are readings, named by their document; the round's code links to it",
  async () => {
    // Fitted today at 50.100, a round 30 days ago at 50.100; a typed reading today at 50.600.
    const { v } = await inspectedVehicle()
    await reading(v.id, dayIso(), 50_600)
    const api = await upstream()
    const readings = (await api.get(`/api/kendaraan/${v.id}/km`)).json.data as {
      sumber: string
      dokumen_id: number | null
      dokumen_kode: string | null
    }[]
    const fitting = readings.find((r) => r.sumber === 'pemasangan_ban')!
    const round = readings.find((r) => r.sumber === 'pemeriksaan_ban')!
    expect(fitting.dokumen_kode).toBeTruthy()
    expect(round.dokumen_kode).toBeTruthy()

    const detail = await openPage(admin, `/admin/kendaraan/${v.id}`)
    const riwayat = region(detail, 'Riwayat Km')
    expect(riwayat, "the section 'Riwayat Km'").toBeTruthy()
    const km = (n: number) => new Intl.NumberFormat('id-ID').format(n)
    expect(riwayat!.querySelectorAll('tbody tr').map(text)).toEqual([
      expect.stringMatching(new RegExp(`${idDate(dayIso())}.*${km(50_600)}.*Input`)),
      expect.stringMatching(new RegExp(`${idDate(dayIso())}.*${km(KM_PASANG)}.*Pemasangan Ban ${fitting.dokumen_kode}`)),
      expect.stringMatching(new RegExp(`${idDate(dayIso(30))}.*${km(KM_PASANG)}.*Pemeriksaan Ban ${round.dokumen_kode}`)),
    ])
    // The round's code opens its read-only page; the fitting's (no such page) is text.
    expect(hrefOf(riwayat!, round.dokumen_kode!)).toBe(`/admin/pemeriksaan-detail/${round.dokumen_id}`)
    expect(links(riwayat!, fitting.dokumen_kode!)).toHaveLength(0)

    // A user who may see the vehicle but not the rounds: the code is text.
    const { user, password } = await createUser('kmd')
    await setGrants(user.id, { Kendaraan: ['show'] })
    const reader = await loginAs(user.kode_user, password)
    const seen = region(await openPage(reader, `/admin/kendaraan/${v.id}`), 'Riwayat Km')
    expect(text(seen!)).toContain(`Pemeriksaan Ban ${round.dokumen_kode}`)
    expect(links(seen!, round.dokumen_kode!)).toHaveLength(0)
  },
)
