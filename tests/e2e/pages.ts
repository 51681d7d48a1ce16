import { expect, type Page } from '@playwright/test'

/**
 * The pages every quality check visits (tests/e2e/quality.test.ts: Nu HTML Checker and axe-core).
 * Add a screen with one line: its path, whether it needs a login, and what shows it is ready.
 */
export type CheckedPage = { name: string; path: string; loggedIn: boolean; ready: (page: Page) => Promise<void> }

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
}
const dialog = (name: string) => async (page: Page) => {
  await expect(page.getByRole('dialog', { name })).toBeVisible()
}

export const CHECKED_PAGES: CheckedPage[] = [
  {
    name: 'login',
    path: '/login',
    loggedIn: false,
    ready: async (page) => expect(page.getByRole('button', { name: 'Login' })).toBeVisible(),
  },
  { name: 'dashboard', path: '/admin/dashboard', loggedIn: true, ready: heading('Dashboard') },
  { name: 'update profile', path: '/admin/users', loggedIn: true, ready: heading('Edit Profile') },
  { name: 'departemen list', path: '/admin/departemen', loggedIn: true, ready: heading('Departemen') },
  { name: 'departemen dialog', path: '/admin/departemen/tambah', loggedIn: true, ready: dialog('Tambah Departemen') },
  { name: 'karyawan list', path: '/admin/karyawan', loggedIn: true, ready: heading('Karyawan') },
  { name: 'karyawan dialog', path: '/admin/karyawan/tambah', loggedIn: true, ready: dialog('Tambah Karyawan') },
  { name: 'supplier detail', path: '/admin/supplier/1', loggedIn: true, ready: dialog('Detail Supplier') },
  { name: 'kendaraan dialog', path: '/admin/kendaraan/tambah', loggedIn: true, ready: dialog('Tambah Kendaraan') },
  { name: 'stnk dialog', path: '/admin/stnk/tambah', loggedIn: true, ready: dialog('Tambah STNK') },
  { name: 'pembelian-ban list', path: '/admin/pembelian-ban', loggedIn: true, ready: heading('Pembelian Ban') },
  { name: 'pembelian-ban dialog', path: '/admin/pembelian-ban/tambah', loggedIn: true, ready: dialog('Tambah Pembelian Ban') },
  { name: 'faktur pembelian', path: '/admin/pembelian-detail/1', loggedIn: true, ready: heading('Faktur Pembelian Ban') },
  {
    name: 'inquery pembelian',
    path: '/admin/inquery-pembelian-ban?tanggal_awal=2026-01-01&tanggal_akhir=2026-12-31',
    loggedIn: true,
    ready: heading('Inquery Pembelian Ban'),
  },
  {
    name: 'inquery pembelian warning',
    path: '/admin/inquery-pembelian-ban?tanggal_awal=2026-01-01',
    loggedIn: true,
    ready: heading('Inquery Pembelian Ban'),
  },
  {
    name: 'posting semua',
    path: '/admin/inquery-pembelian-ban/posting-semua',
    loggedIn: true,
    ready: async (page) => expect(page.getByRole('alertdialog', { name: 'Posting semua' })).toBeVisible(),
  },
  { name: 'inquery pemasangan', path: '/admin/inquery-pemasangan-ban', loggedIn: true, ready: heading('Inquery Pemasangan Ban') },
  { name: 'laporan pembelian', path: '/admin/laporan-pembelian-ban', loggedIn: true, ready: heading('Laporan Pembelian Ban') },
  {
    name: 'laporan cetak',
    path: '/admin/laporan-pembelian-ban/cetak?tanggal_awal=2026-01-01&tanggal_akhir=2026-12-31',
    loggedIn: true,
    ready: heading('Laporan Pembelian Ban'),
  },
  {
    name: 'laporan biaya ban',
    path: '/admin/laporan-biaya-ban?group=merek',
    loggedIn: true,
    ready: async (page) => {
      await heading('Laporan Biaya Ban per Km')(page)
      // A group opened, so its tyre table is checked too.
      const first = page.locator('main details').first()
      if (await first.count()) await first.locator('summary').click()
    },
  },
  {
    name: 'laporan biaya ban warning',
    path: '/admin/laporan-biaya-ban?tanggal_awal=2026-01-01&tanggal_akhir=2026-12-31&group=warna',
    loggedIn: true,
    ready: heading('Laporan Biaya Ban per Km'),
  },
  {
    name: 'laporan biaya cetak',
    path: '/admin/laporan-biaya-ban/cetak?tanggal_awal=2000-01-01&tanggal_akhir=2999-12-31&group=kendaraan',
    loggedIn: true,
    ready: heading('Laporan Biaya Ban per Km'),
  },
  { name: 'jatuh tempo', path: '/admin/jatuh-tempo?hari=90', loggedIn: true, ready: heading('Jatuh Tempo STNK & KIR') },
  { name: 'jatuh tempo warning', path: '/admin/jatuh-tempo?hari=45', loggedIn: true, ready: heading('Jatuh Tempo STNK & KIR') },
  { name: 'jatuh tempo cetak', path: '/admin/jatuh-tempo/cetak?hari=90', loggedIn: true, ready: heading('Jatuh Tempo STNK & KIR') },
  { name: 'pemasangan-ban list', path: '/admin/pemasangan-ban', loggedIn: true, ready: heading('Pemasangan Ban') },
  { name: 'stok ban list', path: '/admin/ban', loggedIn: true, ready: heading('Stok Ban') },
  { name: 'stok ban filter warning', path: '/admin/ban?status=hilang', loggedIn: true, ready: heading('Stok Ban') },
  { name: 'riwayat ban', path: '/admin/ban/1', loggedIn: true, ready: heading('Riwayat Ban') },
  { name: 'impor stok ban', path: '/admin/ban/impor', loggedIn: true, ready: heading('Impor Stok Ban') },
  { name: 'impor kendaraan', path: '/admin/kendaraan/impor', loggedIn: true, ready: heading('Impor Kendaraan') },
  { name: 'impor supplier', path: '/admin/supplier/impor', loggedIn: true, ready: heading('Impor Supplier') },
  { name: 'impor karyawan', path: '/admin/karyawan/impor', loggedIn: true, ready: heading('Impor Karyawan') },
  { name: 'terima vulkanisir dialog', path: '/admin/ban/1/terima-vulkanisir', loggedIn: true, ready: dialog('Terima dari Vulkanisir') },
  {
    name: 'label ban',
    path: '/admin/label-ban/1',
    loggedIn: true,
    ready: async (page) => expect(page.locator('[data-label-ban]').first()).toBeVisible(),
  },
  { name: 'pelepasan-ban list', path: '/admin/pelepasan-ban', loggedIn: true, ready: heading('Pelepasan Ban') },
  {
    name: 'removal create form (22 tyres)',
    path: '/admin/create-pelepasan-ban?kendaraan_id=14',
    loggedIn: true,
    ready: heading('Form Pelepasan Ban'),
  },
  {
    name: 'removal position dialog',
    path: '/admin/create-pelepasan-ban/posisi/1A?kendaraan_id=14',
    loggedIn: true,
    ready: dialog('Form Pelepasan Ban (1A)'),
  },
  { name: 'rotasi-ban list', path: '/admin/rotasi-ban', loggedIn: true, ready: heading('Rotasi Ban') },
  { name: 'klaim-ban list', path: '/admin/klaim-ban', loggedIn: true, ready: heading('Klaim Ban') },
  { name: 'klaim-ban tambah', path: '/admin/klaim-ban/tambah', loggedIn: true, ready: dialog('Tambah Klaim Ban') },
  // Claim 3 of the demo seed is Diajukan and unposted; claim 1 approved and posted.
  { name: 'klaim-ban edit', path: '/admin/klaim-ban/3/edit', loggedIn: true, ready: dialog('Edit Klaim Ban KL000003') },
  { name: 'klaim-ban detail', path: '/admin/klaim-ban/1', loggedIn: true, ready: dialog('Detail Klaim Ban') },
  { name: 'surat klaim ban', path: '/admin/klaim-cetak/1', loggedIn: true, ready: heading('Surat Klaim Ban') },
  { name: 'inquery-klaim-ban', path: '/admin/inquery-klaim-ban', loggedIn: true, ready: heading('Inquery Klaim Ban') },
  { name: 'km kendaraan list', path: '/admin/km-kendaraan', loggedIn: true, ready: heading('Km Kendaraan') },
  {
    name: 'km kendaraan koreksi',
    path: '/admin/km-kendaraan/1/koreksi',
    loggedIn: true,
    ready: async (page) => expect(page.getByRole('dialog', { name: /^Koreksi Km / })).toBeVisible(),
  },
  { name: 'item servis list', path: '/admin/item-servis', loggedIn: true, ready: heading('Item Servis') },
  { name: 'item servis tambah', path: '/admin/item-servis/tambah', loggedIn: true, ready: dialog('Tambah Item Servis') },
  { name: 'jadwal servis list', path: '/admin/jadwal-servis', loggedIn: true, ready: heading('Jadwal Servis') },
  // Vehicle type 1 and vehicle 1 of the demo seed have a service plan, vehicle 1 its last services.
  { name: 'jadwal servis jenis', path: '/admin/jadwal-servis/jenis/1', loggedIn: true, ready: heading(/^Jadwal Servis: /) },
  {
    name: 'jadwal servis kendaraan',
    path: '/admin/jadwal-servis/kendaraan/1',
    loggedIn: true,
    ready: heading(/^Jadwal Servis Kendaraan /),
  },
  { name: 'servis jatuh tempo', path: '/admin/servis-jatuh-tempo', loggedIn: true, ready: heading('Servis Jatuh Tempo') },
  {
    name: 'servis jatuh tempo cetak',
    path: '/admin/servis-jatuh-tempo/cetak?status=lewat',
    loggedIn: true,
    ready: heading('Servis Jatuh Tempo'),
  },
  // Km Kendaraan's import of a GPS export: the upload form.
  { name: 'impor km kendaraan', path: '/admin/km-kendaraan/impor', loggedIn: true, ready: heading('Impor Km Kendaraan') },
  // The parts store: part 1 and purchase 1 of the demo seed.
  { name: 'suku cadang list', path: '/admin/suku-cadang', loggedIn: true, ready: heading('Suku Cadang') },
  { name: 'suku cadang tambah', path: '/admin/suku-cadang/tambah', loggedIn: true, ready: dialog('Tambah Suku Cadang') },
  { name: 'pembelian suku cadang list', path: '/admin/pembelian-suku-cadang', loggedIn: true, ready: heading('Pembelian Suku Cadang') },
  {
    name: 'pembelian suku cadang tambah',
    path: '/admin/pembelian-suku-cadang/tambah',
    loggedIn: true,
    ready: dialog('Tambah Pembelian Suku Cadang'),
  },
  {
    name: 'faktur pembelian suku cadang',
    path: '/admin/faktur-pembelian-suku-cadang/1',
    loggedIn: true,
    ready: heading('Faktur Pembelian Suku Cadang'),
  },
  {
    name: 'inquery pembelian suku cadang',
    path: '/admin/inquery-pembelian-suku-cadang',
    loggedIn: true,
    ready: heading('Inquery Pembelian Suku Cadang'),
  },
  { name: 'stok suku cadang', path: '/admin/stok-suku-cadang', loggedIn: true, ready: heading('Stok Suku Cadang') },
  { name: 'kartu stok', path: '/admin/stok-suku-cadang/1', loggedIn: true, ready: heading(/^Kartu Stok /) },
  { name: 'stok opname', path: '/admin/stok-opname', loggedIn: true, ready: heading('Stok Opname') },
  // Perintah Kerja: the demo seed's work orders 4 to 6 are unposted, 1 to 3 posted; vehicle 1 has a plan.
  { name: 'perintah kerja list', path: '/admin/perintah-kerja', loggedIn: true, ready: heading('Perintah Kerja') },
  {
    name: 'perintah kerja tambah (from the due list)',
    path: '/admin/perintah-kerja/tambah?kendaraan_id=1&item_servis_id=1&item_servis_id=2',
    loggedIn: true,
    ready: dialog('Tambah Perintah Kerja'),
  },
  { name: 'perintah kerja edit', path: '/admin/perintah-kerja/4/edit', loggedIn: true, ready: dialog('Edit Perintah Kerja PK000004') },
  { name: 'perintah kerja detail', path: '/admin/perintah-kerja/1', loggedIn: true, ready: dialog('Detail Perintah Kerja') },
  { name: 'perintah kerja cetak', path: '/admin/perintah-kerja-cetak/1', loggedIn: true, ready: heading('Perintah Kerja') },
  { name: 'inquery perintah kerja', path: '/admin/inquery-perintah-kerja', loggedIn: true, ready: heading('Inquery Perintah Kerja') },
  // Vehicle 1 of the demo seed has renewals and km readings.
  { name: 'kendaraan detail', path: '/admin/kendaraan/1', loggedIn: true, ready: dialog('Detail Kendaraan') },
  { name: 'perpanjangan list', path: '/admin/perpanjangan-stnk', loggedIn: true, ready: heading('Perpanjangan STNK & KIR') },
  {
    name: 'perpanjangan tambah (from a due list)',
    path: '/admin/perpanjangan-stnk/tambah?kendaraan_id=1&jenis_dokumen=KIR',
    loggedIn: true,
    ready: dialog('Tambah Perpanjangan STNK / KIR'),
  },
  // Renewal 2 of the demo seed is unposted; renewal 1 posted.
  { name: 'perpanjangan edit', path: '/admin/perpanjangan-stnk/2/edit', loggedIn: true, ready: dialog('Edit Perpanjangan PJ000002') },
  { name: 'perpanjangan detail', path: '/admin/perpanjangan-stnk/1', loggedIn: true, ready: dialog('Detail Perpanjangan') },
  { name: 'bukti perpanjangan', path: '/admin/perpanjangan-cetak/1', loggedIn: true, ready: heading('Bukti Perpanjangan') },
  {
    name: 'laporan biaya perpanjangan',
    path: '/admin/laporan-biaya-perpanjangan',
    loggedIn: true,
    ready: heading('Laporan Biaya Perpanjangan'),
  },
  {
    name: 'laporan biaya per kendaraan',
    path: '/admin/laporan-biaya-kendaraan',
    loggedIn: true,
    ready: heading('Laporan Biaya per Kendaraan'),
  },
  {
    name: 'cetak laporan biaya per kendaraan (per jenis)',
    path: '/admin/laporan-biaya-kendaraan/cetak?tanggal_awal=2026-01-01&tanggal_akhir=2026-12-31&kelompok=jenis',
    loggedIn: true,
    ready: heading('Laporan Biaya per Jenis Kendaraan'),
  },
  {
    name: 'rotation create form (22 tyres)',
    path: '/admin/create-rotasi-ban?kendaraan_id=14',
    loggedIn: true,
    ready: heading('Form Rotasi Ban'),
  },
  {
    name: 'rotation position dialog',
    path: '/admin/create-rotasi-ban/posisi/1A?kendaraan_id=14',
    loggedIn: true,
    ready: dialog('Pindahkan Ban (1A)'),
  },
  { name: 'pemeriksaan-ban list', path: '/admin/pemeriksaan-ban', loggedIn: true, ready: heading('Pemeriksaan Ban') },
  {
    name: 'inspection create form (22 tyres)',
    path: '/admin/create-pemeriksaan-ban?kendaraan_id=14',
    loggedIn: true,
    ready: heading('Form Pemeriksaan Ban'),
  },
  { name: 'inspection show', path: '/admin/pemeriksaan-detail/1', loggedIn: true, ready: heading('Pemeriksaan Ban') },
  { name: 'inspection print', path: '/admin/pemeriksaan-cetak/1', loggedIn: true, ready: heading('Lembar Pemeriksaan Ban') },
  {
    name: 'laporan pemeriksaan ban',
    path: '/admin/laporan-pemeriksaan-ban?tanggal_awal=2000-01-01&tanggal_akhir=2999-12-31',
    loggedIn: true,
    ready: heading('Laporan Pemeriksaan Ban'),
  },
  {
    name: 'laporan pemeriksaan ban print',
    path: '/admin/laporan-pemeriksaan-ban/cetak?tanggal_awal=2000-01-01&tanggal_akhir=2999-12-31',
    loggedIn: true,
    ready: heading('Laporan Pemeriksaan Ban'),
  },
  {
    name: 'pemasangan-ban vehicle picker',
    path: '/admin/pemasangan-ban/tambah?kendaraan_id=',
    loggedIn: true,
    ready: dialog('Pilih Kendaraan'),
  },
  // Vehicle 14 of the demo seed has 22 tyres; fitting 1 is unposted, fitting 2 posted.
  {
    name: 'fitting create form (22 tyres)',
    path: '/admin/create-pemasangan-ban?kendaraan_id=14',
    loggedIn: true,
    ready: heading('Form Pemasangan Ban'),
  },
  {
    name: 'fitting position dialog',
    path: '/admin/create-pemasangan-ban/posisi/6D?kendaraan_id=14',
    loggedIn: true,
    ready: dialog('Form Input Pemasangan Ban (6D)'),
  },
  { name: 'fitting edit screen', path: '/admin/inquery-pemasangan-ban/edit/1', loggedIn: true, ready: heading('Update Pemasangan Ban') },
  {
    name: 'fitting edit screen, posted',
    path: '/admin/inquery-pemasangan-ban/edit/2',
    loggedIn: true,
    ready: heading('Update Pemasangan Ban'),
  },
  { name: 'faktur pemasangan', path: '/admin/pemasangan-detail/1', loggedIn: true, ready: heading('Faktur Pemasangan Ban') },
  // Audit trail: a purchase that other tests posted and unposted, and the admin's access editor with its panel.
  {
    name: 'riwayat pembelian dialog',
    path: '/admin/inquery-pembelian-ban/1/riwayat',
    loggedIn: true,
    ready: async (page) => expect(page.getByRole('dialog', { name: /^Riwayat Pembelian Ban/ })).toBeVisible(),
  },
  {
    name: 'akses editor with its history',
    path: '/admin/akses/edit/1',
    loggedIn: true,
    ready: async (page) => expect(page.getByRole('heading', { name: 'Perubahan hak akses terakhir' })).toBeVisible(),
  },
]
