/**
 * Inspection rounds through the reference api, for Pemeriksaan Ban's end-to-end tests
 * (tests/e2e/pemeriksaan-ban.test.ts) and its request-level tests (tests/app/pemeriksaan-ban.test.ts)
 * alike: a vehicle of a type of its own with two fitted tyres and an earlier round, a round of today,
 * and the company's dates. Each runner passes its own api client; a refused call throws with the
 * api's answer.
 */
import type { Upstream } from './ban-records'

export type Vehicle = { id: number; no_kabin: string; km: number }

/** The km the tyres of inspectedVehicle() were fitted at (and its first round's). */
export const KM_PASANG = 50_100

/** The company's today (Asia/Jakarta) and `days` before it, YYYY-MM-DD. */
export const dayIso = (days = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() - days * 86_400_000),
  )
/** YYYY-MM-DD as the screens show it, DD/MM/YYYY. */
export const idDate = (iso: string) => iso.split('-').reverse().join('/')
export const plusDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/** The api answered `expected`, else an error with its answer. */
function status(r: { status: number; json: unknown }, expected: number, what: string) {
  if (r.status !== expected) throw new Error(`${what}: the api answered ${r.status}, not ${expected}: ${JSON.stringify(r.json)}`)
}

export function inspectionRecords(upstream: Upstream, unique: (prefix: string) => string) {
  const serial = (prefix: string) => unique(prefix).replace(/\s/g, '')

  /** A round of today on the vehicle, stored through the api (what a test reads back, not the screen's save). */
  async function storeRound(kendaraanId: number, km: number, detail: Record<string, string | number>[]) {
    const saved = await (await upstream()).post('/api/pemeriksaan-ban', { kendaraan_id: kendaraanId, tanggal_awal: dayIso(), km, detail })
    status(saved, 201, 'POST /api/pemeriksaan-ban')
  }

  /**
   * A new 6-tyre vehicle (km 50.000) with tyres on 1A and 1B fitted at km 50.100, and a round 30 days ago
   * at that km: 1A 10 mm, 1B 8 mm.
   */
  async function inspectedVehicle() {
    const api = await upstream()
    const jenis = await api.post('/api/jenis_kendaraan/add', { nama_jenis_kendaraan: unique('Jenis PRB'), total_ban: 6 })
    status(jenis, 201, 'POST /api/jenis_kendaraan/add')
    const k = await api.post('/api/kendaraan/add', {
      no_kabin: unique('PRB'),
      no_pol: 'B 7 PRB',
      jenis_kendaraan_id: jenis.json.data.id,
      km: 50_000,
    })
    status(k, 201, 'POST /api/kendaraan/add')
    const v = k.json.data as Vehicle
    const supplier = ((await api.get('/api/supplier')).json as { id: number }[])[0]!
    const tyres = [serial('PA'), serial('PB')]
    const buy = await api.post('/api/pembelian-ban/add', {
      supplier_id: supplier.id,
      ban: tyres.map((s) => ({ no_seri: s, kondisi_ban: 'BARU', harga: 1_000_000 })),
    })
    status(buy, 201, 'POST /api/pembelian-ban/add')
    for (const [i, posisi_ban] of ['1A', '1B'].entries()) {
      const r = await api.post('/api/pemasangan-ban/detail-ban', {
        kendaraan_id: v.id,
        km_pemasangan: KM_PASANG,
        posisi_ban,
        no_seri: tyres[i],
      })
      status(r, 201, 'POST /api/pemasangan-ban/detail-ban')
    }
    status(await api.post(`/api/pemasangan-ban/add-pemasangan/${v.id}`), 201, 'POST /api/pemasangan-ban/add-pemasangan')
    const first = await api.post('/api/pemeriksaan-ban', {
      kendaraan_id: v.id,
      tanggal_awal: dayIso(30),
      km: KM_PASANG,
      detail: [
        { posisi_ban: '1A', tebal_tapak: 10 },
        { posisi_ban: '1B', tebal_tapak: 8 },
      ],
    })
    status(first, 201, 'POST /api/pemeriksaan-ban')
    const ids = (await api.get('/api/ban')).json as { id: number; no_seri: string; kode_ban: string }[]
    const tyre = (noSeri: string) => ids.find((b) => b.no_seri === noSeri)!
    return { v, tyres: tyres.map(tyre) }
  }

  return { storeRound, inspectedVehicle }
}
