import type { Upstream } from '~/upstream/client.server'
import { banRingkasan, listBan, type Ban, type BanRingkasan } from '~/upstream/ban.server'
import { listInqueryPemasangan, listInqueryPemasanganPage } from '~/upstream/pemasangan-ban.server'
import { listInqueryPembelian, listInqueryPembelianPage } from '~/upstream/pembelian-ban.server'
import { UpstreamHttpError } from '~/upstream/errors'
import { todayInCompany } from '~/lib/date-filter'
import { hasFeature } from './features.server'
import { offersPaging } from './paged-list.server'
import { allows, type Grants } from '~/lib/grants'
import { DEFAULT_HARI, daysBetween, inWindow } from '~/lib/jatuh-tempo'
import { readDueRows } from './jatuh-tempo.server'
import { listServisJatuhTempo } from '~/upstream/jadwal-servis.server'
import { SERVIS_PANEL } from '~/lib/servis-jatuh-tempo'
import { listBelumDiperiksa, listPeringatanBan } from '~/upstream/pemeriksaan-ban.server'
import { listKlaim, listKlaimPage } from '~/upstream/klaim-ban.server'
import { listPerpanjangan, listPerpanjanganPage } from '~/upstream/perpanjangan.server'
import { listBiayaKendaraanPage } from '~/upstream/biaya-kendaraan.server'
import { listPerintahKerjaPage } from '~/upstream/perintah-kerja.server'
import { HARI_BELUM_DIPERIKSA, sisaHariPrakiraan } from '~/lib/pemeriksaan'
import { pagePembelianSukuCadang, pageStokSukuCadang } from '~/upstream/suku-cadang.server'

/** How many parts below their minimum the panel lists (with a count of the rest). */
export const SUKU_CADANG_SHOWN = 8

/**
 * The dashboard's panels: each shown only to a user whose grants include the menu it
 * links to, each read on its own (Promise.allSettled): a panel that cannot load says so in its own
 * box and the others, and the page, stay. Data only through app/upstream (list cache included).
 */

/** The menu each panel links to (the panel is shown with Select on it). */
export const PANEL_MENUS = {
  jatuhTempo: '/admin/jatuh-tempo',
  pembelian: '/admin/inquery-pembelian-ban',
  pemasangan: '/admin/inquery-pemasangan-ban',
  stokBan: '/admin/ban',
  banTarget: '/admin/ban',
  banAus: '/admin/pemeriksaan-ban',
  belumDiperiksa: '/admin/pemeriksaan-ban',
  servisJatuhTempo: '/admin/servis-jatuh-tempo',
  sukuCadangMinimum: '/admin/stok-suku-cadang',
  // The figures above the panels (waiting for posting: with the two above; this month's cost).
  klaimUnpost: '/admin/inquery-klaim-ban',
  perpanjanganUnpost: '/admin/perpanjangan-stnk',
  perintahKerjaUnpost: '/admin/inquery-perintah-kerja',
  pembelianSukuCadangUnpost: '/admin/inquery-pembelian-suku-cadang',
  biayaBulanIni: '/admin/laporan-biaya-kendaraan',
} as const

export type PanelName = keyof typeof PANEL_MENUS

/** Not shown (no grant), loaded, or failed with a short message. */
export type Panel<T> = { shown: false } | { shown: true; ok: true; data: T } | { shown: true; ok: false; message: string }

export const PANEL_FAILED: Record<PanelName, string> = {
  jatuhTempo: 'Data jatuh tempo STNK & KIR tidak dapat dimuat.',
  pembelian: 'Data pembelian yang menunggu posting tidak dapat dimuat.',
  pemasangan: 'Data pemasangan yang menunggu posting tidak dapat dimuat.',
  sukuCadangMinimum: 'Data suku cadang di bawah minimum tidak dapat dimuat.',
  stokBan: 'Data stok ban tidak dapat dimuat.',
  banTarget: 'Data ban yang mendekati target km tidak dapat dimuat.',
  banAus: 'Data ban yang mendekati tebal tapak minimum tidak dapat dimuat.',
  belumDiperiksa: 'Data kendaraan yang belum diperiksa tidak dapat dimuat.',
  servisJatuhTempo: 'Data servis jatuh tempo tidak dapat dimuat.',
  klaimUnpost: 'Data klaim yang menunggu posting tidak dapat dimuat.',
  perpanjanganUnpost: 'Data perpanjangan yang menunggu posting tidak dapat dimuat.',
  perintahKerjaUnpost: 'Data perintah kerja yang menunggu posting tidak dapat dimuat.',
  pembelianSukuCadangUnpost: 'Data pembelian suku cadang yang menunggu posting tidak dapat dimuat.',
  biayaBulanIni: 'Biaya pemeliharaan bulan ini tidak dapat dimuat.',
}

