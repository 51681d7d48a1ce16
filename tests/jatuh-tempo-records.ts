/**
 * The vehicle of Jatuh Tempo STNK & KIR's tests, through the reference api, for the end-to-end tests
 * (tests/e2e/jatuh-tempo.test.ts) and the request-level tests (tests/app/jatuh-tempo.test.ts) alike:
 * its KIR expired 3 days ago, its STNK expires in 45 days, its No Kabin is its own (each test searches
 * for it, so rows of other tests do not matter). Each runner passes its own api client; a refused call
 * throws with the api's answer.
 */
import type { Upstream } from './ban-records'

/** Today in Jakarta, YYYY-MM-DD (the app's day). */
export const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())
export const plus = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)
/** YYYY-MM-DD as the app shows it, DD/MM/YYYY. */
export const dmy = (day: string) => day.split('-').reverse().join('/')

export function dueRecords(upstream: Upstream, unique: (prefix: string) => string) {
  /** A vehicle whose KIR expired 3 days ago and whose STNK expires in 45 days. */
  async function vehicle() {
    const day = today()
    const no_kabin = unique('JT').replace(/\s/g, '')
    const api = await upstream()
    const r = await api.post('/api/kendaraan/add', {
      no_kabin,
      no_pol: 'G 4545 JT',
      jenis_kendaraan_id: 1,
      km: 1000,
      expired_kir: plus(day, -3),
      expired_stnk: plus(day, 45),
    })
    if (r.status !== 201) throw new Error(`the api answered ${r.status}, not 201: ${JSON.stringify(r.json)}`)
    return { no_kabin, kir: plus(day, -3), stnk: plus(day, 45) }
  }
  return { vehicle }
}
