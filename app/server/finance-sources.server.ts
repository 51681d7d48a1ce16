import type { Upstream } from '~/upstream/client.server'
import { listLaporanPembelian, listLaporanPembelianPage, type LaporanPembelianRow } from '~/upstream/laporan.server'
import { getLaporanBiaya, type BiayaGroup } from '~/upstream/laporan-biaya.server'
import {
  listInqueryPemasangan,
  listInqueryPemasanganPage,
  postingInqueryPemasangan,
  unpostInqueryPemasangan,
  type Pemasangan,
} from '~/upstream/pemasangan-ban.server'
import {
  listInqueryPembelian,
  listInqueryPembelianPage,
  postingPembelian,
  unpostPembelian,
  type Pembelian,
} from '~/upstream/pembelian-ban.server'
import { col, downloadTable, type DownloadTable, type DownloadValue } from '~/lib/download-table'
import { formatNumber } from '~/lib/format'
import {
  bersihOf,
  byCostPerKm,
  groupBatches,
  inCostOrder,
  kelompokOf,
  LAPORAN_BIAYA_CHOICES,
  TYRES_PRINTED,
  TYRES_SHOWN,
  urutanOf,
} from '~/lib/laporan-biaya'
import type { FinanceSource } from './finance.server'
import { offersPaging } from './paged-list.server'
import { listKlaim, listKlaimPage, postingKlaim, unpostKlaim, type Klaim } from '~/upstream/klaim-ban.server'
import { KLAIM_LIST, pihakOf } from './klaim.server'
import {
  listBiayaPerpanjangan,
  listBiayaPerpanjanganPage,
  listPerpanjangan,
  listPerpanjanganPage,
  postingPerpanjangan,
  unpostPerpanjangan,
  type Perpanjangan,
} from '~/upstream/perpanjangan.server'
import { biayaPerpanjangan, LAPORAN_PERPANJANGAN_PATH, PERPANJANGAN_PATH, type BiayaKendaraan } from '~/lib/perpanjangan'
import { listBiayaKendaraan, listBiayaKendaraanPage } from '~/upstream/biaya-kendaraan.server'
import {
  listPembelianSukuCadang,
  pagePembelianSukuCadang,
  postingPembelianSukuCadang,
  unpostPembelianSukuCadang,
  type PembelianSukuCadang,
} from '~/upstream/suku-cadang.server'
import { KELOMPOK_CHOICE, kelompokBiayaOf, LAPORAN_BIAYA_KENDARAAN_PATH, type BiayaKendaraanRow } from '~/lib/biaya-kendaraan'
import { listLaporanPemeriksaan, listLaporanPemeriksaanPage, type LaporanPemeriksaan } from '~/upstream/pemeriksaan-ban.server'
import {
  listPerintahKerja,
  listPerintahKerjaPage,
  postingPerintahKerja,
  unpostPerintahKerja,
  type PerintahKerja,
} from '~/upstream/perintah-kerja.server'
import { INQUERY_PERINTAH_KERJA_PATH, PERINTAH_KERJA_PATH } from '~/lib/perintah-kerja'

/**
 * The three finance screens: where their rows come from, how they are searched and
 * sorted, and — for the inquiries — the posting calls, and the download's columns (CSV and Excel). The
 * list routes, the bulk confirmation and the downloads all read the same source, so they agree on "the
 * current filter".
 */
export type FinanceScreen<T> = FinanceSource<T> & {
  /** The list's path. */
  path: string
  title: string
  kodeOf: (row: T) => string
  posting?: { posting: (up: Upstream, id: number) => Promise<unknown>; unpost: (up: Upstream, id: number) => Promise<unknown> }
  /** The download's columns and values (Unduh CSV and Unduh Excel). */
  download: DownloadTable<T>
}

const supplierName = (p: Pembelian) => p.supplier?.nama_supp ?? p.supplier?.kode_supplier ?? ''
const statusText = (s: string | null) => (s === 'posting' ? 'Posting' : s === 'unpost' ? 'Unpost' : (s ?? ''))

