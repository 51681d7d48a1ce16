import { formatNumber } from './format'
import { SERVIS_PANEL } from './servis-jatuh-tempo'

/**
 * The dashboard's four figures of the fleet (issue 48 part 5; they replace the spec template's sample
 * cards Number, Revenue, Logs and Followers): services due, parts at or below their minimum, documents
 * waiting for posting, this month's maintenance cost. Each is made from the dashboard's panels (the
 * same upstream answers, read once), shown only when at least one of its panels is shown (its grant
 * and its extension), and links to the screen that lists what it counts. A panel that failed makes its
 * figure say so. Pure: the route and the unit tests read it.
 */

type Loaded<T> = { shown: false } | { shown: true; ok: true; data: T } | { shown: true; ok: false; message: string }

export type FigurePanels = {
  servisJatuhTempo: Loaded<{ total: number; lewat: number; kendaraan: number; kendaraanLewat: number }>
  sukuCadangMinimum?: Loaded<{ total: number }>
  pembelian: Loaded<{ count: number }>
  pemasangan: Loaded<{ count: number }>
  klaimUnpost: Loaded<{ count: number }>
  perpanjanganUnpost: Loaded<{ count: number }>
  perintahKerjaUnpost?: Loaded<{ count: number }>
  pembelianSukuCadangUnpost?: Loaded<{ count: number }>
  biayaBulanIni: Loaded<{ total: number; kendaraan: number; tanggal_awal: string; tanggal_akhir: string }>
}

export type Figure = {
  key: 'servis' | 'suku-cadang' | 'posting' | 'biaya'
  label: string
  value: string
  caption: string
  to: string
  /** The figure asks for attention (in red). */
  alert: boolean
  tone: string
  icon: string
}

const FAILED = 'Tidak dapat dimuat.'
const HIDDEN = { shown: false } as const

/** The documents waiting for posting, per inquiry, in this order; the figure links to the one with the most. */
const WAITING = [
  { panel: 'pembelian', label: 'Pembelian Ban', to: '/admin/inquery-pembelian-ban?status=unpost' },
  { panel: 'pemasangan', label: 'Pemasangan Ban', to: '/admin/inquery-pemasangan-ban?status=unpost' },
  { panel: 'klaimUnpost', label: 'Klaim Ban', to: '/admin/inquery-klaim-ban?status=unpost' },
  { panel: 'perpanjanganUnpost', label: 'Perpanjangan', to: '/admin/perpanjangan-stnk?status=unpost' },
  { panel: 'perintahKerjaUnpost', label: 'Perintah Kerja', to: '/admin/inquery-perintah-kerja?status=unpost' },
  { panel: 'pembelianSukuCadangUnpost', label: 'Pembelian Suku Cadang', to: '/admin/inquery-pembelian-suku-cadang?status=unpost' },
] as const

const monthName = (day: string) =>
  new Intl.DateTimeFormat('id-ID', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`))

export function dashboardFigures(p: FigurePanels): Figure[] {
  const out: Figure[] = []
  const servis = p.servisJatuhTempo
  if (servis.shown) {
    out.push({
      key: 'servis',
      label: 'Kendaraan jatuh tempo servis',
      value: servis.ok ? formatNumber(servis.data.kendaraan) : '—',
      caption: !servis.ok
        ? FAILED
        : servis.data.kendaraanLewat
          ? `${formatNumber(servis.data.kendaraanLewat)} kendaraan sudah lewat`
          : `dalam ${SERVIS_PANEL.hari} hari atau ${formatNumber(SERVIS_PANEL.km)} km`,
      to: `/admin/servis-jatuh-tempo?dalam_hari=${SERVIS_PANEL.hari}&dalam_km=${SERVIS_PANEL.km}`,
      alert: servis.ok && servis.data.kendaraanLewat > 0,
      tone: 'bg-amber-100 text-amber-700',
      icon: '⚙',
    })
  }
  const parts = p.sukuCadangMinimum
  if (parts?.shown) {
    out.push({
      key: 'suku-cadang',
      label: 'Suku cadang di bawah minimum',
      value: parts.ok ? formatNumber(parts.data.total) : '—',
      caption: parts.ok ? (parts.data.total ? 'perlu dibeli' : 'stok aman') : FAILED,
      to: '/admin/stok-suku-cadang?bawah_minimum=1',
      alert: parts.ok && parts.data.total > 0,
      tone: 'bg-red-100 text-red-700',
      icon: '▦',
    })
  }
  const waiting = WAITING.map((w) => ({ ...w, loaded: p[w.panel] ?? HIDDEN })).filter((w) => w.loaded.shown)
  if (waiting.length) {
    const counted = waiting.flatMap((w) => (w.loaded.shown && w.loaded.ok ? [{ ...w, count: w.loaded.data.count }] : []))
    const failed = counted.length < waiting.length
    const total = counted.reduce((s, w) => s + w.count, 0)
    const most = [...counted].sort((a, b) => b.count - a.count)[0] ?? waiting[0]!
    const parts = counted.filter((w) => w.count > 0).map((w) => `${w.label} ${formatNumber(w.count)}`)
    out.push({
      key: 'posting',
      label: 'Menunggu posting',
      value: counted.length ? formatNumber(total) : '—',
      caption: [
        parts.length ? parts.join(' · ') : counted.length ? 'Semua dokumen sudah diposting' : '',
        failed ? 'Sebagian tidak dapat dimuat.' : '',
      ]
        .filter(Boolean)
        .join(' — '),
      to: most.to,
      alert: false,
      tone: 'bg-blue-100 text-blue-700',
      icon: '≡',
    })
  }
  const biaya = p.biayaBulanIni
  if (biaya.shown) {
    out.push({
      key: 'biaya',
      label: 'Biaya pemeliharaan bulan ini',
      value: biaya.ok ? `Rp ${formatNumber(biaya.data.total)}` : '—',
      caption: biaya.ok ? `${monthName(biaya.data.tanggal_awal)}, ${formatNumber(biaya.data.kendaraan)} kendaraan` : FAILED,
      to: biaya.ok
        ? `/admin/laporan-biaya-kendaraan?tanggal_awal=${biaya.data.tanggal_awal}&tanggal_akhir=${biaya.data.tanggal_akhir}`
        : '/admin/laporan-biaya-kendaraan',
      alert: false,
      tone: 'bg-emerald-100 text-emerald-700',
      icon: 'Rp',
    })
  }
  return out
}
