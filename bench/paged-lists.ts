/**
 * The paged lists' lines of the bench (extension 'paged-lists'): Pembelian Ban (its last page, sorted
 * by supplier) and Inquery Pembelian Ban (a year's period, searched), each as one user (one connection)
 * against the built app, with how many purchases the api says match. At scale 10,000 their whole
 * lists are longer than the app reads from the upstream; each line checks the page answers 200 first.
 * A searchable choice: Pemasangan Ban's vehicle picker (the first matches rendered) and its search as
 * the user types (the choice's resource route), over the whole fleet.
 */
export type PagedSystem = { base: string; apiBase: string; token: string }
type Load = { p50: number; p95: number; rps: number; errors: number; requests: number }
type LoadFn = (url: string, headers: Record<string, string>, connections?: number) => Promise<Load>

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : n < 100 ? 1 : 0)} ms`
const TARGET_P95_MS = 20

const isoDay = (d: Date) => d.toISOString().slice(0, 10)

export async function pagedListLines(s: PagedSystem, appHeaders: Record<string, string>, load: LoadFn): Promise<string[]> {
  const apiHeaders = { Accept: 'application/json', Authorization: `Bearer ${s.token}` }
  const total = async (path: string) => {
    const res = await fetch(`${s.apiBase}${path}`, { headers: apiHeaders })
    if (res.status !== 200) return null
    return ((await res.json()) as { meta?: { total: number } }).meta?.total ?? null
  }
  const today = new Date()
  const yearAgo = new Date(today.getTime() - 365 * 86_400_000)
  const period = `tanggal_awal=${isoDay(yearAgo)}&tanggal_akhir=${isoDay(today)}`
  const all = await total('/api/pembelian-ban?page=1&per_page=1')
  const inPeriod = await total(`/api/inquery-pembelian-ban?page=1&per_page=1&${period}`)
  const vehicles = await total('/api/kendaraan?page=1&per_page=1')
  if (all === null) return ['paged lists: the api does not page (no paged-lists extension?) — not measured']
  const lastPage = Math.max(1, Math.ceil(all / 5))
  const cases = [
    {
      what: `pembelian ban (${all} purchases), last page by supplier`,
      url: `/admin/pembelian-ban?sort=nama_supp&dir=desc&page=${lastPage}`,
    },
    {
      what: `inquery pembelian ban (${inPeriod ?? '?'} in a year), searched`,
      url: `/admin/inquery-pembelian-ban?${period}&q=PB0&sort=grand_total&dir=desc&page=2`,
    },
    {
      what: `searchable choice: vehicle picker (${vehicles ?? '?'} vehicles), first matches`,
      url: '/admin/pemasangan-ban/tambah',
    },
    {
      what: `searchable choice: vehicle search as you type (${vehicles ?? '?'} vehicles)`,
      url: '/admin/pemasangan-ban/tambah/pilihan/kendaraan?q=S-12',
    },
  ]
  const lines: string[] = []
  for (const c of cases) {
    const check = await fetch(`${s.base}${c.url}`, { headers: appHeaders })
    if (check.status !== 200) {
      lines.push(`${c.what}: the app answered ${check.status} — not measured`)
      continue
    }
    await load(`${s.base}${c.url}`, appHeaders, 1) // warm-up
    const l = await load(`${s.base}${c.url}`, appHeaders, 1)
    lines.push(
      `${c.what}: one user p50 ${ms(l.p50)}, p95 ${ms(l.p95)} (target p95 ≤ ${TARGET_P95_MS} ms: ${l.p95 <= TARGET_P95_MS ? '✓' : '✗'})` +
        `${l.errors ? ` | ${l.errors} FAILED requests` : ''}`,
    )
  }
  return lines
}
