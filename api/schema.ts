import type { ColumnType, Generated } from 'kysely'

/**
 * Every table of the api's database, as Kysely's `Kysely<Schema>` types its queries: a misspelt table
 * or column, or a value of the wrong type, is a type error (tests/api/schema-types.test.ts).
 *
 * Made from the migrations (a migrated SQLite database's `PRAGMA table_info`, then read over) and kept
 * by hand with them: a migration that adds or changes a column changes its line here. `Generated<…>`
 * marks a column the database fills when an INSERT leaves it out (an id that numbers itself, a
 * DEFAULT). Values are as both databases answer them: numbers (PostgreSQL's bigint and numeric are
 * read as numbers, api/db.ts) and text (dates 'YYYY-MM-DD', times 'YYYY-MM-DD HH:MM:SS').
 */

export interface AksesTable {
  user_id: number
  menu_fitur_id: number
  active: Generated<number>
  can_create: Generated<number>
  can_update: Generated<number>
  can_delete: Generated<number>
  can_show: Generated<number>
  can_posting: Generated<number>
  can_unpost: Generated<number>
  can_posting_all: Generated<number>
  can_unpost_all: Generated<number>
  can_search: Generated<number>
  can_print: Generated<number>
}

export interface ApiTokensTable {
  id: Generated<number>
  user_id: number
  token_hash: string
  expires_at: number
  created_at: number
  last_used_at: number | null
}

export interface AuditLogTable {
  id: Generated<number>
  entitas: string
  entitas_id: number
  aksi: string
  user_id: number | null
  nama_user: string
  created_at: Generated<string>
  detail: string | null
  kode_user: string | null
}

export interface BanTable {
  id: Generated<number>
  kode_ban: string
  no_seri: string
  pembelian_ban_id: number | null
  ukuran_id: number | null
  merek_id: number | null
  typeban_id: number | null
  kondisi_ban: string | null
  harga: Generated<number>
  status: Generated<string>
  jumlah_vulkanisir: Generated<number>
  created_at: Generated<string>
  updated_at: Generated<string>
  tebal_tapak_awal: number | null
}

export interface CodeSequencesTable {
  prefix: string
  value: number
}

export interface DepartemenTable {
  id: Generated<number>
  kode_departemen: string
  nama: string
  qrcode_departemen: string | null
  created_at: Generated<string>
  updated_at: Generated<string>
}

export interface DetailPelepasanBanTable {
  id: Generated<number>
  pelepasan_ban_id: number | null
  kendaraan_id: number
  ban_id: number
  detail_pemasangan_ban_id: number
  posisi_ban: string
  km_pemasangan: number
  km_pelepasan: number
  km_tempuh: number
  alasan: string
  tujuan: string
  tebal_tapak: number | null
  keterangan: string | null
  kondisi_sebelum: string | null
  created_at: Generated<string>
  updated_at: Generated<string>
}

export interface DetailPemasanganBanTable {
  id: Generated<number>
  pemasangan_ban_id: number | null
  kendaraan_id: number
  ban_id: number
  posisi_ban: string
  km_pemasangan: number
  target_presentase: Generated<number>
  dilepas: Generated<number>
  created_at: Generated<string>
  updated_at: Generated<string>
}

export interface DetailPemeriksaanBanTable {
  id: Generated<number>
  pemeriksaan_ban_id: number
  ban_id: number
  posisi_ban: string
  tebal_tapak: number
  tekanan: number | null
  kondisi: string
  keterangan: string | null
  km_ban: number
  created_at: Generated<string>
}

export interface DetailRotasiBanTable {
  id: Generated<number>
  rotasi_ban_id: number | null
  kendaraan_id: number
  posisi_asal: string
  posisi_tujuan: string
  km: number
  ban_id: number
  detail_pemasangan_ban_id: number
  ban_tukar_id: number | null
  detail_pemasangan_ban_tukar_id: number | null
  created_at: Generated<string>
  updated_at: Generated<string>
}

export interface GolonganTable {
  id: Generated<number>
  kode_golongan: string
  nama_golongan: string
  qrcode_golongan: string | null
  created_at: Generated<string>
  updated_at: Generated<string>
}

export interface ImporBatchTable {
  id: Generated<number>
  jenis: string
  user_id: number
  nama_file: string | null
  baris: string
  total: number
  siap: number
  ditolak: string
  created_at: Generated<string>
  expires_at: string
  disimpan_at: string | null
}

