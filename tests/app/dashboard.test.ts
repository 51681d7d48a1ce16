/**
 * The dashboard's panels as the server renders them (plain HTTP, no browser): the demo data's due
 * STNK and KIR, the finance backlog and the worn tyres, each panel only with the grant of the menu it
 * links to, each link leading to the list of the same rows. The due panel's link, clicked with
 * JavaScript on and off, stays in tests/e2e/dashboard.test.ts.
 */
import { beforeAll, expect, test } from 'vitest'
import { ADMIN, APP_URL, client, loginAs, SAME_ORIGIN, type Client } from './http'
import { byText, field, headingTexts, links, main, rows, text, valueOf, type Element, openPage } from './html'
import { createUser, setGrants, upstream } from './upstream'

let admin: Client
beforeAll(async () => {
  admin = await loginAs(ADMIN.kode_user, ADMIN.password)
})

const panel = (doc: Element, name: string) => doc.querySelector(`[data-testid="panel-${name}"]`)
const byTestId = (doc: Element, id: string) => doc.querySelectorAll(`[data-testid="${id}"]`)

/** The page at `path` (200), parsed. */
const open = openPage

/** A new user's login through the form: it lands on the dashboard (followed from the redirect). */
async function loginLandsOnDashboard(kode_user: string, password: string) {
  const c = client()
  const res = await c.post('/login', { form: { kode_user, password, redirectTo: '' }, headers: SAME_ORIGIN })
  expect(res.status).toBe(302)
  let location = new URL(res.headers.get('location') ?? '', APP_URL).pathname
  if (location === '/admin') {
    const next = await c.get('/admin')
    location = new URL(next.headers.get('location') ?? '', APP_URL).pathname
  }
  expect(location).toBe('/admin/dashboard')
  return open(c, '/admin/dashboard')
}

type Doc = { grand_total: number | string | null; status: string | null }
/** Number and Grand Total of the upstream's unposted documents of an inquiry. */
async function backlog(path: string) {
  // The spec: the inquiries answer {data: {data: [...]}}.
  const docs = ((await (await upstream()).get(`${path}?status=unpost`)).json as { data: { data: Doc[] } }).data.data
  return { count: docs.length, total: docs.reduce((s, d) => s + Number(d.grand_total ?? 0), 0) }
}
const rupiah = (n: number) => `Rp ${new Intl.NumberFormat('id-ID').format(n)}`

type Fitted = {
  id: number
  kode_ban: string
  no_seri: string
  km_tempuh: number
  lokasi: { no_kabin: string; posisi_ban: string; km_pemasangan: number; km_kendaraan: number; target_presentase: number | null }
}
/**
 * The fitted tyres at or past 90% of their target km, the most worn first, figured here from the
 * upstream's own list: Σ removals + (vehicle km − fitting km), against the target (70.000 by default).
 */
async function wornTyres() {
  const fitted = (await (await upstream()).get('/api/ban?status=terpasang')).json as Fitted[]
  return fitted
    .map((t) => {
      const km = t.km_tempuh + Math.max(0, t.lokasi.km_kendaraan - t.lokasi.km_pemasangan)
      const target = t.lokasi.target_presentase || 70_000
      return { ...t, km, target, share: km / target }
    })
    .filter((t) => t.share >= 0.9)
    .sort((a, b) => b.share - a.share)
}
const percent = (share: number) => `${(Math.round(share * 1000) / 10).toLocaleString('id-ID', { minimumFractionDigits: 1 })}%`

/** The dashboard's figures of the fleet, by key: their link, value and caption. */
const figuresOf = (doc: Element) =>
  Object.fromEntries(
    doc
      .querySelectorAll('a[data-testid]')
      .filter((a) => (a.getAttribute('data-testid') ?? '').startsWith('angka-'))
      .map((a) => [
        a.getAttribute('data-testid')!.slice('angka-'.length),
        { href: a.getAttribute('href')!.replace(/&amp;/g, '&'), text: text(a) },
      ]),
  )