export const inqueryPembelian: FinanceScreen<Pembelian> = {
  path: '/admin/inquery-pembelian-ban',
  title: 'Inquery Pembelian Ban',
  withStatus: true,
  list: (up, filter) => listInqueryPembelian(up, filter),
  // An upstream that pages lists searches (code, supplier, grand total) and sorts by the same keys.
  paged: (up, filter, req) => listInqueryPembelianPage(up, req, filter),
  sortable: ['id', 'kode_pembelian_ban', 'nama_supp', 'grand_total'],
  spec: {
    searchIn: (p) => [p.kode_pembelian_ban, supplierName(p), p.grand_total, formatNumber(p.grand_total)],
    sortBy: {
      id: (p) => p.id,
      kode_pembelian_ban: (p) => p.kode_pembelian_ban,
      nama_supp: (p) => supplierName(p),
      grand_total: (p) => p.grand_total ?? 0,
    },
  },
  kodeOf: (p) => p.kode_pembelian_ban || `#${p.id}`,
  posting: { posting: postingPembelian, unpost: unpostPembelian },
  download: downloadTable(
    'inquery-pembelian-ban',
    [
      col('No', 'number'),
      col('Tanggal', 'date'),
      col('Kode Pembelian Ban'),
      col('Nama Supplier', 'text', { width: 28 }),
      col('Grand Total', 'rupiah'),
      col('Status'),
    ],
    (p, i) => [[i + 1, p.tanggal_awal, p.kode_pembelian_ban, supplierName(p), p.grand_total, statusText(p.status)]],
  ),
}

const noKabin = (p: Pemasangan) => p.kendaraan?.no_kabin ?? ''
const jenis = (p: Pemasangan) => p.kendaraan?.jenis_kendaraan?.nama_jenis_kendaraan ?? ''

export const inqueryPemasangan: FinanceScreen<Pemasangan> = {
  path: '/admin/inquery-pemasangan-ban',
  title: 'Inquery Pemasangan Ban',
  withStatus: true,
  list: (up, filter) => listInqueryPemasangan(up, filter),
  // An upstream that pages lists searches (code) and sorts by the same keys; meta.posting gives the bulk counts.
  paged: (up, filter, req) => listInqueryPemasanganPage(up, req, filter),
  sortable: ['id', 'kode_pemasangan', 'no_kabin', 'jenis_kendaraan'],
  spec: {
    // The search filters by kode_pemasangan.
    searchIn: (p) => [p.kode_pemasangan],
    sortBy: {
      id: (p) => p.id,
      kode_pemasangan: (p) => p.kode_pemasangan,
      no_kabin: (p) => noKabin(p),
      jenis_kendaraan: (p) => jenis(p),
    },
  },
  kodeOf: (p) => p.kode_pemasangan || `#${p.id}`,
  // The inquiry's own posting calls, spelled /api/inquery-pemasangan/{id}/….
  posting: { posting: postingInqueryPemasangan, unpost: unpostInqueryPemasangan },
  download: downloadTable(
    'inquery-pemasangan-ban',
    [
      col('No', 'number'),
      col('Tanggal', 'date'),
      col('Kode Pemasangan Ban'),
      col('No Kabin'),
      col('Jenis Kendaraan', 'text', { width: 22 }),
      col('Status'),
    ],
    (p, i) => [[i + 1, p.tanggal_awal, p.kode_pemasangan, noKabin(p), jenis(p), statusText(p.status)]],
  ),
}

