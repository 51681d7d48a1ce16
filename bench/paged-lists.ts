/**
 * The paged lists' lines of the bench (extension 'paged-lists'): Pembelian Ban (its last page, sorted
 * by supplier), Inquery Pembelian Ban (a year's period, searched), Pemasangan Ban (its last page, sorted
 * by cabin number), Pelepasan Ban (sorted by how many tyres) and Inquery Pemasangan Ban (a year's
 * unposted fittings, searched, by cabin number), each as one user (one connection)
 * against the built app, with how many purchases the api says match. At scale 10,000 their whole
 * lists are longer than the app reads from the upstream; each line checks the page answers 200 first.
 * Then the tyre reads: the cost-per-km report (its screen, and the print pages of both reports for the
 * last month), each as one user, and Stok Ban's whole CSV and Excel workbook streamed once each (time and size).
 * A searchable choice: Pemasangan Ban's vehicle picker (the first matches rendered) and its search as
 * the user types (the choice's resource route), over the whole fleet. The workshop's rounds: Rotasi Ban,
 * Pemeriksaan Ban and Klaim Ban (page 2), Inquery Klaim Ban and Laporan Pemeriksaan Ban over a year.
 * The vehicle documents: Kendaraan searched, STNK page 2, Jatuh Tempo of the next 30 days.
 * The renewals: Perpanjangan STNK & KIR over a year (searched, page 2) and Laporan Biaya Perpanjangan
 * over a year (a line per vehicle, summed by the api). Servis Jatuh Tempo: its first page and a
 * page of what falls due within 1.000 km or 30 days (the app's screen; "not measured" without it).
 */