/** What a panel's source answers when the upstream does not offer the extension it reads: not shown. */
export const NOT_OFFERED = Symbol('not offered')

/** How many due documents the panel lists (the list has them all). */
export const DUE_SHOWN = 8

/** How many worn tyres the panel lists (with a count of the rest). */
export const BAN_TARGET_SHOWN = 8

/** How many tyres near the minimum tread, and vehicles not inspected, their panels list (with a count of the rest). */
export const PEMERIKSAAN_SHOWN = 8

export type Backlog = { count: number; total: number }

/** A page of one row: a paged list's meta (its count, its sum) without its rows. */
const COUNT_ONLY = { page: 1, per_page: 1, q: '', sort: null, dir: 'asc' } as const

const backlogOf = (rows: readonly { grand_total: number | null }[]): Backlog => ({
  count: rows.length,
  total: rows.reduce((s, r) => s + (r.grand_total ?? 0), 0),
})

type SizeCount = { ukuran_id: number | null; nama: string; jumlah: number }

const sizeName = (id: number | null, nama: string | null | undefined) => nama ?? (id === null ? 'Tanpa ukuran' : `Ukuran #${id}`)
const mostFirst = (a: SizeCount, b: SizeCount) => b.jumlah - a.jumlah || a.nama.localeCompare(b.nama, 'id-ID')

/** Tyres in stock by size, most first (a tyre without a size is counted as such). */
export function stockBySize(tyres: readonly Pick<Ban, 'ukuran_id' | 'ukuran'>[]) {
  const by = new Map<string, SizeCount>()
  for (const t of tyres) {
    const id = t.ukuran_id ?? t.ukuran?.id ?? null
    const key = String(id)
    const known = by.get(key)
    if (known) known.jumlah++
    else by.set(key, { ukuran_id: id, nama: sizeName(id, t.ukuran?.nama), jumlah: 1 })
  }
  return [...by.values()].sort(mostFirst)
}

/** The stock panel from the upstream's counts by size (GET /api/ban/ringkasan): the same rows as stockBySize. */
export function stockFromCounts(counts: BanRingkasan['stok_per_ukuran']) {
  const sizes = counts.map((c) => ({ ukuran_id: c.ukuran_id, nama: sizeName(c.ukuran_id, c.nama), jumlah: c.jumlah })).sort(mostFirst)
  return { total: sizes.reduce((s, c) => s + c.jumlah, 0), sizes }
}

/** The worn-tyres panel from GET /api/ban/ringkasan's mendekati_target. */
export const nearTargetFrom = ({ jumlah, ban }: BanRingkasan['mendekati_target']) => ({
  total: jumlah,
  rows: ban.slice(0, BAN_TARGET_SHOWN).map((t) => ({
    id: t.id,
    kode_ban: t.kode_ban,
    no_seri: t.no_seri,
    no_kabin: t.no_kabin,
    posisi_ban: t.posisi_ban,
    km: t.km_tempuh_total,
    target: t.target_km,
    persen: t.persen,
  })),
})

const ringkasanOfRequest = new WeakMap<Upstream, Promise<BanRingkasan>>()

/** GET /api/ban/ringkasan once per request (an Upstream is made per request): both tyre panels read it. */
export function ringkasanOnce(up: Upstream) {
  let answer = ringkasanOfRequest.get(up)
  if (!answer) {
    answer = banRingkasan(up)
    ringkasanOfRequest.set(up, answer)
  }
  return answer
}

/** The first day of `today`'s month ('YYYY-MM-01'). */
export const monthStart = (today: string) => `${today.slice(0, 7)}-01`

/** Unposted documents of a list that pages (a one-row page: its meta's count), else of the whole unposted list. */
async function unposted(up: Upstream, paged: () => Promise<{ total: number }>, whole: () => Promise<readonly unknown[]>) {
  return (await offersPaging(up)) ? (await paged()).total : (await whole()).length
}