export const inqueryKlaim: FinanceScreen<Klaim> = {
  path: '/admin/inquery-klaim-ban',
  title: 'Inquery Klaim Ban',
  withStatus: true,
  list: (up, filter) => listKlaim(up, filter),
  paged: (up, filter, req) => listKlaimPage(up, req, filter),
  sortable: Object.keys(KLAIM_LIST.spec.sortBy),
  spec: KLAIM_LIST.spec,
  kodeOf: (k) => k.kode_klaim || `#${k.id}`,
  posting: { posting: postingKlaim, unpost: unpostKlaim },
  download: downloadTable(
    'inquery-klaim-ban',
    [
      col('No', 'number'),
      col('Tanggal', 'date'),
      col('Kode Klaim'),
      col('No Seri'),
      col('No Kabin'),
      col('Jenis'),
      col('Pihak', 'text', { width: 24 }),
      col('Harga Ban', 'rupiah'),
      col('Target Km', 'number'),
      col('Km Tempuh', 'number'),
      col('Nilai Dihitung', 'rupiah'),
      col('Nilai Klaim', 'rupiah'),
      col('Alasan Perubahan Nilai', 'text', { width: 30 }),
      col('Status Klaim'),
      col('Status'),
    ],
    (k, i) => [
      [
        i + 1,
        k.tanggal_awal,
        k.kode_klaim,
        k.ban?.no_seri ?? '',
        k.kendaraan?.no_kabin ?? '',
        k.jenis,
        pihakOf(k),
        k.harga,
        k.target_km,
        k.km_tempuh,
        k.nilai_hitung,
        k.nilai_klaim,
        k.alasan_ubah_nilai ?? '',
        k.status_klaim,
        statusText(k.status),
      ],
    ],
  ),
}

export const laporanPembelian: FinanceScreen<LaporanPembelianRow> = {
  path: '/admin/laporan-pembelian-ban',
  title: 'Laporan Pembelian Ban',
  withStatus: false,
  list: (up, filter) => listLaporanPembelian(up, { tanggal_awal: filter.tanggal_awal, tanggal_akhir: filter.tanggal_akhir }),
  paged: (up, filter, req) => listLaporanPembelianPage(up, req, { tanggal_awal: filter.tanggal_awal, tanggal_akhir: filter.tanggal_akhir }),
  sortable: ['tanggal', 'kode_pembelian_ban', 'nama_supp', 'grand_total'],
  spec: {
    // By purchase code or grand total text (as shown, 1.500.000, or as digits).
    searchIn: (p) => [p.kode_pembelian_ban, p.grand_total, formatNumber(p.grand_total)],
    sortBy: {
      tanggal: (p) => p.tanggal_awal,
      kode_pembelian_ban: (p) => p.kode_pembelian_ban,
      nama_supp: (p) => supplierName(p),
      grand_total: (p) => p.grand_total ?? 0,
    },
  },
  kodeOf: (p) => p.kode_pembelian_ban || `#${p.id}`,
  // One line per tyre (a purchase without tyres: one line with the tyre columns empty).
  download: downloadTable(
    'laporan-pembelian-ban',
    [
      col('No', 'number'),
      col('Tanggal', 'date'),
      col('Kode Pembelian Ban'),
      col('Nama Supplier', 'text', { width: 28 }),
      col('Grand Total', 'rupiah'),
      col('Status'),
      col('No Seri Ban'),
      col('Kode Ban'),
    ],
    (p, i) => {
      const head: DownloadValue[] = [i + 1, p.tanggal_awal, p.kode_pembelian_ban, supplierName(p), p.grand_total, statusText(p.status)]
      return p.detail_ban.length ? p.detail_ban.map((b) => [...head, b.no_seri, b.kode_ban]) : [[...head, '', '']]
    },
  ),
}

/**
 * Laporan Biaya Ban per Km (extension 'ban-lifecycle'): a row per group (merek, ukuran,
 * supplier or kendaraan, the URL's `group`) with its tyres, ordered by cost per km (`urutan`); the
 * period is that of the pelepasan. The CSV has one line per tyre with its group's columns.
 */
/** The report's groups, and each group's tyres, in the order urutan asks (made here when the api did not). */
function inReportOrder(rows: readonly BiayaGroup[], urutan: ReturnType<typeof urutanOf>): BiayaGroup[] {
  const ordered = inCostOrder(rows, urutan) ? rows : byCostPerKm(rows, urutan)
  return ordered.map((g) => (inCostOrder(g.ban, urutan) ? g : { ...g, ban: byCostPerKm(g.ban, urutan) }))
}

