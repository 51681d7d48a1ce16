/**
 * STNK records through the reference api, for the end-to-end tests (tests/e2e/stnk.test.ts) and the
 * request-level tests (tests/app/stnk.test.ts) alike: the STNKs the api holds (by owner name), one made
 * for a test, and a vehicle that has all its numbers. Each runner passes its own api client; a refused
 * call throws with the api's answer.
 */
import type { Upstream } from './ban-records'

export type Stnk = {
  id: number
  kode_stnk: string
  nama_pemilik: string
  kendaraan_id: number | null
  no_pol: string | null
  no_rangka: string | null
  no_mesin: string | null
  alamat: string | null
  tahun_pembuatan: number | null
  warna: string | null
  expired_stnk: string | null
}
export type Kendaraan = { id: number; no_kabin: string; no_pol: string | null; no_rangka: string | null; no_mesin: string | null }

export function stnkRecords(upstream: Upstream) {
  async function allStnk(): Promise<Stnk[]> {
    const r = await (await upstream()).get('/api/stnk')
    if (r.status !== 200) throw new Error(`GET /api/stnk: the api answered ${r.status}`)
    return r.json as Stnk[]
  }
  const findStnk = async (nama: string) => (await allStnk()).filter((s) => s.nama_pemilik === nama)

  async function makeStnk(nama: string, extra: Record<string, string> = {}): Promise<Stnk> {
    // The api takes multipart or JSON; JSON keeps the helper short.
    const r = await (await upstream()).post('/api/stnk/add', { nama_pemilik: nama, ...extra })
    if (r.status >= 300) throw new Error(`POST /api/stnk/add: the api answered ${r.status}: ${JSON.stringify(r.json)}`)
    return r.json.data as Stnk
  }

  /** A vehicle of the demo data with its registration, chassis and engine numbers. */
  async function aVehicle(): Promise<Kendaraan> {
    const r = await (await upstream()).get('/api/kendaraan')
    const withNumbers = (r.json as Kendaraan[]).filter((k) => k.no_pol && k.no_rangka && k.no_mesin)
    if (!withNumbers.length) throw new Error('no vehicle with all its numbers in the api')
    return withNumbers[0]!
  }

  return { allStnk, findStnk, makeStnk, aVehicle }
}