/** What each panel reads. Tests give their own. */
export const PANEL_SOURCES = {
  jatuhTempo: async (up: Upstream, today: string) => {
    const window = { kind: 'hari', hari: DEFAULT_HARI } as const
    const rows = inWindow(await readDueRows(up, window, today), window, today)
    return {
      total: rows.length,
      overdue: rows.filter((r) => r.tanggal < today).length,
      rows: rows.slice(0, DUE_SHOWN).map((r) => ({ ...r, sisa: daysBetween(today, r.tanggal) })),
    }
  },
  /**
   * Purchases waiting for posting: counted and summed upstream (a one-row page of the inquiry, its
   * meta has the count and the sum) when it pages lists; otherwise from the whole unposted list.
   */
  pembelian: async (up: Upstream) => {
    if (await offersPaging(up)) {
      const page = await listInqueryPembelianPage(up, COUNT_ONLY, { status: 'unpost' })
      return { count: page.total, total: page.grandTotal ?? 0 }
    }
    return backlogOf(await listInqueryPembelian(up, { status: 'unpost' }))
  },
  /** Pemasangan waiting for posting: the same, from the pemasangan inquiry. */
  pemasangan: async (up: Upstream) => {
    if (await offersPaging(up)) {
      const page = await listInqueryPemasanganPage(up, COUNT_ONLY, { status: 'unpost' })
      return { count: page.total, total: page.grandTotal ?? 0 }
    }
    return backlogOf(await listInqueryPemasangan(up, { status: 'unpost' }))
  },
  /**
   * Tyres in stock by size: counted upstream (GET /api/ban/ringkasan) when it offers 'ban-lifecycle';
   * otherwise from the whole stock list (a few thousand tyres at most on such an upstream).
   */
  stokBan: async (up: Upstream) => {
    if (await hasFeature(up, 'ban-lifecycle')) return stockFromCounts((await ringkasanOnce(up)).stok_per_ukuran)
    const tyres = await listBan(up, { status: 'stok' })
    return { total: tyres.length, sizes: stockBySize(tyres) }
  },
  /**
   * Fitted tyres at or past 90% of their target km: the same call as the stock
   * panel, picked upstream by app/lib/ban-target.ts's rules; only when the upstream offers 'ban-lifecycle'.
   */
  banTarget: async (up: Upstream) => {
    if (!(await hasFeature(up, 'ban-lifecycle'))) return NOT_OFFERED
    return nearTargetFrom((await ringkasanOnce(up)).mendekati_target)
  },
  /**
   * Fitted tyres at or below the minimum tread, or forecast to reach it within 5,000 km or 30 days,
   * the most overdue first: picked, counted, ordered and their forecast projected to today upstream
   * (extension 'pemeriksaan-ban'), PEMERIKSAAN_SHOWN of them; the app only says the days to the date.
   */
  banAus: async (up: Upstream, today: string) => {
    if (!(await hasFeature(up, 'pemeriksaan-ban'))) return NOT_OFFERED
    const answer = await listPeringatanBan(up, PEMERIKSAAN_SHOWN)
    return {
      total: answer.meta.total ?? answer.data.length,
      minimum: answer.meta.tebal_tapak_minimum,
      km: answer.meta.km,
      hari: answer.meta.hari,
      rows: answer.data.map((t) => ({
        id: t.ban_id,
        kode_ban: t.kode_ban,
        no_seri: t.no_seri,
        no_kabin: t.kendaraan?.no_kabin ?? null,
        posisi_ban: t.posisi_ban,
        tebal_tapak: t.prakiraan.tebal_tapak_terakhir,
        km_sisa: t.prakiraan.km_sisa,
        tanggal_prakiraan: t.prakiraan.tanggal_prakiraan,
        /** Days from today to the forecast date (negative: passed, 'lewat N hari'). */
        sisa: sisaHariPrakiraan(t.prakiraan.tanggal_prakiraan, today),
      })),
    }
  },
  /** Vehicles with fitted tyres not inspected for HARI_BELUM_DIPERIKSA days (never inspected first), counted upstream. */
  belumDiperiksa: async (up: Upstream) => {
    if (!(await hasFeature(up, 'pemeriksaan-ban'))) return NOT_OFFERED
    const answer = await listBelumDiperiksa(up, HARI_BELUM_DIPERIKSA, PEMERIKSAAN_SHOWN)
    return { total: answer.meta.total ?? answer.data.length, hari: HARI_BELUM_DIPERIKSA, rows: answer.data }
  },
  /**
   * Services due within SERVIS_PANEL's days or km, overdue first (extension 'jadwal-servis'): picked,
   * projected, counted and ordered upstream; the first SERVIS_PANEL.shown rows.
   */
  servisJatuhTempo: async (up: Upstream) => {
    if (!(await hasFeature(up, 'jadwal-servis'))) return NOT_OFFERED
    const page = await listServisJatuhTempo(
      up,
      { page: 1, per_page: SERVIS_PANEL.shown, q: '', sort: null, dir: 'asc' },
      { dalam_hari: String(SERVIS_PANEL.hari), dalam_km: String(SERVIS_PANEL.km) },
    )
    // Vehicles (an upstream without the counts of vehicles: the lines, as before).
    const kendaraan = page.sums?.jumlah_kendaraan ?? page.total
    const kendaraanLewat = page.sums?.jumlah_kendaraan_lewat ?? page.sums?.jumlah_lewat ?? 0
    return { total: page.total, lewat: page.sums?.jumlah_lewat ?? 0, kendaraan, kendaraanLewat, rows: page.rows }
  },
  /** Claims waiting for posting (extension 'klaim-ban'). */
  klaimUnpost: async (up: Upstream) => {
    if (!(await hasFeature(up, 'klaim-ban'))) return NOT_OFFERED
    return {
      count: await unposted(
        up,
        () => listKlaimPage(up, COUNT_ONLY, { status: 'unpost' }),
        () => listKlaim(up, { status: 'unpost' }),
      ),
    }
  },
  /** Renewals waiting for posting (extension 'perpanjangan'). */
  perpanjanganUnpost: async (up: Upstream) => {
    if (!(await hasFeature(up, 'perpanjangan'))) return NOT_OFFERED
    return {
      count: await unposted(
        up,
        () => listPerpanjanganPage(up, COUNT_ONLY, { status: 'unpost' }),
        () => listPerpanjangan(up, { status: 'unpost' }),
      ),
    }
  },
  /** Work orders waiting for posting (extension 'perintah-kerja'; its list always pages). */
  perintahKerjaUnpost: async (up: Upstream) => {
    if (!(await hasFeature(up, 'perintah-kerja'))) return NOT_OFFERED
    return { count: (await listPerintahKerjaPage(up, COUNT_ONLY, { status: 'unpost' })).total }
  },
  /** Parts' purchases waiting for posting (extension 'suku-cadang'; its list always pages). */
  pembelianSukuCadangUnpost: async (up: Upstream) => {
    if (!(await hasFeature(up, 'suku-cadang'))) return NOT_OFFERED
    return { count: (await pagePembelianSukuCadang(up, COUNT_ONLY, { status: 'unpost' })).total }
  },
  /** This month's maintenance cost so far (extension 'biaya-kendaraan'): the cost report's sums, from the 1st to today. */
  biayaBulanIni: async (up: Upstream, today: string) => {
    if (!(await hasFeature(up, 'biaya-kendaraan'))) return NOT_OFFERED
    const tanggal_awal = monthStart(today)
    const page = await listBiayaKendaraanPage(up, COUNT_ONLY, { tanggal_awal, tanggal_akhir: today, kelompok: 'kendaraan' })
    return { total: page.sums?.total_biaya ?? 0, kendaraan: page.total, tanggal_awal, tanggal_akhir: today }
  },
  /** Parts at or below their minimum stock (extension 'suku-cadang'): counted upstream, the first SUKU_CADANG_SHOWN by name. */
  sukuCadangMinimum: async (up: Upstream) => {
    if (!(await hasFeature(up, 'suku-cadang'))) return NOT_OFFERED
    const page = await pageStokSukuCadang(
      up,
      { page: 1, per_page: SUKU_CADANG_SHOWN, q: '', sort: null, dir: 'asc' },
      { bawah_minimum: true },
    )
    return { total: page.total, rows: page.rows }
  },
}

