/**
 * Fittings through the reference api, for Pemasangan Ban's end-to-end tests
 * (tests/e2e/pemasangan-ban.test.ts) and its request-level tests (tests/app/pemasangan-ban.test.ts)
 * alike: a vehicle of a type of its own (so positions are never shared), tyres in stock, staged lines,
 * a registered fitting, and what the api holds of them. Each runner passes its own api client; a
 * refused call throws with the api's answer.
 */
import type { Upstream } from './ban-records'

export type Detail = { id: number; posisi_ban: string; pemasangan_ban_id: number | null; ban: { no_seri: string; kode_ban: string } }
export type Fitting = { id: number; kode_pemasangan: string; status: string; kendaraan_id: number }
export type Vehicle = { id: number; no_kabin: string; kode_kendaraan: string; km: number }

/** The api answered `expected`, else an error with its answer. */
function status(r: { status: number; json: unknown }, expected: number) {
  if (r.status !== expected) throw new Error(`the api answered ${r.status}, not ${expected}: ${JSON.stringify(r.json)}`)
}

export function fittingRecords(upstream: Upstream, unique: (prefix: string) => string) {
  const serial = (prefix: string) => unique(prefix).replace(/\s/g, '')

  /** A vehicle of a type of its own with `totalBan` tyres, at `km`. */
  async function makeVehicle(totalBan: number, km = 50_000): Promise<Vehicle> {
    const api = await upstream()
    const jenis = await api.post('/api/jenis_kendaraan/add', { nama_jenis_kendaraan: unique(`Jenis ${totalBan} Ban`), total_ban: totalBan })
    status(jenis, 201)
    const r = await api.post('/api/kendaraan/add', {
      no_kabin: unique('KBP'),
      no_pol: 'B 9 PB',
      jenis_kendaraan_id: jenis.json.data.id,
      km,
    })
    status(r, 201)
    return r.json.data as Vehicle
  }

  /** `n` tyres in stock (one purchase); returns their serials. */
  async function makeTyres(n: number): Promise<string[]> {
    const api = await upstream()
    const supplier = ((await api.get('/api/supplier')).json as { id: number }[])[0]
    const serials = Array.from({ length: n }, (_, i) => serial(`FT${i}`))
    const r = await api.post('/api/pembelian-ban/add', {
      supplier_id: supplier.id,
      ban: serials.map((s) => ({ no_seri: s, kondisi_ban: 'BARU', harga: 1_500_000 })),
    })
    status(r, 201)
    return serials
  }

  async function stage(v: Vehicle, posisi: string, noSeri: string) {
    const r = await (
      await upstream()
    ).post('/api/pemasangan-ban/detail-ban', {
      kendaraan_id: v.id,
      km_pemasangan: v.km + 100,
      posisi_ban: posisi,
      no_seri: noSeri,
      target_presentase: 70000,
    })
    status(r, 201)
  }

  const staged = async (v: Vehicle) => (await (await upstream()).get(`/api/pemasangan-ban/detail-list-ban/${v.id}`)).json.data as Detail[]
  const fittings = async () => (await (await upstream()).get('/api/pemasangan-ban')).json as Fitting[]
  const fittingOf = async (v: Vehicle) => (await fittings()).find((f) => f.kendaraan_id === v.id)
  const tyreStatus = async (noSeri: string) =>
    ((await (await upstream()).get('/api/ban')).json as { no_seri: string; status: string }[]).find((b) => b.no_seri === noSeri)?.status

  /** A registered fitting of a new 10-tyre vehicle with tyres on `positions`. */
  async function makeFitting(positions = ['1A']) {
    const v = await makeVehicle(10)
    const tyres = await makeTyres(positions.length)
    for (const [i, p] of positions.entries()) await stage(v, p, tyres[i])
    const r = await (await upstream()).post(`/api/pemasangan-ban/add-pemasangan/${v.id}`)
    status(r, 201)
    return { v, tyres, fitting: r.json.data as Fitting }
  }

  return { makeVehicle, makeTyres, stage, staged, fittings, fittingOf, tyreStatus, makeFitting }
}