export const laporanBiaya: FinanceScreen<BiayaGroup> = {
  path: '/admin/laporan-biaya-ban',
  title: 'Laporan Biaya Ban per Km',
  withStatus: false,
  choices: LAPORAN_BIAYA_CHOICES,
  // The screen asks for every group without its tyres (tanpa_ban, kept and revalidated: search, paging
  // and the total need every group), then the tyres of its page's groups only (laporan-biaya.server.ts).
  // The print page asks for TYRES_PRINTED tyres a group; the CSV reads the screen's groups, then their
  // tyres a batch of groups at a time (detailBatches): at 10,000 vehicles a period's tyres are tens of
  // megabytes, more than one upstream answer may be. The api orders rows and tyres by urutan; an older
  // api ignores urutan, maks_ban and tanpa_ban, so the order is checked (one pass) and made here when it
  // is not the asked one (the screen then cuts itself).
  list: async (up, filter, purpose) => {
    const urutan = urutanOf(filter.choices?.urutan)
    const screen = purpose === 'screen'
    const report = await getLaporanBiaya(up, {
      tanggal_awal: filter.tanggal_awal,
      tanggal_akhir: filter.tanggal_akhir,
      group: kelompokOf(filter.choices?.group),
      urutan,
      maks_ban: screen ? TYRES_SHOWN : purpose === 'print' ? TYRES_PRINTED : null,
      tanpa_ban: screen,
      simpan: screen,
    })
    return inReportOrder(report.rows, urutan)
  },
  detailBatches: async function* (up, filter, groups) {
    const urutan = urutanOf(filter.choices?.urutan)
    for (const batch of groupBatches(groups)) {
      const report = await getLaporanBiaya(up, {
        tanggal_awal: filter.tanggal_awal,
        tanggal_akhir: filter.tanggal_akhir,
        group: kelompokOf(filter.choices?.group),
        urutan,
        kelompok: batch.map((g) => g.key),
      })
      // By key: an api that ignores kelompok sends every group, and only the batch's are taken.
      const byKey = new Map(inReportOrder(report.rows, urutan).map((g) => [g.key, g]))
      yield batch.map((g) => byKey.get(g.key) ?? g)
    }
  },
  // The order is the report's own (urutan), not a column's.
  sortable: [],
  spec: { searchIn: (g) => [g.label], sortBy: {} },
  kodeOf: (g) => g.label,
  download: downloadTable(
    'laporan-biaya-ban',
    [
      col('No', 'number'),
      col('Kelompok', 'text', { width: 24 }),
      col('Jumlah Ban Kelompok', 'number'),
      col('Km Tempuh Kelompok', 'number'),
      col('Total Biaya Kelompok', 'rupiah'),
      col('Ban Belum Berjalan Kelompok', 'number'),
      col('Biaya Belum Berjalan Kelompok', 'rupiah'),
      col('Biaya per Km Kelompok', 'rupiah', { decimals: 2 }),
      col('Klaim Disetujui Kelompok', 'rupiah'),
      col('Biaya Bersih Kelompok', 'rupiah'),
      col('Biaya Bersih per Km Kelompok', 'rupiah', { decimals: 2 }),
      col('Kode Ban'),
      col('No Seri'),
      col('Merek'),
      col('Ukuran'),
      col('Supplier', 'text', { width: 24 }),
      col('No Kabin'),
      col('Km Tempuh', 'number'),
      col('Total Biaya', 'rupiah'),
      col('Biaya per Km', 'rupiah', { decimals: 2 }),
      col('Klaim Disetujui', 'rupiah'),
      col('Biaya Bersih', 'rupiah'),
      col('Masih Terpasang'),
    ],
    (g, i) => {
      const head: DownloadValue[] = [
        i + 1,
        g.label,
        g.jumlah_ban,
        g.km_tempuh,
        g.total_biaya,
        g.ban_belum_berjalan,
        g.biaya_belum_berjalan,
        g.biaya_per_km,
        g.klaim_disetujui,
        bersihOf(g).biaya_bersih,
        bersihOf(g).biaya_bersih_per_km,
      ]
      if (!g.ban.length) return [[...head, '', '', '', '', '', '', '', '', '', '', '', '']]
      return g.ban.map((b) => [
        ...head,
        b.kode_ban,
        b.no_seri,
        b.merek,
        b.ukuran,
        b.supplier,
        b.no_kabin,
        b.km_tempuh,
        b.total_biaya,
        b.biaya_per_km,
        b.klaim_disetujui,
        b.total_biaya - b.klaim_disetujui,
        b.masih_terpasang ? 'Ya' : 'Tidak',
      ])
    },
  ),
}

