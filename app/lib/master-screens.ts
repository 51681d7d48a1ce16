/**
 * The master list screens' texts and columns, one entry a screen: what
 * app/ui/master-list.tsx shows and the sort keys app/server/master-list.server.ts reads from the URL.
 */
export type MasterScreen = {
  title: string
  subtitle: string
  searchPlaceholder: string
  addLabel: string
  /** The code and name columns: header and sort key. */
  kode: { header: string; key: string }
  nama: { header: string; key: string }
  qrHeader?: string
  /** No sorts by id (false: Departemen's No is not a link). */
  numberSortable?: boolean
  /** The row has a detail dialog (…/:id). */
  detail?: boolean
  /** The row has an edit dialog (false: User, whose only row action is delete). */
  edit?: boolean
  /** The search box looks in the code instead of the name (User). */
  searchKode?: boolean
}

const screen = (
  title: string,
  noun: string,
  subtitle: string,
  searchPlaceholder: string,
  rest: Omit<MasterScreen, 'title' | 'subtitle' | 'searchPlaceholder' | 'addLabel'>,
): MasterScreen => ({
  title,
  subtitle,
  searchPlaceholder,
  addLabel: `Tambah ${noun}`,
  ...rest,
})

export const MASTER_SCREENS = {
  departemen: screen('Departemen', 'Departemen', 'Daftar departemen yang tersedia di sistem', 'Cari departemen...', {
    kode: { header: 'ID', key: 'kode_departemen' },
    nama: { header: 'Nama', key: 'nama' },
    qrHeader: 'QR Code',
    numberSortable: false,
  }),
  karyawan: screen('Karyawan', 'Karyawan', 'Daftar karyawan yang tersedia di sistem', 'Cari karyawan...', {
    kode: { header: 'Kode Karyawan', key: 'kode_karyawan' },
    nama: { header: 'Nama Karyawan', key: 'nama_lengkap' },
    detail: true,
  }),
  user: screen('User', 'User', 'Daftar user yang dapat masuk ke sistem', 'Cari user...', {
    kode: { header: 'Kode User', key: 'kode_user' },
    nama: { header: 'Nama User', key: 'nama_user' },
    edit: false,
    searchKode: true,
  }),
  supplier: screen('Supplier', 'Supplier', 'list of suppliers available in the system', 'Cari supplier...', {
    kode: { header: 'Kode Supplier', key: 'kode_supplier' },
    nama: { header: 'Nama Supplier', key: 'nama_supp' },
    detail: true,
  }),
  jenisKendaraan: screen(
    'Jenis Kendaraan',
    'Jenis Kendaraan',
    'Daftar jenis kendaraan yang tersedia di sistem',
    'Cari jenis kendaraan...',
    {
      kode: { header: 'Kode Jenis Kendaraan', key: 'kode_jenis_kendaraan' },
      nama: { header: 'Nama Jenis Kendaraan', key: 'nama_jenis_kendaraan' },
    },
  ),
  kendaraan: screen('Kendaraan', 'Kendaraan', 'Daftar kendaraan yang tersedia di sistem', 'Cari no kabin...', {
    kode: { header: 'Kode Kendaraan', key: 'kode_kendaraan' },
    nama: { header: 'No. Kabin', key: 'no_kabin' },
    detail: true,
  }),
  stnk: screen('STNK', 'STNK', 'Daftar stnk yang tersedia di sistem', 'Cari nama pemilik...', {
    kode: { header: 'Kode Stnk', key: 'kode_stnk' },
    nama: { header: 'Nama Pemilik', key: 'nama_pemilik' },
    detail: true,
  }),
} satisfies Record<string, MasterScreen>
