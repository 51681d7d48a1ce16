/**
 * Rotations through the reference api, for Rotasi Ban's end-to-end tests (tests/e2e/rotasi-ban.test.ts)
 * and its request-level tests (tests/app/rotasi-ban.test.ts) alike: a vehicle of a type of its own with
 * a registered fitting, a rotation document, and what the api holds of them. Each runner passes its own
 * api client; a refused call throws with the api's answer.
 */
import type { Upstream } from './ban-records'

export type Vehicle = { id: number; no_kabin: string; km: number }
export type Rotation = { id: number; kode_rotasi: string; status: string; kendaraan_id: number; jumlah_rotasi: number }

/** The km every fitting of fittedVehicle() was made at. */
export const KM_PASANG = 50_100

/** The api answered `expected`, else an error with its answer. */
function status(r: { status: number; json: unknown }, expected: number, what: string) {
  if (r.status !== expected) throw new Error(`${what}: the api answered ${r.status}, not ${expected}: ${JSON.stringify(r.json)}`)
}

export function rotationRecords(upstream: Upstream, unique: (prefix: string) => string) {
  const serial = (prefix: string) => unique(prefix).replace(/\s/g, '')

  /** A registered fitting of a new 6-tyre vehicle (km 50.000) with tyres on `positions`, fitted at km 50.100. */
  async function fittedVehicle(positions: string[]) {
    const api = await upstream()
    const jenis = await api.post('/api/jenis_kendaraan/add', { nama_jenis_kendaraan: unique('Jenis RTS'), total_ban: 6 })
    status(jenis, 201, 'POST /api/jenis_kendaraan/add')
    const k = await api.post('/api/kendaraan/add', {
      no_kabin: unique('RTS'),
      no_pol: 'B 6 RTS',
      jenis_kendaraan_id: jenis.json.data.id,
      km: 50_000,
    })
    status(k, 201, 'POST /api/kendaraan/add')
    const v = k.json.data as Vehicle
    const supplier = ((await api.get('/api/supplier')).json as { id: number }[])[0]!
    const tyres = positions.map((_, i) => serial(`RT${i}`))
    const buy = await api.post('/api/pembelian-ban/add', {
      supplier_id: supplier.id,
      ban: tyres.map((s) => ({ no_seri: s, kondisi_ban: 'BARU', harga: 1_000_000 })),
    })
    status(buy, 201, 'POST /api/pembelian-ban/add')
    for (const [i, posisi_ban] of positions.entries()) {
      const r = await api.post('/api/pemasangan-ban/detail-ban', {
        kendaraan_id: v.id,
        km_pemasangan: KM_PASANG,
        posisi_ban,
        no_seri: tyres[i],
      })
      status(r, 201, 'POST /api/pemasangan-ban/detail-ban')
    }
    status(await api.post(`/api/pemasangan-ban/add-pemasangan/${v.id}`), 201, 'POST /api/pemasangan-ban/add-pemasangan')
    return { v, tyres: tyres as [string, ...string[]] }
  }

  /** A rotation document of the vehicle moving `from` to `to` at km 60.000. */
  async function rotationOf(v: Vehicle, from: string, to: string): Promise<Rotation> {
    const api = await upstream()
    const line = await api.post('/api/rotasi-ban/detail-ban', { kendaraan_id: v.id, posisi_asal: from, posisi_tujuan: to, km: 60_000 })
    status(line, 201, 'POST /api/rotasi-ban/detail-ban')
    const doc = await api.post(`/api/rotasi-ban/add-rotasi/${v.id}`)
    status(doc, 201, 'POST /api/rotasi-ban/add-rotasi')
    return doc.json.data as Rotation
  }

  const rotations = async () => (await (await upstream()).get('/api/rotasi-ban')).json as Rotation[]
  /** The vehicle's fitted tyres by position, as the api holds them. */
  const layout = async (v: Vehicle) =>
    Object.fromEntries(
      (
        (await (await upstream()).get(`/api/rotasi-ban/terpasang/${v.id}`)).json.data as { posisi_ban: string; ban: { no_seri: string } }[]
      ).map((d) => [d.posisi_ban, d.ban.no_seri]),
    )
  const tyreId = async (noSeri: string) =>
    ((await (await upstream()).get('/api/ban')).json as { id: number; no_seri: string }[]).find((b) => b.no_seri === noSeri)!.id

  return { fittedVehicle, rotationOf, rotations, layout, tyreId }
}
