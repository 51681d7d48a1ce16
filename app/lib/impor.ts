/**
 * Import from a spreadsheet: what each master's import reads, one declaration a master. The template
 * (app/server/impor-template.server.ts), the file reader (app/server/impor-file.server.ts) and the
 * upload, preview and template routes (app/routes/admin/impor/) work from it; the upstream's
 * extension 'impor' checks the rows against the database and saves them (docs/upstream-contract.md).
 * Pure data and functions: the client bundle imports it.
 */

import { col, downloadTable } from './download-table'
import { NAMA_BANK, WARNA } from './forms/choices'
import { GENDERS } from './forms/karyawan'
import { SATUAN } from './forms/suku-cadang'

/** A choice list of the template (a hidden sheet feeds the column's drop-down). */
export type ImporList =
  | 'ukuran'
  | 'merek'
  | 'typeban'
  | 'kondisi'
  | 'kendaraan'
  | 'posisi'
  | 'jenis_kendaraan'
  | 'golongan'
  | 'warna'
  | 'departemen'
  | 'gender'
  | 'nama_bank'
  | 'satuan'

/** The lists of fixed values (the others are read from the masters when the template is made). */
export const FIXED_LISTS = {
  warna: WARNA,
  gender: GENDERS,
  nama_bank: NAMA_BANK,
  satuan: SATUAN,
} as const satisfies Partial<Record<ImporList, readonly string[]>>

export type ImporColumn = {
  /** The key the upstream reads the cell by. */
  key: string
  /** The header in row 1 of the sheet (also how a refusal names the column). */
  header: string
  required?: true
  list?: ImporList
  /** A date column: the template formats it dd/mm/yyyy. */
  date?: true
  /** The sample row's value. */
  sample: string | number
  /** Column width in the template (characters). */
  width: number
  /** A line of the template's notes. */
  note: string
  /** Other headers the column is found by (an import whose file's columns are found by name: `byName`). */
  aliases?: readonly string[]
}

export type ImporSpec = {
  /** The upstream's name of the import (`/api/impor/{jenis}`) and the segment of the app's routes. */
  jenis: 'ban' | 'kendaraan' | 'supplier' | 'karyawan' | 'suku-cadang' | 'km-kendaraan'
  /** The master's list screen (menu path; the import needs Create on it). */
  menu: `/admin/${string}`
  title: string
  /** What one row makes, for the upload page. */
  explain: string
  /** The template's file name. */
  fileName: string
  columns: readonly ImporColumn[]
  /**
   * The file's columns are found by their header in row 1 (or an alias), in any order, other columns
   * ignored — a provider's export uploads as it is — instead of the template's columns in its order.
   * `anyOf`: of these keys at least one column must be there (the others are required by `required`).
   */
  byName?: { anyOf: readonly string[] }
  /** Why rows may be skipped (neither saved nor refused), for the preview. */
  skipped?: string
}

export const MAX_IMPOR_BYTES = 5 * 1024 * 1024
export const MAX_IMPOR_ROWS = 10_000
/** The files the upload offers: .xlsx, .xls, .ods and .csv (by name and by type). */
export const IMPOR_ACCEPT = [
  '.xlsx',
  '.xls',
  '.ods',
  '.csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
  'application/vnd.oasis.opendocument.spreadsheet',
  'text/csv',
].join(',')

/** Why an uploaded file is refused (the upload form shows it; app/server/impor-file.server.ts decides). */
export const FILE_MESSAGES = {
  none: 'Pilih file spreadsheet (.xlsx, .xls, .ods atau .csv) yang akan diimpor.',
  tooLarge: `File terlalu besar (maksimal ${MAX_IMPOR_BYTES / 1024 / 1024} MB).`,
  notSpreadsheet:
    'File ini bukan spreadsheet (.xlsx, .xls, .ods atau .csv). Simpan dari Excel atau LibreOffice sebagai .xlsx, .ods atau .csv lalu unggah lagi.',
  macro:
    'File berisi makro (.xlsm / VBA / Basic) dan tidak diterima. Simpan dari Excel atau LibreOffice sebagai .xlsx, .ods atau .csv tanpa makro lalu unggah lagi.',
  bomb: 'Isi file tidak wajar (terlalu besar setelah dibuka). File ditolak.',
  unreadable:
    'File tidak dapat dibaca sebagai spreadsheet (rusak atau terkunci kata sandi). Simpan ulang dari Excel atau LibreOffice sebagai .xlsx, .ods atau .csv lalu unggah lagi.',
  empty: 'Sheet kosong: tidak ada baris data di bawah baris judul.',
  tooManyRows: `File berisi lebih dari ${MAX_IMPOR_ROWS.toLocaleString('id-ID')} baris data. Bagi menjadi beberapa file.`,
  busy: 'Server sedang memproses impor lain; coba lagi sebentar.',
} as const