export type PagedSystem = { base: string; apiBase: string; token: string }
type Load = { p50: number; p95: number; rps: number; errors: number; requests: number }
type LoadFn = (url: string, headers: Record<string, string>, connections?: number) => Promise<Load>

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : n < 100 ? 1 : 0)} ms`
const TARGET_P95_MS = 20
/** The fitting and removal screens' target, one user. */
const FITTING_TARGET_P95_MS = 50
/**
 * Servis Jatuh Tempo's target, one user: the api computes when every line of every vehicle's plan falls
 * due (~80,000 at 10,000 vehicles) and sorts them for each page (docs/upstream-contract.md "Extensions:
 * service plans"); ~0.6 s on SQLite when it was written.
 */
const DUE_LIST_TARGET_P95_MS = 1000

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
  const fittings = await total('/api/pemasangan-ban?page=1&per_page=1')
  const removals = await total('/api/pelepasan-ban?page=1&per_page=1')
  const unpostedInPeriod = await total(`/api/inquery-pemasangan-ban?page=1&per_page=1&${period}&status=unpost`)
  const lastPage = Math.max(1, Math.ceil(all / 5))
  const lastFittingPage = Math.max(1, Math.ceil((fittings ?? 0) / 5))
  const tyres = await total('/api/ban?page=1&per_page=1')
  const renewals = await total(`/api/perpanjangan?page=1&per_page=1&${period}`)
  const cases: { what: string; url: string; target?: number }[] = [
    { what: `stok ban (${tyres ?? '?'} tyres), first page`, url: '/admin/ban', target: FITTING_TARGET_P95_MS },
    { what: 'stok ban, searched by serial', url: '/admin/ban?q=SN-1', target: FITTING_TARGET_P95_MS },
    {
      what: 'stok ban, fitted tyres by location, page 400',
      url: '/admin/ban?status=terpasang&sort=lokasi&page=400',
      target: FITTING_TARGET_P95_MS,
    },
    { what: 'dashboard', url: '/admin/dashboard', target: FITTING_TARGET_P95_MS },
    {
      what: `pembelian ban (${all} purchases), last page by supplier`,
      url: `/admin/pembelian-ban?sort=nama_supp&dir=desc&page=${lastPage}`,
    },
    {
      what: `inquery pembelian ban (${inPeriod ?? '?'} in a year), searched`,
      url: `/admin/inquery-pembelian-ban?${period}&q=PB0&sort=grand_total&dir=desc&page=2`,
    },
    {
      what: `pemasangan ban (${fittings ?? '?'} fittings), last page by cabin number`,
      url: `/admin/pemasangan-ban?sort=no_kabin&dir=desc&page=${lastFittingPage}`,
      target: FITTING_TARGET_P95_MS,
    },
    {
      what: `pelepasan ban (${removals ?? '?'} removals), by number of tyres`,
      url: '/admin/pelepasan-ban?sort=jumlah_ban&dir=desc&page=2',
      target: FITTING_TARGET_P95_MS,
    },
    {
      what: `inquery pemasangan ban (${unpostedInPeriod ?? '?'} unposted in a year), searched`,
      url: `/admin/inquery-pemasangan-ban?${period}&status=unpost&q=PM0&sort=no_kabin&page=2`,
      target: FITTING_TARGET_P95_MS,
    },
    { what: 'rotasi ban, page 2', url: '/admin/rotasi-ban?page=2', target: FITTING_TARGET_P95_MS },
    { what: 'pemeriksaan ban, page 2', url: '/admin/pemeriksaan-ban?page=2', target: FITTING_TARGET_P95_MS },
    { what: 'klaim ban, page 2', url: '/admin/klaim-ban?page=2', target: FITTING_TARGET_P95_MS },
    { what: 'inquery klaim ban (a year)', url: `/admin/inquery-klaim-ban?${period}`, target: FITTING_TARGET_P95_MS },
    {
      what: 'laporan pemeriksaan ban (a year), page 2',
      url: `/admin/laporan-pemeriksaan-ban?${period}&page=2`,
      target: FITTING_TARGET_P95_MS,
    },
    { what: `kendaraan (${vehicles ?? '?'} vehicles), searched`, url: '/admin/kendaraan?q=S-12', target: FITTING_TARGET_P95_MS },
    { what: 'stnk, page 2 by owner', url: '/admin/stnk?sort=nama_pemilik&page=2', target: FITTING_TARGET_P95_MS },
    { what: 'jatuh tempo (the next 30 days)', url: '/admin/jatuh-tempo?hari=30', target: FITTING_TARGET_P95_MS },
    {
      what: `perpanjangan stnk & kir (${renewals ?? '?'} in a year), searched, page 2`,
      url: `/admin/perpanjangan-stnk?${period}&q=PJ0&sort=tanggal_bayar&dir=desc&page=2`,
      target: FITTING_TARGET_P95_MS,
    },
    {
      what: 'laporan biaya perpanjangan (a year)',
      url: `/admin/laporan-biaya-perpanjangan?${period}`,
      target: FITTING_TARGET_P95_MS,
    },
    {
      what: `km kendaraan (${vehicles ?? '?'} vehicles with their latest reading), page 200`,
      url: '/admin/km-kendaraan?page=200',
      target: FITTING_TARGET_P95_MS,
    },
    {
      what: 'km kendaraan, one type, searched',
      url: '/admin/km-kendaraan?jenis_kendaraan_id=1&q=S-1',
      target: FITTING_TARGET_P95_MS,
    },
    {
      what: `servis jatuh tempo (${vehicles ?? '?'} vehicles × their plan's items), first page`,
      url: '/admin/servis-jatuh-tempo',
      target: DUE_LIST_TARGET_P95_MS,
    },
    {
      what: 'servis jatuh tempo, overdue within 1.000 km or 30 days, page 5',
      url: '/admin/servis-jatuh-tempo?dalam_km=1000&dalam_hari=30&page=5',
      target: DUE_LIST_TARGET_P95_MS,
    },
    // The parts store (extension 'suku-cadang'): its lists, paged by the api.
    {
      what: 'stok suku cadang, by value, page 2',
      url: '/admin/stok-suku-cadang?sort=nilai_stok&dir=desc&page=2',
      target: FITTING_TARGET_P95_MS,
    },
    { what: 'suku cadang, searched', url: '/admin/suku-cadang?q=Filter', target: FITTING_TARGET_P95_MS },
    { what: 'pembelian suku cadang, page 3', url: '/admin/pembelian-suku-cadang?page=3', target: FITTING_TARGET_P95_MS },
    {
      what: 'inquery pembelian suku cadang (a year)',
      url: `/admin/inquery-pembelian-suku-cadang?${period}`,
      target: FITTING_TARGET_P95_MS,
    },
    { what: 'kartu stok of one part', url: '/admin/stok-suku-cadang/1', target: FITTING_TARGET_P95_MS },
    { what: 'stok opname, first page', url: '/admin/stok-opname', target: FITTING_TARGET_P95_MS },
    // The workshop's work orders (extension 'perintah-kerja') and the cost per vehicle ('biaya-kendaraan').
    { what: 'perintah kerja, page 3', url: '/admin/perintah-kerja?page=3', target: FITTING_TARGET_P95_MS },
    {
      what: 'inquery perintah kerja (a year)',
      url: `/admin/inquery-perintah-kerja?${period}`,
      target: FITTING_TARGET_P95_MS,
    },
    {
      what: `laporan biaya per kendaraan (a year, ${vehicles ?? '?'} vehicles: tyres, work orders, renewals, km from every reading), first page`,
      url: `/admin/laporan-biaya-kendaraan?${period}`,
      target: DUE_LIST_TARGET_P95_MS,
    },
    {
      what: 'laporan biaya per kendaraan by type (a year)',
      url: `/admin/laporan-biaya-kendaraan?${period}&kelompok=jenis`,
      target: DUE_LIST_TARGET_P95_MS,
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
    const target = c.target ?? TARGET_P95_MS
    await load(`${s.base}${c.url}`, appHeaders, 1) // warm-up
    const l = await load(`${s.base}${c.url}`, appHeaders, 1)
    lines.push(
      `${c.what}: one user p50 ${ms(l.p50)}, p95 ${ms(l.p95)} (target p95 ≤ ${target} ms: ${l.p95 <= target ? '✓' : '✗'})` +
        `${l.errors ? ` | ${l.errors} FAILED requests` : ''}`,
    )
  }
  lines.push(...(await tyreReportLines(s, appHeaders, load)))
  return lines
}