/**
 * Laporan Pemeriksaan Ban (extension 'pemeriksaan-ban'): a row per inspection line of the period (the
 * round's date), searched by round code, cabin number or serial by the upstream.
 */
export const laporanPemeriksaan: FinanceScreen<LaporanPemeriksaan> = {
  path: '/admin/laporan-pemeriksaan-ban',
  title: 'Laporan Pemeriksaan Ban',
  withStatus: false,
  rowNoun: 'hasil ukur ban',
  list: (up, filter) => listLaporanPemeriksaan(up, filter),
  paged: (up, filter, req) => listLaporanPemeriksaanPage(up, req, filter),
  sortable: ['tanggal_awal', 'tebal_tapak'],
  spec: {
    searchIn: (l) => [l.kode_pemeriksaan, l.no_kabin ?? '', l.no_seri ?? ''],
    sortBy: {
      tanggal_awal: (l) => l.tanggal_awal ?? '',
      tebal_tapak: (l) => l.tebal_tapak ?? 0,
    },
  },
  kodeOf: (l) => l.kode_pemeriksaan || `#${l.pemeriksaan_ban_id ?? l.id}`,
  download: downloadTable(
    'laporan-pemeriksaan-ban',
    [
      col('No', 'number'),
      col('Tanggal', 'date'),
      col('Kode Pemeriksaan'),
      col('No Kabin'),
      col('Km Kendaraan', 'number'),
      col('Posisi'),
      col('Kode Ban'),
      col('No Seri'),
      col('Merek'),
      col('Tebal Tapak (mm)', 'decimal'),
      col('Tekanan (psi)', 'decimal'),
      col('Kondisi'),
      col('Keterangan', 'text', { width: 30 }),
      col('Status'),
    ],
    (l, i) => [
      [
        i + 1,
        l.tanggal_awal,
        l.kode_pemeriksaan,
        l.no_kabin ?? '',
        l.km,
        l.posisi_ban ?? '',
        l.kode_ban ?? '',
        l.no_seri ?? '',
        l.nama_merek ?? '',
        l.tebal_tapak,
        l.tekanan,
        l.kondisi ?? '',
        l.keterangan ?? '',
        statusText(l.status),
      ],
    ],
  ),
}

const kabinOf = (p: Perpanjangan) => p.kendaraan?.no_kabin ?? ''

/**
 * Perpanjangan STNK & KIR: the renewals of a payment period (the URL's dates and posting state),
 * searched by code, cabin, number plate or document, with the document row menu, Posting semua /
 * Unpost semua and the CSV.
 */