test('the figures of the fleet replace the sample cards and link to their screens', async () => {
  // The due list's counts just before and after the page (other files' tests add vehicles and plans to
  // the same server meanwhile): the figure is the one or the other.
  const dueNow = async () => (await (await upstream()).get('/api/servis-jatuh-tempo?dalam_hari=30&dalam_km=1000&per_page=1')).json.meta
  const before = await dueNow()
  const doc = await open(admin, '/admin/dashboard')
  const after = await dueNow()
  for (const label of ['Number', 'Revenue', 'Logs', 'Followers']) expect(byText(doc, label), label).toHaveLength(0)
  const figures = figuresOf(doc)
  expect(Object.keys(figures).sort()).toEqual(['biaya', 'posting', 'servis', 'suku-cadang'])
  expect(figures['suku-cadang']!.href).toBe('/admin/stok-suku-cadang?bawah_minimum=1')
  expect(figures.servis!.href).toBe('/admin/servis-jatuh-tempo?dalam_hari=30&dalam_km=1000')
  // Vehicles to bring in, not service lines: the upstream's count of vehicles (the demo has more lines than vehicles due).
  expect(before.total).toBeGreaterThan(before.jumlah_kendaraan)
  // Tests of other files add vehicles and plans meanwhile: the figure lies between the two counts.
  // The card's paragraphs: its label, its figure, its caption.
  const card = doc.querySelectorAll('a[data-testid="angka-servis"] p').map((p) => text(p))
  expect(card[0]).toBe('Kendaraan jatuh tempo servis')
  const shown = [card.join(' | '), card[1], /^([\d.]+) kendaraan sudah lewat$/.exec(card[2] ?? '')?.[1] ?? '0']
  expect(card[2]).toMatch(/^([\d.]+ kendaraan sudah lewat|dalam 30 hari atau 1\.000 km)$/)
  const whole = (t: string | undefined) => Number((t ?? '0').replace(/\./g, ''))
  const within = (n: number, a: number, b: number) => n >= Math.min(a, b) && n <= Math.max(a, b)
  const context = JSON.stringify([shown[0], before, after])
  expect(within(whole(shown[1]), before.jumlah_kendaraan, after.jumlah_kendaraan), context).toBe(true)
  expect(within(whole(shown[2]), before.jumlah_kendaraan_lewat, after.jumlah_kendaraan_lewat), context).toBe(true)
  expect(figures.posting!.text).toMatch(/Menunggu posting\d[\d.]*/)
  expect(figures.posting!.href).toMatch(
    /^\/admin\/(inquery-pembelian-ban|inquery-pemasangan-ban|inquery-klaim-ban|perpanjangan-stnk|inquery-perintah-kerja|inquery-pembelian-suku-cadang)\?status=unpost$/,
  )
  const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date()).slice(0, 7)
  expect(figures.biaya!.href).toMatch(
    new RegExp(`^/admin/laporan-biaya-kendaraan\\?tanggal_awal=${month}-01&tanggal_akhir=${month}-\\d\\d$`),
  )
  expect(figures.biaya!.text).toMatch(/Biaya pemeliharaan bulan iniRp [\d.]+\S.* \d{4}, [\d.]+ kendaraan$/)
})

test('the due panel lists the demo data’s past-due STNK and KIR, soonest first, in red', async () => {
  const doc = await open(admin, '/admin/dashboard')
  const due = panel(doc, 'jatuh-tempo')!
  expect(due, 'the due panel').toBeTruthy()
  expect(headingTexts(due)).toContain('STNK & KIR jatuh tempo (30 hari)')
  // The seed: K-103's STNK 9 days past, K-301's KIR 4 days past (a day more once Jakarta is past midnight UTC).
  const k103 = due.querySelectorAll('tr').find((tr) => text(tr).includes('K-103'))!
  expect(text(k103)).toContain('STNK')
  const late = byText(k103, /^lewat (9|10) hari$/)
  expect(late).toHaveLength(1)
  expect(late[0]!.getAttribute('class') ?? '').toMatch(/text-red-700/)
  const k301 = due.querySelectorAll('tr').find((tr) => text(tr).includes('K-301'))
  expect(text(k301)).toMatch(/KIR.*lewat (4|5) hari/)
  expect(text(due.querySelector('tbody tr'))).toContain('K-103')
  expect(byText(due, /^\d+ hari lagi$/)).not.toHaveLength(0)
})