export const KONDISI_BAN = ['BARU', 'BEKAS', 'KANISIR', 'AFKIR', 'PROFIT'] as const

export const IMPOR_SPECS = {
  ban: {
    jenis: 'ban',
    menu: '/admin/ban',
    title: 'Impor Stok Ban',
    explain:
      'Satu baris satu ban (stok awal). Tanpa kendaraan, ban masuk stok; dengan kendaraan, posisi dan km, ban tercatat terpasang di sana (satu dokumen pemasangan berstatus posting per kendaraan).',
    fileName: 'template-impor-stok-ban.xlsx',
    columns: [
      {
        key: 'no_seri',
        header: 'No Seri',
        required: true,
        sample: 'SN-2024-0001',
        width: 18,
        note: 'Nomor seri ban; tidak boleh sama dengan ban lain.',
      },
      {
        key: 'ukuran',
        header: 'Ukuran',
        required: true,
        list: 'ukuran',
        sample: '',
        width: 16,
        note: 'Pilih dari daftar (master Ukuran Ban).',
      },
      {
        key: 'merek',
        header: 'Merek',
        required: true,
        list: 'merek',
        sample: '',
        width: 16,
        note: 'Pilih dari daftar (master Merek Ban).',
      },
      { key: 'tipe', header: 'Tipe', list: 'typeban', sample: '', width: 14, note: 'Boleh kosong; pilih dari daftar (master Type Ban).' },
      { key: 'kondisi', header: 'Kondisi', required: true, list: 'kondisi', sample: 'BARU', width: 12, note: KONDISI_BAN.join(', ') + '.' },
      { key: 'harga', header: 'Harga', required: true, sample: 2_500_000, width: 14, note: 'Rupiah, angka bulat.' },
      { key: 'tebal_tapak', header: 'Tebal Tapak (mm)', sample: 16, width: 16, note: 'Boleh kosong; 0 sampai 30 mm.' },
      {
        key: 'kendaraan',
        header: 'Kendaraan',
        list: 'kendaraan',
        sample: '',
        width: 16,
        note: 'No kabin atau no polisi bila ban sedang terpasang; kosong bila di stok.',
      },
      {
        key: 'posisi',
        header: 'Posisi',
        list: 'posisi',
        sample: '',
        width: 10,
        note: 'Posisi pada kendaraan (1A, 1B, 2A …), sesuai jumlah ban jenis kendaraannya.',
      },
      { key: 'km', header: 'Km', sample: '', width: 12, note: 'Km kendaraan saat ban dipasang.' },
    ],
  },
  kendaraan: {
    jenis: 'kendaraan',
    menu: '/admin/kendaraan',
    title: 'Impor Kendaraan',
    explain:
      'Satu baris satu kendaraan. No kabin dan no polisi tidak boleh sama dengan baris lain atau kendaraan yang sudah terdaftar; kode kendaraan dibuat sistem.',
    fileName: 'template-impor-kendaraan.xlsx',
    columns: [
      { key: 'no_kabin', header: 'No Kabin', required: true, sample: 'K-001', width: 14, note: 'Tidak boleh sama dengan kendaraan lain.' },
      {
        key: 'no_pol',
        header: 'No Polisi',
        sample: 'B 1234 ABC',
        width: 14,
        note: 'Boleh kosong; tidak boleh sama dengan kendaraan lain.',
      },
      { key: 'no_rangka', header: 'No Rangka', sample: '', width: 20, note: 'Boleh kosong.' },
      { key: 'no_mesin', header: 'No Mesin', sample: '', width: 18, note: 'Boleh kosong.' },
      {
        key: 'jenis_kendaraan',
        header: 'Jenis Kendaraan',
        list: 'jenis_kendaraan',
        sample: '',
        width: 20,
        note: 'Boleh kosong; pilih dari daftar (master Jenis Kendaraan); menentukan posisi ban.',
      },
      {
        key: 'golongan',
        header: 'Golongan',
        list: 'golongan',
        sample: '',
        width: 14,
        note: 'Boleh kosong; pilih dari daftar (master Golongan).',
      },
      { key: 'warna', header: 'Warna', list: 'warna', sample: '', width: 12, note: `Boleh kosong; ${WARNA.join(', ')}.` },
      { key: 'km', header: 'Km', sample: 0, width: 12, note: 'Km kendaraan sekarang, angka bulat; kosong berarti 0.' },
      {
        key: 'expired_stnk',
        header: 'Expired STNK',
        date: true,
        sample: '',
        width: 14,
        note: 'Boleh kosong; tanggal Excel atau teks dd/mm/yyyy.',
      },
      {
        key: 'expired_kir',
        header: 'Expired KIR',
        date: true,
        sample: '',
        width: 14,
        note: 'Boleh kosong; tanggal Excel atau teks dd/mm/yyyy.',
      },
    ],
  },
  supplier: {
    jenis: 'supplier',
    menu: '/admin/supplier',
    title: 'Impor Supplier',
    explain: 'Satu baris satu supplier; kode supplier dibuat sistem.',
    fileName: 'template-impor-supplier.xlsx',
    columns: [
      { key: 'nama_supp', header: 'Nama Supplier', required: true, sample: 'PT Contoh Ban', width: 24, note: 'Nama supplier.' },
      { key: 'nama_person', header: 'Kontak', sample: '', width: 18, note: 'Boleh kosong; nama orang yang dihubungi.' },
      { key: 'jabatan', header: 'Jabatan', sample: '', width: 14, note: 'Boleh kosong.' },
      { key: 'telp', header: 'Telepon', sample: '', width: 14, note: 'Boleh kosong.' },
      { key: 'hp', header: 'HP', sample: '', width: 14, note: 'Boleh kosong.' },
      { key: 'fax', header: 'Fax', sample: '', width: 14, note: 'Boleh kosong.' },
      { key: 'email', header: 'Email', sample: '', width: 22, note: 'Boleh kosong.' },
      { key: 'npwp', header: 'NPWP', sample: '', width: 20, note: 'Boleh kosong.' },
      { key: 'alamat', header: 'Alamat', sample: '', width: 30, note: 'Boleh kosong.' },
      { key: 'atas_nama', header: 'Atas Nama', sample: '', width: 18, note: 'Boleh kosong; pemilik rekening.' },
      { key: 'norek', header: 'No Rekening', sample: '', width: 18, note: 'Boleh kosong.' },
      { key: 'nama_bank', header: 'Nama Bank', list: 'nama_bank', sample: '', width: 14, note: 'Boleh kosong; pilih dari daftar.' },
    ],
  },
  karyawan: {
    jenis: 'karyawan',
    menu: '/admin/karyawan',
    title: 'Impor Karyawan',
    explain: 'Satu baris satu karyawan; kode karyawan dibuat sistem.',
    fileName: 'template-impor-karyawan.xlsx',
    columns: [
      { key: 'nama_lengkap', header: 'Nama Lengkap', required: true, sample: 'Budi Santoso', width: 24, note: 'Nama karyawan.' },
      { key: 'nama_kecil', header: 'Nama Panggilan', sample: '', width: 16, note: 'Boleh kosong.' },
      { key: 'gender', header: 'Gender', list: 'gender', sample: '', width: 12, note: `Boleh kosong; ${GENDERS.join(' atau ')}.` },
      {
        key: 'departemen',
        header: 'Departemen',
        list: 'departemen',
        sample: '',
        width: 18,
        note: 'Boleh kosong; pilih dari daftar (master Departemen).',
      },
      { key: 'no_ktp', header: 'No KTP', sample: '', width: 18, note: 'Boleh kosong.' },
      { key: 'no_sim', header: 'No SIM', sample: '', width: 16, note: 'Boleh kosong.' },
      {
        key: 'tanggal_lahir',
        header: 'Tanggal Lahir',
        date: true,
        sample: '',
        width: 14,
        note: 'Boleh kosong; tanggal Excel atau teks dd/mm/yyyy.',
      },
      {
        key: 'tanggal_gabung',
        header: 'Tanggal Gabung',
        date: true,
        sample: '',
        width: 14,
        note: 'Boleh kosong; tanggal Excel atau teks dd/mm/yyyy.',
      },
      { key: 'telp', header: 'Telepon', sample: '', width: 14, note: 'Boleh kosong.' },
      { key: 'gmail', header: 'Email', sample: '', width: 22, note: 'Boleh kosong.' },
      { key: 'alamat', header: 'Alamat', sample: '', width: 30, note: 'Boleh kosong.' },
      { key: 'atas_nama', header: 'Atas Nama', sample: '', width: 18, note: 'Boleh kosong; pemilik rekening.' },
      { key: 'norek', header: 'No Rekening', sample: '', width: 18, note: 'Boleh kosong.' },
      { key: 'nama_bank', header: 'Nama Bank', list: 'nama_bank', sample: '', width: 14, note: 'Boleh kosong; pilih dari daftar.' },
    ],
  },
  // The parts store (extension 'suku-cadang').
  'suku-cadang': {
    jenis: 'suku-cadang',
    menu: '/admin/suku-cadang',
    title: 'Impor Suku Cadang',
    explain: 'Satu baris satu suku cadang; kode dibuat sistem. Stok awal masuk lewat Pembelian Suku Cadang atau Stok Opname.',
    fileName: 'template-impor-suku-cadang.xlsx',
    columns: [
      {
        key: 'nama',
        header: 'Nama',
        required: true,
        sample: 'Filter Oli',
        width: 28,
        note: 'Nama suku cadang; tidak boleh sama dengan yang sudah ada.',
      },
      {
        key: 'satuan',
        header: 'Satuan',
        required: true,
        list: 'satuan',
        sample: 'pcs',
        width: 10,
        note: `Pilih dari daftar: ${SATUAN.join(', ')}.`,
      },
      { key: 'kategori', header: 'Kategori', sample: 'Filter', width: 16, note: 'Boleh kosong.' },
      { key: 'stok_minimum', header: 'Stok Minimum', sample: 5, width: 14, note: 'Boleh kosong (0); bilangan bulat.' },
    ],
  },
  // Odometer readings from a GPS provider's export (extension 'km-kendaraan'): columns found by name.
  'km-kendaraan': {
    jenis: 'km-kendaraan',
    menu: '/admin/km-kendaraan',
    title: 'Impor Km Kendaraan',
    explain:
      'Satu baris satu pembacaan km (ekspor GPS boleh diunggah apa adanya: kolom dicari menurut judulnya, kolom lain diabaikan). Kendaraan dikenali dari No Pol atau No Kabin. Baris satu kendaraan diurutkan menurut tanggal; km harus naik, juga terhadap km yang sudah tercatat. Bila satu kendaraan punya beberapa baris pada satu tanggal, km tertinggi (km terakhir hari itu) yang disimpan.',
    fileName: 'template-impor-km-kendaraan.xlsx',
    byName: { anyOf: ['no_pol', 'no_kabin'] },
    skipped:
      'baris dilewati (tidak disimpan, bukan kesalahan): km lain dari kendaraan yang sama pada tanggal yang sama (yang disimpan km tertinggi hari itu), atau km yang sudah tercatat.',
    columns: [
      {
        key: 'no_pol',
        header: 'No Pol',
        aliases: ['No Polisi', 'Nopol', 'Plat Nomor', 'Nomor Polisi'],
        sample: 'B 1234 ABC',
        width: 14,
        note: 'No polisi kendaraan (huruf besar/kecil dan spasi diabaikan); boleh kosong bila No Kabin diisi.',
      },
      {
        key: 'no_kabin',
        header: 'No Kabin',
        aliases: ['Kabin', 'No Lambung'],
        sample: '',
        width: 14,
        note: 'No kabin kendaraan; boleh kosong bila No Pol diisi. Bila keduanya diisi, harus kendaraan yang sama.',
      },
      {
        key: 'tanggal',
        header: 'Tanggal',
        aliases: ['Waktu', 'Tanggal Waktu', 'Tanggal/Waktu', 'Date', 'Datetime'],
        required: true,
        date: true,
        sample: '',
        width: 20,
        note: 'Tanggal Excel, dd/mm/yyyy atau yyyy-mm-dd, boleh dengan jam (2026-11-20 17:45:00); tidak boleh setelah hari ini.',
      },
      {
        key: 'km',
        header: 'Km',
        aliases: ['Odometer', 'Odometer (Km)', 'Km Odometer', 'Jarak Tempuh'],
        required: true,
        sample: 125000,
        width: 14,
        note: 'Km odometer; 125.000 atau 125,000 dibaca 125000; desimal dibulatkan ke bawah (125.000,7 menjadi 125.000).',
      },
    ],
  },
} as const satisfies Record<string, ImporSpec>