export const perpanjanganScreen: FinanceScreen<Perpanjangan> = {
  path: PERPANJANGAN_PATH,
  title: 'Perpanjangan STNK & KIR',
  withStatus: true,
  list: (up, filter) => listPerpanjangan(up, filter),
  // An upstream that pages lists searches (code, cabin, plate, document, note) and sorts by the same keys;
  // meta.posting gives the bulk counts.
  paged: (up, filter, req) => listPerpanjanganPage(up, req, filter),
  sortable: ['id', 'kode_perpanjangan', 'tanggal_bayar', 'no_kabin', 'jenis_dokumen', 'expired_baru', 'biaya', 'status'],
  spec: {
    searchIn: (p) => [p.kode_perpanjangan, kabinOf(p), p.kendaraan?.no_pol, p.jenis_dokumen, p.keterangan],
    sortBy: {
      id: (p) => p.id,
      kode_perpanjangan: (p) => p.kode_perpanjangan,
      tanggal_bayar: (p) => p.tanggal_bayar ?? '',
      no_kabin: (p) => kabinOf(p),
      jenis_dokumen: (p) => p.jenis_dokumen,
      expired_baru: (p) => p.expired_baru ?? '',
      biaya: (p) => p.biaya ?? 0,
      status: (p) => p.status ?? '',
    },
  },
  kodeOf: (p) => p.kode_perpanjangan || `#${p.id}`,
  posting: { posting: postingPerpanjangan, unpost: unpostPerpanjangan },
  download: downloadTable(
    'perpanjangan-stnk-kir',
    [
      col('No', 'number'),
      col('Tanggal Bayar', 'date'),
      col('Kode Perpanjangan'),
      col('No Kabin'),
      col('No Pol'),
      col('Dokumen'),
      col('Expired Lama', 'date'),
      col('Expired Baru', 'date'),
      col('Biaya', 'rupiah'),
      col('Keterangan', 'text', { width: 30 }),
      col('Status'),
    ],
    (p, i) => [
      [
        i + 1,
        p.tanggal_bayar,
        p.kode_perpanjangan,
        kabinOf(p),
        p.kendaraan?.no_pol ?? '',
        p.jenis_dokumen,
        p.expired_lama,
        p.expired_baru,
        p.biaya,
        p.keterangan ?? '',
        statusText(p.status),
      ],
    ],
  ),
}

const periodeOf = (filter: { tanggal_awal?: string | null; tanggal_akhir?: string | null }) => ({
  tanggal_awal: filter.tanggal_awal,
  tanggal_akhir: filter.tanggal_akhir,
})

/**
 * Laporan Biaya Perpanjangan: a period's renewal costs per vehicle (STNK, KIR, the sum), costliest
 * first. An upstream that pages lists sums them itself (GET /api/perpanjangan/biaya): the screen asks
 * for one page of vehicles with the sums over all of them in its meta, the CSV streams the pages, the
 * print page reads every line. Against one without it the app sums the period's whole renewal list.
 */
export const laporanBiayaPerpanjangan: FinanceScreen<BiayaKendaraan> = {
  path: LAPORAN_PERPANJANGAN_PATH,
  title: 'Laporan Biaya Perpanjangan',
  withStatus: false,
  rowNoun: 'kendaraan',
  list: async (up, filter) =>
    (await offersPaging(up))
      ? listBiayaPerpanjangan(up, periodeOf(filter))
      : biayaPerpanjangan(await listPerpanjangan(up, periodeOf(filter))).kendaraan,
  paged: (up, filter, req) => listBiayaPerpanjanganPage(up, req, periodeOf(filter)),
  sortable: ['no_kabin', 'stnk', 'kir', 'jumlah', 'total'],
  spec: {
    searchIn: (v) => [v.no_kabin, v.no_pol],
    sortBy: {
      no_kabin: (v) => v.no_kabin,
      stnk: (v) => v.stnk,
      kir: (v) => v.kir,
      jumlah: (v) => v.jumlah,
      total: (v) => v.total,
    },
  },
  kodeOf: (v) => v.no_kabin,
  download: downloadTable(
    'laporan-biaya-perpanjangan',
    [
      col('No', 'number'),
      col('No Kabin'),
      col('No Pol'),
      col('Biaya STNK', 'rupiah'),
      col('Biaya KIR', 'rupiah'),
      col('Jumlah Perpanjangan', 'number'),
      col('Total Biaya', 'rupiah'),
    ],
    (v, i) => [[i + 1, v.no_kabin, v.no_pol, v.stnk, v.kir, v.jumlah, v.total]],
  ),
}

/**
 * Laporan Biaya per Kendaraan (the extension 'biaya-kendaraan'): a period's costs per vehicle or per
 * vehicle type (the URL's `kelompok`), summed and paged by the upstream (its meta carries the sums over
 * every matching line); the CSV streams the pages, the print page reads every line.
 */