export interface JenisKendaraanTable {
  id: Generated<number>
  kode_jenis_kendaraan: string
  nama_jenis_kendaraan: string
  panjang: number | null
  lebar: number | null
  tinggi: number | null
  total_ban: number | null
  qrcode_jenis_kendaraan: string | null
  created_at: Generated<string>
  updated_at: Generated<string>
}

export interface KaryawanTable {
  id: Generated<number>
  kode_karyawan: string
  qrcode_karyawan: string | null
  nama_lengkap: string
  nama_kecil: string | null
  gender: string | null
  departemen_id: number | null
  no_ktp: string | null
  no_sim: string | null
  tanggal_lahir: string | null
  tanggal_gabung: string | null
  telp: string | null
  gmail: string | null
  alamat: string | null
  atas_nama: string | null
  norek: string | null
  nama_bank: string | null
  gambar: string | null
  ft_sim: string | null
  created_at: Generated<string>
  updated_at: Generated<string>
}

export interface KendaraanTable {
  id: Generated<number>
  kode_kendaraan: string
  qrcode_kendaraan: string | null
  gpsid: string | null
  list_vehicle_id: string | null
  no_kabin: string
  no_pol: string | null
  no_rangka: string | null
  no_mesin: string | null
  jenis_kendaraan_id: number | null
  warna: string | null
  expired_kir: string | null
  expired_stnk: string | null
  golongan_id: number | null
  user_id: number | null
  km: Generated<number>
  gambar_barcodesolar: string | null
  gambar_stnk: string | null
  created_at: Generated<string>
  updated_at: Generated<string>
}

export interface KlaimBanTable {
  id: Generated<number>
  kode_klaim: string
  tanggal_awal: string
  detail_pelepasan_ban_id: number
  ban_id: number
  jenis: string
  supplier_id: number | null
  karyawan_id: number | null
  harga: number
  target_km: number
  km_tempuh: number
  nilai_hitung: number
  nilai_klaim: number
  alasan_ubah_nilai: string | null
  status_klaim: Generated<string>
  status: Generated<string>
  keterangan: string | null
  created_at: Generated<string>
  updated_at: Generated<string>
}

export interface ItemServisTable {
  id: Generated<number>
  kode_item_servis: string
  nama: string
  interval_km: number | null
  interval_hari: number | null
  suku_cadang: string | null
  created_at: Generated<string>
  updated_at: Generated<string>
}

export interface JadwalServisTable {
  id: Generated<number>
  jenis_kendaraan_id: number
  item_servis_id: number
  interval_km: number | null
  interval_hari: number | null
}

/** `aktif`: a boolean on PostgreSQL, 0/1 on SQLite (written through the api's `flag`). */
export interface JadwalServisKendaraanTable {
  id: Generated<number>
  kendaraan_id: number
  item_servis_id: number
  aktif: ColumnType<boolean | number, boolean | number | undefined, boolean | number>
  interval_km: number | null
  interval_hari: number | null
}

export interface ServisAwalTable {
  id: Generated<number>
  kendaraan_id: number
  item_servis_id: number
  tanggal: string
  km: number
  user_id: number | null
  created_at: Generated<string>
}

export interface KmKendaraanTable {
  id: Generated<number>
  kendaraan_id: number
  tanggal: string
  km: number
  sumber: string
  alasan: string | null
  user_id: number | null
  created_at: Generated<string>
  /** The work order whose km this reading is (sumber 'perintah_kerja'); null otherwise. */
  perintah_kerja_id: number | null
}

export interface SukuCadangTable {
  id: Generated<number>
  kode_suku_cadang: string
  nama: string
  satuan: string
  kategori: string | null
  stok_minimum: Generated<number>
  /** Written only by the stock ledger (api/stock.ts). */
  stok: Generated<number>
  nilai_stok: Generated<number>
  created_at: Generated<string>
  updated_at: Generated<string>
}

export interface MutasiSukuCadangTable {
  id: Generated<number>
  suku_cadang_id: number
  tanggal: string
  jenis: string
  dokumen_id: number
  kode_dokumen: string
  masuk: Generated<number>
  keluar: Generated<number>
  nilai: number
  saldo: number
  nilai_saldo: number
  keterangan: string | null
  user_id: number | null
  created_at: Generated<string>
}

export interface PembelianSukuCadangTable {
  id: Generated<number>
  kode_pembelian_suku_cadang: string
  supplier_id: number
  tanggal_awal: string
  keterangan: string | null
  grand_total: Generated<number>
  status: Generated<string>
  created_at: Generated<string>
  updated_at: Generated<string>
}

export interface DetailPembelianSukuCadangTable {
  id: Generated<number>
  pembelian_suku_cadang_id: number
  suku_cadang_id: number
  jumlah: number
  harga: number
  subtotal: number
}