test('the finance panel: unposted purchases and fittings with their Grand Total, as the upstream has them', async () => {
  // Other tests add, post and delete documents meanwhile (finance.test.ts among them): the page shows what the
  // upstream had at some point between the two reads around it. When several writes fell between the reads
  // and the page matches neither, it is read again; a panel that is wrong matches no read, every time.
  let mismatches: string[] = []
  for (let attempt = 0; attempt < 5; attempt++) {
    const before = { beli: await backlog('/api/inquery-pembelian-ban'), pasang: await backlog('/api/inquery-pemasangan-ban') }
    const doc = await open(admin, '/admin/dashboard')
    const after = { beli: await backlog('/api/inquery-pembelian-ban'), pasang: await backlog('/api/inquery-pemasangan-ban') }
    mismatches = []
    for (const [name, b, a] of [
      ['pembelian', before.beli, after.beli],
      ['pemasangan', before.pasang, after.pasang],
    ] as const) {
      expect(a.count, 'the demo data has unposted documents').toBeGreaterThan(0)
      const shownText = text(byTestId(doc, `backlog-${name}`)[0])
      const shown = [b, a].find((x) => shownText.includes(`${x.count} dokumen unpost`) && shownText.includes(rupiah(x.total)))
      if (!shown) mismatches.push(`${name}: ${shownText} (the upstream: ${JSON.stringify(b)}, then ${JSON.stringify(a)})`)
    }
    if (mismatches.length === 0) break
  }
  expect(mismatches).toEqual([])
})

test('the finance links land on the inquiries filtered to unposted documents', async () => {
  for (const [name, title, path] of [
    ['pembelian', 'Inquery Pembelian Ban', '/admin/inquery-pembelian-ban'],
    ['pemasangan', 'Inquery Pemasangan Ban', '/admin/inquery-pemasangan-ban'],
  ] as const) {
    const dash = await open(admin, '/admin/dashboard')
    const link = byTestId(dash, `backlog-${name}`)[0]!.querySelector('a[href]')!
    expect(link.getAttribute('href')).toBe(`${path}?status=unpost`)
    const doc = await open(admin, link.getAttribute('href')!)
    expect(headingTexts(doc, 1)).toContain(title)
    expect(valueOf(field(doc, 'Status')!)).toBe('unpost')
    const statuses = rows(main(doc))
      .flat()
      .filter((cell) => /^(Posting|Unpost)$/.test(cell))
    expect(statuses.length).toBeGreaterThan(0)
    expect(new Set(statuses)).toEqual(new Set(['Unpost']))
  }
})

test('a user with only Inquery Pembelian Ban sees that backlog and no other panel', async () => {
  const { user, password } = await createUser('dasbor')
  await setGrants(user.id, { 'Inquery Pembelian Ban': ['show'] })
  const doc = await loginLandsOnDashboard(user.kode_user, password)
  expect(text(byTestId(doc, 'backlog-pembelian')[0])).toContain('dokumen unpost')
  expect(byTestId(doc, 'backlog-pemasangan')).toHaveLength(0)
  expect(panel(doc, 'jatuh-tempo')).toBeNull()
  expect(panel(doc, 'stok-ban')).toBeNull()
  expect(panel(doc, 'ban-target')).toBeNull()
  // Of the figures, only the one its grant reads: the purchases waiting for posting.
  const figures = figuresOf(doc)
  expect(Object.keys(figures)).toEqual(['posting'])
  expect(figures.posting!.href).toBe('/admin/inquery-pembelian-ban?status=unpost')
})