export const laporanBiayaKendaraan: FinanceScreen<BiayaKendaraanRow> = {
  path: LAPORAN_BIAYA_KENDARAAN_PATH,
  title: 'Laporan Biaya per Kendaraan',
  withStatus: false,
  choices: [KELOMPOK_CHOICE],
  rowNoun: 'baris',
  list: async (up, filter) => listBiayaKendaraan(up, { ...periodeOf(filter), kelompok: kelompokBiayaOf(filter.choices?.kelompok) }),
  paged: (up, filter, req) =>
    listBiayaKendaraanPage(up, req, { ...periodeOf(filter), kelompok: kelompokBiayaOf(filter.choices?.kelompok) }),
  sortable: ['no_kabin', 'jenis', 'ban', 'suku_cadang', 'jasa', 'perpanjangan', 'total', 'km_tempuh', 'biaya_per_km'],
  spec: {
    searchIn: (v) => [v.label, v.no_pol, v.jenis],
    sortBy: {
      no_kabin: (v) => v.label,
      jenis: (v) => v.jenis,
      ban: (v) => v.ban,
      suku_cadang: (v) => v.suku_cadang,
      jasa: (v) => v.jasa,
      perpanjangan: (v) => v.perpanjangan,
      total: (v) => v.total,
      km_tempuh: (v) => v.km_tempuh,
      biaya_per_km: (v) => v.biaya_per_km ?? Number.MAX_SAFE_INTEGER,
    },
  },
  kodeOf: (v) => v.label,
  download: downloadTable(
    'laporan-biaya-kendaraan',
    [
      col('No', 'number'),
      col('Kendaraan / Jenis'),
      col('No Pol'),
      col('Jenis Kendaraan'),
      col('Jumlah Kendaraan', 'number'),
      col('Biaya Ban', 'rupiah'),
      col('Suku Cadang', 'rupiah'),
      col('Jasa', 'rupiah'),
      col('Perpanjangan', 'rupiah'),
      col('Total Biaya', 'rupiah'),
      col('Km Tempuh', 'number'),
      col('Biaya per Km', 'rupiah'),
    ],
    (v, i) => [
      [
        i + 1,
        v.label,
        v.no_pol,
        v.jenis,
        v.jumlah_kendaraan,
        v.ban,
        v.suku_cadang,
        v.jasa,
        v.perpanjangan,
        v.total,
        v.km_tempuh,
        v.biaya_per_km,
      ],
    ],
  ),
}

// ---- Perintah Kerja (work orders) -------------------------------------------------------------------------

const kabinPk = (p: PerintahKerja) => p.kendaraan?.no_kabin ?? ''

/**
 * Perintah Kerja: the work orders of a period (the URL's dates and posting state), searched by code,
 * No Pol or No Kabin by the upstream (it always pages), with the document row menu, Posting semua /
 * Unpost semua, CSV and Excel. Its inquiry (Finance) reads the same.
 */
export const perintahKerjaScreen: FinanceScreen<PerintahKerja> = {
  path: PERINTAH_KERJA_PATH,
  title: 'Perintah Kerja',
  withStatus: true,
  list: (up, filter) => listPerintahKerja(up, filter),
  paged: (up, filter, req) => listPerintahKerjaPage(up, req, filter),
  sortable: ['id', 'kode_perintah_kerja', 'tanggal_awal', 'no_kabin', 'no_pol', 'km', 'grand_total', 'status'],
  spec: {
    searchIn: (p) => [p.kode_perintah_kerja, kabinPk(p), p.kendaraan?.no_pol],
    sortBy: {
      id: (p) => p.id,
      kode_perintah_kerja: (p) => p.kode_perintah_kerja,
      tanggal_awal: (p) => p.tanggal_awal ?? '',
      no_kabin: (p) => kabinPk(p),
      no_pol: (p) => p.kendaraan?.no_pol ?? '',
      km: (p) => p.km,
      grand_total: (p) => p.grand_total,
      status: (p) => p.status ?? '',
    },
  },
  kodeOf: (p) => p.kode_perintah_kerja || `#${p.id}`,
  posting: { posting: postingPerintahKerja, unpost: unpostPerintahKerja },
  download: downloadTable(
    'perintah-kerja',
    [
      col('No', 'number'),
      col('Tanggal', 'date'),
      col('Kode Perintah Kerja'),
      col('No Kabin'),
      col('No Pol'),
      col('Km', 'number'),
      col('Mekanik', 'text', { width: 24 }),
      col('Suku Cadang', 'rupiah'),
      col('Jasa', 'rupiah'),
      col('Grand Total', 'rupiah'),
      col('Keterangan', 'text', { width: 30 }),
      col('Status'),
    ],
    (p, i) => [
      [
        i + 1,
        p.tanggal_awal,
        p.kode_perintah_kerja,
        kabinPk(p),
        p.kendaraan?.no_pol ?? '',
        p.km,
        p.mekanik?.nama ?? '',
        p.total_suku_cadang,
        p.total_jasa,
        p.grand_total,
        p.keterangan ?? '',
        statusText(p.status),
      ],
    ],
  ),
}