/** The tyre reads at scale: the cost-per-km report's screen and both reports' print pages (one user), Stok Ban's CSV and Excel once each. */
async function tyreReportLines(s: PagedSystem, appHeaders: Record<string, string>, load: LoadFn): Promise<string[]> {
  const today = new Date()
  const monthAgo = new Date(today.getTime() - 30 * 86_400_000)
  const month = `tanggal_awal=${isoDay(monthAgo)}&tanggal_akhir=${isoDay(today)}`
  const cases = [
    { what: 'laporan biaya ban per km, screen (all time, by merek)', url: '/admin/laporan-biaya-ban' },
    { what: 'laporan biaya ban per km, print (last 30 days)', url: `/admin/laporan-biaya-ban/cetak?${month}` },
    { what: 'laporan pembelian ban, print (last 30 days)', url: `/admin/laporan-pembelian-ban/cetak?${month}` },
  ]
  const lines: string[] = []
  for (const c of cases) {
    const check = await fetch(`${s.base}${c.url}`, { headers: appHeaders })
    await check.arrayBuffer()
    if (check.status !== 200) {
      lines.push(`${c.what}: the app answered ${check.status} — not measured`)
      continue
    }
    const l = await load(`${s.base}${c.url}`, appHeaders, 1)
    lines.push(`${c.what}: one user p50 ${ms(l.p50)}, p95 ${ms(l.p95)}${l.errors ? ` | ${l.errors} FAILED requests` : ''}`)
  }
  // The whole CSV and the whole Excel workbook once each, read as they stream: time and size (the app's
  // memory stays flat: a page at a time, the workbook's rows committed as they are written).
  for (const [what, url] of [
    ['stok ban csv', '/admin/ban/csv'],
    ['stok ban excel', '/admin/ban/csv?format=xlsx'],
  ] as const) {
    const started = performance.now()
    const res = await fetch(`${s.base}${url}`, { headers: appHeaders })
    let bytes = 0
    const reader = res.status === 200 ? res.body?.getReader() : undefined
    if (reader) for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.byteLength
    else await res.arrayBuffer()
    lines.push(
      res.status === 200
        ? `${what} (every tyre): ${ms(performance.now() - started)}, ${(bytes / 1024 / 1024).toFixed(1)} MB`
        : `${what}: the app answered ${res.status} — not measured`,
    )
  }
  // Four users download the Excel workbook at once: their zips share the CPUs (the app's memory
  // through this line is in the VmHWM figure of the run).
  const started = performance.now()
  const sizes = await Promise.all(
    Array.from({ length: 4 }, async () => {
      const res = await fetch(`${s.base}/admin/ban/csv?format=xlsx`, { headers: appHeaders })
      return res.status === 200 ? (await res.arrayBuffer()).byteLength : -res.status
    }),
  )
  lines.push(
    sizes.every((n) => n > 0)
      ? `stok ban excel, four users at once: ${ms(performance.now() - started)} for all four, ${(sizes[0]! / 1024 / 1024).toFixed(1)} MB each`
      : `stok ban excel, four users at once: the app answered ${sizes.map((n) => (n > 0 ? 200 : -n)).join(', ')} — not measured`,
  )
  return lines
}
