/**
 * The simple masters (Ukuran Ban, Merek Ban, Golongan, Type Ban: one screen over four configurations)
 * and their rows through the reference api, for the end-to-end tests (tests/e2e/master-simple.test.ts)
 * and the request-level tests (tests/app/master-simple.test.ts) alike. Each runner passes its own api
 * client; a refused call throws with the api's answer.
 */
import { SIMPLE_MASTERS } from '../app/lib/simple-master'
import type { Upstream } from './ban-records'

/**
 * Every simple master of app/screens.ts, as the test reads its configuration: the texts follow the
 * spec's rules for these screens ('Tambah <title>', 'Nama <entity> tidak boleh kosong!', '<entity>
 * berhasil ditambahkan!' …); tests/unit/master-forms.test.ts pins the spec's four configurations.
 */
export const SCREENS = Object.values(SIMPLE_MASTERS).map((m) => ({
  path: m.path,
  api: m.api,
  title: m.title,
  entity: m.entity,
  codeHeader: m.codeHeader,
  label: m.nameLabel,
  key: m.nameKey,
  code: m.codeKey,
}))

export type Screen = (typeof SCREENS)[number]

/** The list's ?q= for `s`, as the search form sends it. */
export const q = (s: string) => `q=${encodeURIComponent(s).replace(/%20/g, '+')}`

export function simpleMasterRecords(upstream: Upstream) {
  /** A row of `s` named `nama`, as the api stored it. */
  async function make(s: Screen, nama: string) {
    const res = await (await upstream()).post(`/api/${s.api}/add`, { [s.key]: nama })
    if (res.status !== 201) throw new Error(`POST /api/${s.api}/add answered ${res.status}: ${JSON.stringify(res.json)}`)
    return res.json.data as Record<string, string> & { id: number }
  }
  /** The stored rows of `s` named exactly `nama`. */
  const stored = async (s: Screen, nama: string) =>
    ((await (await upstream()).get(`/api/${s.api}`)).json as Record<string, unknown>[]).filter((r) => r[s.key] === nama)
  return { make, stored }
}
