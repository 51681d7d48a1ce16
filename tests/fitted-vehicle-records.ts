/**
 * A vehicle of a type of its own, and one with tyres fitted in a registered fitting, through the
 * reference api: the start of the tyre documents' tests (removals, rotations, inspections, claims) in
 * tests/e2e and tests/app alike. Each runner passes its own api client; a refused call throws with the
 * api's answer.
 */
import type { Upstream } from './ban-records'

export type Vehicle = { id: number; no_kabin: string; kode_kendaraan: string; km: number }

/** The api answered `expected`, else an error with its answer. */
export function expectStatus(r: { status: number; json: unknown }, expected: number, what: string) {
  if (r.status !== expected) throw new Error(`${what}: the api answered ${r.status}, not ${expected}: ${JSON.stringify(r.json)}`)
}

export function fittedVehicleRecords(upstream: Upstream, unique: (prefix: string) => string) {
  const serial = (prefix: string) => unique(prefix).replace(/\s/g, '')

  /** A new vehicle of a new type with `totalBan` positions, at `km`, its cabin number made from `prefix`. */
  async function newVehicle({ totalBan, km, prefix }: { totalBan: number; km: number; prefix: string }): Promise<Vehicle> {
    const api = await upstream()
    const jenis = await api.post('/api/jenis_kendaraan/add', { nama_jenis_kendaraan: unique(`Jenis ${prefix}`), total_ban: totalBan })
    expectStatus(jenis, 201, 'POST /api/jenis_kendaraan/add')
    const k = await api.post('/api/kendaraan/add', {
      no_kabin: unique(prefix),
      no_pol: `B ${totalBan} ${prefix}`,
      jenis_kendaraan_id: jenis.json.data.id,
      km,
    })
    expectStatus(k, 201, 'POST /api/kendaraan/add')
    return k.json.data as Vehicle
  }

  /**
   * A new vehicle (km 50.000) with new tyres (Rp 1.000.000 each, serials from `tyrePrefix`) on
   * `positions`, fitted at km 50.100 in a registered fitting (with `target` km, else the api's default).
   */
  async function fittedVehicle(o: { totalBan: number; prefix: string; tyrePrefix: string; positions: string[]; target?: number }) {
    const api = await upstream()
    const v = await newVehicle({ totalBan: o.totalBan, km: 50_000, prefix: o.prefix })
    const supplier = ((await api.get('/api/supplier')).json as { id: number }[])[0]!
    const tyres = o.positions.map((_, i) => serial(`${o.tyrePrefix}${i}`))
    const buy = await api.post('/api/pembelian-ban/add', {
      supplier_id: supplier.id,
      ban: tyres.map((s) => ({ no_seri: s, kondisi_ban: 'BARU', harga: 1_000_000 })),
    })
    expectStatus(buy, 201, 'POST /api/pembelian-ban/add')
    for (const [i, posisi_ban] of o.positions.entries()) {
      const r = await api.post('/api/pemasangan-ban/detail-ban', {
        kendaraan_id: v.id,
        km_pemasangan: 50_100,
        posisi_ban,
        no_seri: tyres[i],
        ...(o.target ? { target_presentase: o.target } : {}),
      })
      expectStatus(r, 201, 'POST /api/pemasangan-ban/detail-ban')
    }
    expectStatus(await api.post(`/api/pemasangan-ban/add-pemasangan/${v.id}`), 201, 'POST /api/pemasangan-ban/add-pemasangan')
    return { v, tyres: tyres as [string, ...string[]] }
  }

  return { serial, newVehicle, fittedVehicle }
}
