/**
 * STNK & KIR renewals through the reference api, for Perpanjangan's end-to-end tests
 * (tests/e2e/perpanjangan.test.ts) and its request-level tests (tests/app/perpanjangan.test.ts) alike:
 * a vehicle with given expiries, a renewal, what the api holds of them, and the company's dates. Each
 * runner passes its own api client; a refused call throws with the api's answer.
 */
import type { Upstream } from './ban-records'

export type Perpanjangan = {
  id: number
  kode_perpanjangan: string
  status: string
  biaya: number
  expired_baru: string
  kendaraan_id: number
}

/** Today in the company's time zone (the app's default payment date). */
export const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date())
export const nextYear = () => `${Number(today().slice(0, 4)) + 1}${today().slice(4)}`
/** Today plus `n` days (YYYY-MM-DD). */
export const inDays = (n: number) => new Date(Date.parse(`${today()}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)
/** 'YYYY-MM-DD' → 'DD/MM/YYYY', as the screens show it. */
export const dmy = (d: string) => d.split('-').reverse().join('/')

/** The api answered `expected`, else an error with its answer. */
function status(r: { status: number; json: unknown }, expected: number, what: string) {
  if (r.status !== expected) throw new Error(`${what}: the api answered ${r.status}, not ${expected}: ${JSON.stringify(r.json)}`)
}

export function renewalRecords(upstream: Upstream, unique: (prefix: string) => string) {
  const serial = (prefix: string) => unique(prefix).replace(/\s/g, '')

  /** A vehicle with these expiries (null: none). */
  async function dueVehicle(dates: { stnk: string | null; kir: string | null }) {
    const api = await upstream()
    const noKabin = serial('PJK')
    const k = await api.post('/api/kendaraan/add', {
      no_kabin: noKabin,
      no_pol: 'B 7 PJG',
      expired_stnk: dates.stnk,
      expired_kir: dates.kir,
    })
    status(k, 201, 'POST /api/kendaraan/add')
    return { id: k.json.data.id as number, noKabin, ...dates }
  }

  const vehicle = async (id: number) =>
    (await (await upstream()).get(`/api/kendaraan/${id}/show`)).json.data as { expired_stnk: string | null; expired_kir: string | null }

  /** A renewal of `jenis` (KIR unless said) of Rp 1.850.000 to next year, unposted. */
  async function renewal(kendaraanId: number, jenis_dokumen: 'KIR' | 'STNK' = 'KIR') {
    const res = await (
      await upstream()
    ).post('/api/perpanjangan', { kendaraan_id: kendaraanId, jenis_dokumen, expired_baru: nextYear(), biaya: 1_850_000 })
    status(res, 201, 'POST /api/perpanjangan')
    return res.json.data as Perpanjangan
  }

  const renewalsOf = async (kendaraanId: number) =>
    (await (await upstream()).get(`/api/perpanjangan?kendaraan_id=${kendaraanId}`)).json.data as Perpanjangan[]

  return { dueVehicle, vehicle, renewal, renewalsOf }
}