export interface StokOpnameTable {
  id: Generated<number>
  kode_stok_opname: string
  suku_cadang_id: number
  tanggal: string
  stok_sistem: number
  stok_fisik: number
  selisih: number
  nilai_selisih: number
  alasan: string
  user_id: number | null
  created_at: Generated<string>
}

export interface PerintahKerjaTable {
  id: Generated<number>
  kode_perintah_kerja: string
  kendaraan_id: number
  tanggal_awal: string
  km: number
  karyawan_id: number | null
  keterangan: string | null
  total_suku_cadang: Generated<number>
  total_jasa: Generated<number>
  grand_total: Generated<number>
  status: Generated<string>
  created_at: Generated<string>
  updated_at: Generated<string>
}

export interface DetailPerintahKerjaServisTable {
  id: Generated<number>
  perintah_kerja_id: number
  item_servis_id: number
}

export interface DetailPerintahKerjaPartTable {
  id: Generated<number>
  perintah_kerja_id: number
  suku_cadang_id: number
  jumlah: number
  harga: number
  subtotal: number
}

export interface DetailPerintahKerjaJasaTable {
  id: Generated<number>
  perintah_kerja_id: number
  uraian: string
  biaya: number
}

export interface LoginFailuresTable {
  key: string
  failures: number
  first_at: number
  last_at: number
}

export interface MenuFiturTable {
  id: Generated<number>
  kategori: string
  nama: string
  route: string
  urutan: number
}

export interface MerekTable {
  id: Generated<number>
  kode_merek: string
  nama_merek: string
  qrcode_merek: string | null
  created_at: Generated<string>
  updated_at: Generated<string>
}

export interface PelepasanBanTable {
  id: Generated<number>
  kode_pelepasan: string
  kendaraan_id: number
  km: number | null
  status: Generated<string>
  tanggal_awal: string
  created_at: Generated<string>
  updated_at: Generated<string>
}

export interface PemasanganBanTable {
  id: Generated<number>
  kode_pemasangan: string
  kendaraan_id: number
  supplier_id: number | null
  km: number | null
  grand_total: Generated<number>
  status: Generated<string>
  tanggal_awal: string
  created_at: Generated<string>
  updated_at: Generated<string>
}

export interface PembelianBanTable {
  id: Generated<number>
  kode_pembelian_ban: string
  supplier_id: number
  alamat: string | null
  grand_total: Generated<number>
  status: Generated<string>
  tanggal_awal: string
  created_at: Generated<string>
  updated_at: Generated<string>
}

export interface PemeriksaanBanTable {
  id: Generated<number>
  kode_pemeriksaan: string
  kendaraan_id: number
  km: number
  status: Generated<string>
  tanggal_awal: string
  created_at: Generated<string>
  updated_at: Generated<string>
}

export interface PerpanjanganTable {
  id: Generated<number>
  kode_perpanjangan: string
  kendaraan_id: number
  jenis_dokumen: string
  expired_lama: string | null
  expired_baru: string
  sebelumnya: string | null
  biaya: number
  tanggal_bayar: string
  gambar: string | null
  keterangan: string | null
  status: Generated<string>
  created_at: Generated<string>
  updated_at: Generated<string>
}

export interface PrakiraanBanTable {
  ban_id: Generated<number>
  kendaraan_id: number | null
  detail_id: number
  tebal_tapak: number
  keausan_per_1000_km: number | null
  km_per_hari: number | null
  hari_periksa: number
}

export interface RiwayatBanTable {
  id: Generated<number>
  ban_id: number
  jenis: string
  tanggal: string
  user_id: number | null
  nama_user: string | null
  dokumen_jenis: string | null
  dokumen_id: number | null
  dokumen_kode: string | null
  kendaraan_id: number | null
  no_kabin: string | null
  posisi_ban: string | null
  km: number | null
  km_tempuh: number | null
  biaya: number | null
  alasan: string | null
  tujuan: string | null
  tebal_tapak: number | null
  keterangan: string | null
  supplier_id: number | null
  nama_supp: string | null
  detail_pemasangan_ban_id: number | null
  detail_pelepasan_ban_id: number | null
  created_at: Generated<string>
  posisi_tujuan: string | null
  detail_rotasi_ban_id: number | null
}

export interface RotasiBanTable {
  id: Generated<number>
  kode_rotasi: string
  kendaraan_id: number
  km: number | null
  status: Generated<string>
  tanggal_awal: string
  created_at: Generated<string>
  updated_at: Generated<string>
}

export interface SchemaMigrationsTable {
  name: string
  applied_at: string
}