export type ImporJenis = keyof typeof IMPOR_SPECS

/** The import of a master by its route segment (`/admin/{jenis}/impor…`), or null. */
export function imporSpec(jenis: string | undefined): ImporSpec | null {
  return jenis && Object.hasOwn(IMPOR_SPECS, jenis) ? IMPOR_SPECS[jenis as ImporJenis] : null
}

/** The import's routes under the master's list. */
export const imporPaths = (spec: ImporSpec) => ({
  upload: `${spec.menu}/impor`,
  template: `${spec.menu}/impor/template`,
  preview: (id: number | string) => `${spec.menu}/impor/${id}`,
  /** 'Unduh baris ditolak': the refused rows of a staged batch (.xlsx). */
  refused: (id: number | string) => `${spec.menu}/impor/${id}/ditolak.xlsx`,
})

/** A staged batch that is not there (expired, replaced by a newer upload, dropped, another user's). */
export const IMPOR_GONE = 'Data impor tidak ditemukan atau sudah kedaluwarsa. Unggah file lagi.'

/** A refused row as the upstream hands it back: its cells as they were sent, and its reasons ('Kolom: pesan'). */
export type ImporRefusedRow = { baris: number; cells: Record<string, string | number | null>; alasan: readonly string[] }

/**
 * The sheet of a batch's refused rows: the template's columns (the same headers in the same order,
 * each cell as the user sent it) and a last column 'Alasan' with the row's reasons, so the rows can
 * be fixed in the sheet and uploaded alone (the reader ignores the extra column).
 */