/** Inquery Perintah Kerja (Finance): the same work orders, posted and unposted from Finance. */
export const inqueryPerintahKerja: FinanceScreen<PerintahKerja> = {
  ...perintahKerjaScreen,
  path: INQUERY_PERINTAH_KERJA_PATH,
  title: 'Inquery Perintah Kerja',
  download: { ...perintahKerjaScreen.download, name: 'inquery-perintah-kerja' },
}

/** Inquery Pembelian Suku Cadang (extension 'suku-cadang'): the parts' purchases of a period, paged by the upstream. */
export const inqueryPembelianSukuCadang: FinanceScreen<PembelianSukuCadang> = {
  path: '/admin/inquery-pembelian-suku-cadang',
  title: 'Inquery Pembelian Suku Cadang',
  withStatus: true,
  list: (up, filter) => listPembelianSukuCadang(up, filter),
  paged: (up, filter, req) => pagePembelianSukuCadang(up, req, filter),
  sortable: ['kode_pembelian_suku_cadang', 'nama_supp', 'grand_total', 'tanggal'],
  spec: {
    searchIn: (p) => [p.kode_pembelian_suku_cadang, p.supplier?.nama_supp ?? '', p.grand_total, formatNumber(p.grand_total)],
    sortBy: {
      kode_pembelian_suku_cadang: (p) => p.kode_pembelian_suku_cadang,
      nama_supp: (p) => p.supplier?.nama_supp ?? '',
      grand_total: (p) => p.grand_total,
      tanggal: (p) => p.tanggal_awal ?? '',
    },
  },
  kodeOf: (p) => p.kode_pembelian_suku_cadang || `#${p.id}`,
  posting: { posting: postingPembelianSukuCadang, unpost: unpostPembelianSukuCadang },
  download: downloadTable(
    'inquery-pembelian-suku-cadang',
    [
      col('No', 'number'),
      col('Tanggal', 'date'),
      col('Kode Pembelian'),
      col('Nama Supplier', 'text', { width: 28 }),
      col('Jumlah Baris', 'number'),
      col('Grand Total', 'rupiah'),
      col('Status'),
    ],
    (p, i) => [
      [
        i + 1,
        p.tanggal_awal,
        p.kode_pembelian_suku_cadang,
        p.supplier?.nama_supp ?? '',
        p.detail.length,
        p.grand_total,
        statusText(p.status),
      ],
    ],
  ),
}

export const FINANCE_SCREENS = [
  inqueryPembelian,
  inqueryPemasangan,
  inqueryKlaim,
  laporanPembelian,
  laporanBiaya,
  laporanPemeriksaan,
  perpanjanganScreen,
  laporanBiayaPerpanjangan,
  inqueryPembelianSukuCadang,
  laporanBiayaKendaraan,
  perintahKerjaScreen,
  inqueryPerintahKerja,
] as const

/** The finance screen a path (list, dialog, csv) belongs to. */
export function financeScreenOf(pathname: string) {
  return FINANCE_SCREENS.find((s) => pathname === s.path || pathname.startsWith(`${s.path}/`)) ?? null
}