test('a user with only Jatuh Tempo STNK & KIR sees the due documents (the upstream lets the menu read them) and no backlog', async () => {
  const { user, password } = await createUser('dasbor')
  await setGrants(user.id, { 'Jatuh Tempo STNK & KIR': [] })
  const doc = await loginLandsOnDashboard(user.kode_user, password)
  expect(
    panel(doc, 'jatuh-tempo')!
      .querySelectorAll('tr')
      .some((tr) => text(tr).includes('K-103')),
  ).toBe(true)
  expect(panel(doc, 'finance')).toBeNull()
  expect(text(doc)).not.toContain('tidak dapat dimuat')
})

test('a user without any of the panels’ menus sees no figure and no panel', async () => {
  const { user, password } = await createUser('dasbor')
  await setGrants(user.id, { Departemen: ['show'] })
  const doc = await loginLandsOnDashboard(user.kode_user, password)
  expect(figuresOf(doc)).toEqual({})
  expect(byText(doc, 'Revenue')).toHaveLength(0)
  expect(headingTexts(doc)).not.toContain('Perlu perhatian')
})

test('the demo’s worn tyre is listed with its vehicle, position, km and percent of its target, most worn first', async () => {
  const doc = await open(admin, '/admin/dashboard')
  const worn = await wornTyres()
  expect(worn.length, 'the demo has a fitted tyre past 90% of its target').toBeGreaterThan(0)
  const box = panel(doc, 'ban-target')!
  expect(headingTexts(box)).toContain('Ban mendekati target km')
  expect(text(byTestId(box, 'ban-target-jumlah')[0])).toBe(String(worn.length))
  const first = worn[0]!
  const row = text(byTestId(box, 'ban-target-row')[0])
  expect(row).toContain(first.kode_ban)
  expect(row).toContain(first.no_seri)
  expect(row).toContain(`${first.lokasi.no_kabin} · ${first.lokasi.posisi_ban}`)
  const nf = new Intl.NumberFormat('id-ID')
  expect(row).toContain(`${nf.format(first.km)} / ${nf.format(first.target)}`)
  expect(row).toContain(percent(first.share))
  expect(byTestId(box, 'ban-target-row')).toHaveLength(Math.min(8, worn.length))
})

test('a worn tyre links to its Riwayat Ban; the panel’s heading to Stok Ban filtered to fitted tyres', async () => {
  const doc = await open(admin, '/admin/dashboard')
  const first = (await wornTyres())[0]!
  const box = panel(doc, 'ban-target')!
  const tyre = links(box, first.kode_ban)[0]!
  expect(tyre.getAttribute('href')).toMatch(new RegExp(`^/admin/ban/${first.id}(\\?|$)`))
  const history = await open(admin, tyre.getAttribute('href')!)
  expect(headingTexts(history, 1)).toContain('Riwayat Ban')
  expect(text(history)).toContain(`No Seri ${first.no_seri}`)
  const stock = links(box, 'Ban mendekati target km')[0]!
  expect(stock.getAttribute('href')).toBe('/admin/ban?status=terpasang')
  expect(headingTexts(await open(admin, stock.getAttribute('href')!), 1)).toContain('Stok Ban')
})

test('a user with only Stok Ban sees the stock and the worn tyres, and no other panel', async () => {
  const { user, password } = await createUser('dasbor')
  await setGrants(user.id, { 'Stok Ban': [] })
  const doc = await loginLandsOnDashboard(user.kode_user, password)
  expect(byTestId(panel(doc, 'ban-target')!, 'ban-target-row')).not.toHaveLength(0)
  expect(panel(doc, 'stok-ban')).toBeTruthy()
  expect(panel(doc, 'jatuh-tempo')).toBeNull()
  expect(panel(doc, 'finance')).toBeNull()
})