export type PanelSources = typeof PANEL_SOURCES
type Loaded<K extends PanelName> = Exclude<Awaited<ReturnType<PanelSources[K]>>, typeof NOT_OFFERED>
export type DashboardPanels = { [K in PanelName]: Panel<Loaded<K>> }

/**
 * Reads every panel the user may see, at once and independently. A session that ended (a thrown
 * Response: the upstream said 401) still ends the page; any other failure is that panel's message.
 */
export async function dashboardPanels(
  up: Upstream,
  grants: Grants,
  { sources = PANEL_SOURCES, today = todayInCompany() }: { sources?: PanelSources; today?: string } = {},
): Promise<DashboardPanels> {
  const names = Object.keys(PANEL_MENUS) as PanelName[]
  const shown = names.filter((n) => allows(grants, PANEL_MENUS[n]))
  const settled = await Promise.allSettled(shown.map((n) => sources[n](up, today)))
  const out = Object.fromEntries(names.map((n) => [n, { shown: false }])) as Record<PanelName, Panel<unknown>>
  settled.forEach((s, i) => {
    const name = shown[i]!
    if (s.status === 'fulfilled') {
      out[name] = s.value === NOT_OFFERED ? { shown: false } : { shown: true, ok: true, data: s.value }
      return
    }
    if (s.reason instanceof Response) throw s.reason
    // The upstream refusing (its grants, like the app's) is not an operator's problem.
    if (!(s.reason instanceof UpstreamHttpError && s.reason.status === 403)) {
      console.error(`[dashboard] ${name} failed:`, s.reason instanceof Error ? s.reason.message : s.reason)
    }
    out[name] = { shown: true, ok: false, message: PANEL_FAILED[name] }
  })
  return out as DashboardPanels
}