export const imporRefusedTable = (spec: ImporSpec) =>
  downloadTable<ImporRefusedRow>(
    'baris-ditolak',
    [...spec.columns.map((c) => col(c.header, 'cell', { width: c.width })), col('Alasan', 'text', { width: 80 })],
    (r) => [[...spec.columns.map((c) => r.cells[c.key] ?? null), r.alasan.join(' | ')]],
  )

/** The refused rows' file name: the template's, with the batch. */
export const imporRefusedFileName = (spec: ImporSpec, id: number | string) =>
  spec.fileName.replace(/^template-/, '').replace(/\.xlsx$/, `-ditolak-${id}.xlsx`)

/** The import of the master whose screen `pathname` is on (its list or a dialog under it), or null. */
export function imporSpecOfScreen(pathname: string): ImporSpec | null {
  return Object.values(IMPOR_SPECS).find((s) => pathname === s.menu || pathname.startsWith(`${s.menu}/`)) ?? null
}

/** The master of a path under /admin/{jenis}/impor (the routes are shared: they pick it by the path). */
export function imporSpecOfPath(pathname: string): ImporSpec | null {
  const m = /^\/admin\/([a-z-]+)\/impor(?:\/|$)/.exec(pathname)
  return imporSpec(m?.[1])
}

/** A column's letter in the sheet (A … Z, AA …). */
export function columnLetter(index: number): string {
  let n = index + 1
  let s = ''
  while (n > 0) {
    const r = (n - 1) % 26
    s = String.fromCharCode(65 + r) + s
    n = Math.floor((n - 1) / 26)
  }
  return s
}