export interface StnkTable {
  id: Generated<number>
  kode_stnk: string
  qrcode_stnk: string | null
  nama_pemilik: string
  alamat: string | null
  merek: string | null
  type: string | null
  model: string | null
  kendaraan_id: number | null
  no_pol: string | null
  no_rangka: string | null
  no_mesin: string | null
  jenis_kendaraan_id: number | null
  tahun_pembuatan: number | null
  warna: string | null
  warna_tnkb: string | null
  tahun_registrasi: number | null
  nomor_bpkb: string | null
  expired_stnk: string | null
  gambar: string | null
  created_at: Generated<string>
  updated_at: Generated<string>
}

export interface SupplierTable {
  id: Generated<number>
  kode_supplier: string
  qrcode_supplier: string | null
  nama_supp: string
  nama_person: string | null
  jabatan: string | null
  telp: string | null
  fax: string | null
  hp: string | null
  gmail: string | null
  email: string | null
  npwp: string | null
  alamat: string | null
  atas_nama: string | null
  norek: string | null
  nama_bank: string | null
  departemen_id: number | null
  created_at: Generated<string>
  updated_at: Generated<string>
}

export interface TableVersionsTable {
  name: string
  version: number
}

export interface TypebanTable {
  id: Generated<number>
  kode_type: string
  nama_type: string
  qrcode_type: string | null
  created_at: Generated<string>
  updated_at: Generated<string>
}

export interface UkuranTable {
  id: Generated<number>
  kode_ukuran_ban: string
  nama: string
  qrcode_ukuran: string | null
  created_at: Generated<string>
  updated_at: Generated<string>
}

export interface UsersTable {
  id: Generated<number>
  kode_user: string
  qrcode_user: string | null
  karyawan_id: number | null
  nama_user: string | null
  telp: string | null
  alamat: string | null
  password_hash: string | null
  created_at: Generated<string>
  updated_at: Generated<string>
}

export interface VulkanisirBanTable {
  id: Generated<number>
  ban_id: number
  supplier_id: number
  detail_pelepasan_ban_id: number | null
  biaya: Generated<number>
  tanggal_kirim: string | null
  tanggal_terima: string
  created_at: Generated<string>
  updated_at: Generated<string>
}

export interface Schema {
  akses: AksesTable
  api_tokens: ApiTokensTable
  audit_log: AuditLogTable
  ban: BanTable
  code_sequences: CodeSequencesTable
  departemen: DepartemenTable
  detail_pelepasan_ban: DetailPelepasanBanTable
  detail_pemasangan_ban: DetailPemasanganBanTable
  detail_pembelian_suku_cadang: DetailPembelianSukuCadangTable
  detail_pemeriksaan_ban: DetailPemeriksaanBanTable
  detail_perintah_kerja_jasa: DetailPerintahKerjaJasaTable
  detail_perintah_kerja_part: DetailPerintahKerjaPartTable
  detail_perintah_kerja_servis: DetailPerintahKerjaServisTable
  detail_rotasi_ban: DetailRotasiBanTable
  golongan: GolonganTable
  impor_batch: ImporBatchTable
  item_servis: ItemServisTable
  jadwal_servis: JadwalServisTable
  jadwal_servis_kendaraan: JadwalServisKendaraanTable
  jenis_kendaraan: JenisKendaraanTable
  karyawan: KaryawanTable
  kendaraan: KendaraanTable
  klaim_ban: KlaimBanTable
  km_kendaraan: KmKendaraanTable
  login_failures: LoginFailuresTable
  menu_fitur: MenuFiturTable
  mutasi_suku_cadang: MutasiSukuCadangTable
  merek: MerekTable
  pelepasan_ban: PelepasanBanTable
  pemasangan_ban: PemasanganBanTable
  pembelian_ban: PembelianBanTable
  pemeriksaan_ban: PemeriksaanBanTable
  pembelian_suku_cadang: PembelianSukuCadangTable
  perintah_kerja: PerintahKerjaTable
  perpanjangan: PerpanjanganTable
  prakiraan_ban: PrakiraanBanTable
  riwayat_ban: RiwayatBanTable
  rotasi_ban: RotasiBanTable
  schema_migrations: SchemaMigrationsTable
  servis_awal: ServisAwalTable
  stnk: StnkTable
  stok_opname: StokOpnameTable
  suku_cadang: SukuCadangTable
  supplier: SupplierTable
  table_versions: TableVersionsTable
  typeban: TypebanTable
  ukuran: UkuranTable
  users: UsersTable
  vulkanisir_ban: VulkanisirBanTable
}
