/**
 * Removals through the reference api, for Pelepasan Ban's end-to-end tests
 * (tests/e2e/pelepasan-ban.test.ts) and its request-level tests (tests/app/pelepasan-ban.test.ts)
 * alike: a vehicle of a type of its own, a registered fitting with tyres on given positions, a removal
 * document, and what the api holds of them. Each runner passes its own api client; a refused call
 * throws with the api's answer.
 */
import type { Upstream } from './ban-records'

export type Vehicle = { id: number; no_kabin: string; kode_kendaraan: string; km: number }
export type Removal = { id: number; kode_pelepasan: string; status: string; kendaraan_id: number; jumlah_ban: number }
export type RemovalLine = {
  id: number
  posisi_ban: string
  tujuan: string
  alasan: string
  km_pelepasan: number
  ban: { no_seri: string }
}

/** The km every fitting of fittedVehicle() was made at. */
export const KM_PASANG = 50_100

/** The api answered `expected`, else an error with its answer. */
function status(r: { status: number; json: unknown }, expected: number, what: string) {
  if (r.status !== expected) throw new Error(`${what}: the api answered ${r.status}, not ${expected}: ${JSON.stringify(r.json)}`)
}

export function removalRecords(upstream: Upstream, unique: (prefix: string) => string) {
  const serial = (prefix: string) => unique(prefix).replace(/\s/g, '')

  /** A new vehicle of a new type with `totalBan` positions, at `km`. */
  async function newVehicle({ totalBan, km, prefix }: { totalBan: number; km: number; prefix: string }): Promise<Vehicle> {
    const api = await upstream()
    const jenis = await api.post('/api/jenis_kendaraan/add', { nama_jenis_kendaraan: unique(`Jenis ${prefix}`), total_ban: totalBan })
    status(jenis, 201, 'POST /api/jenis_kendaraan/add')
    const k = await api.post('/api/kendaraan/add', {
      no_kabin: unique(prefix),
      no_pol: `B ${totalBan} ${prefix}`,
      jenis_kendaraan_id: jenis.json.data.id,
      km,
    })
    status(k, 201, 'POST /api/kendaraan/add')
    return k.json.data as Vehicle
  }

  /** A registered fitting of a new 10-tyre vehicle (km 50.000) with tyres on `positions`, fitted at km 50.100. */
  async function fittedVehicle(positions: string[]) {
    const api = await upstream()
    const v = await newVehicle({ totalBan: 10, km: 50_000, prefix: 'KBL' })
    const supplier = ((await api.get('/api/supplier')).json as { id: number }[])[0]!
    const tyres = positions.map((_, i) => serial(`PL${i}`))
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
        target_presentase: 70000,
      })
      status(r, 201, 'POST /api/pemasangan-ban/detail-ban')
    }
    status(await api.post(`/api/pemasangan-ban/add-pemasangan/${v.id}`), 201, 'POST /api/pemasangan-ban/add-pemasangan')
    return { v, tyres }
  }

  /** A removal document of the vehicle with the tyre on `posisi` taken off (km 60.000, Habis, to stock). */
  async function removalOf(v: Vehicle, posisi: string): Promise<Removal> {
    const api = await upstream()
    const line = await api.post('/api/pelepasan-ban/detail-ban', {
      kendaraan_id: v.id,
      posisi_ban: posisi,
      km_pelepasan: 60_000,
      alasan: 'Habis',
      tujuan: 'stok',
    })
    status(line, 201, 'POST /api/pelepasan-ban/detail-ban')
    const doc = await api.post(`/api/pelepasan-ban/add-pelepasan/${v.id}`)
    status(doc, 201, 'POST /api/pelepasan-ban/add-pelepasan')
    return doc.json.data as Removal
  }

  const removals = async () => (await (await upstream()).get('/api/pelepasan-ban')).json as Removal[]
  const removalLines = async (id: number) => (await (await upstream()).get(`/api/detail-pelepasan/${id}`)).json.data.detail as RemovalLine[]
  const staged = async (v: Vehicle) =>
    (await (await upstream()).get(`/api/pelepasan-ban/detail-list-ban/${v.id}`)).json.data as RemovalLine[]
  const tyreOf = async (noSeri: string) =>
    ((await (await upstream()).get('/api/ban')).json as { no_seri: string; status: string; kondisi_ban: string }[]).find(
      (b) => b.no_seri === noSeri,
    )
  const historyOf = async (banId: number) =>
    ((await (await upstream()).get(`/api/ban/${banId}/riwayat`)).json.data.riwayat as { jenis: string }[]).map((r) => r.jenis).reverse()

  return { serial, newVehicle, fittedVehicle, removalOf, removals, removalLines, staged, tyreOf, historyOf }
}
