/** The sidebar: groups with their entries, plus Dashboard, Update Profile, Logout. */
export type MenuEntry = { label: string; to: string }
export type MenuGroup = { label: string; entries: MenuEntry[] }

export const MENU_GROUPS: MenuGroup[] = [
  {
    label: 'Master',
    entries: [
      { label: 'Departemen', to: '/admin/departemen' },
      { label: 'Karyawan', to: '/admin/karyawan' },
      { label: 'User', to: '/admin/user' },
      { label: 'Hak Akses', to: '/admin/akses' },
      { label: 'Supplier', to: '/admin/supplier' },
      { label: 'Golongan', to: '/admin/golongan' },
      { label: 'Jenis Kendaraan', to: '/admin/jenis_kendaraan' },
      { label: 'Kendaraan', to: '/admin/kendaraan' },
      { label: 'Ukuran Ban', to: '/admin/ukuran' },
      { label: 'Merek Ban', to: '/admin/merek' },
      { label: 'Type Ban', to: '/admin/typban' },
    ],
  },
  {
    label: 'Operasional',
    entries: [
      { label: 'STNK', to: '/admin/stnk' },
      { label: 'Perpanjangan STNK', to: '/admin/perpanjangan-stnk' },
    ],
  },
  {
    label: 'Pemeliharaan Kendaraan',
    entries: [
      { label: 'Pemasangan Ban', to: '/admin/pemasangan-ban' },
      // Extensions of the spec: the tyre's whole life.
      { label: 'Stok Ban', to: '/admin/ban' },
      { label: 'Pelepasan Ban', to: '/admin/pelepasan-ban' },
    ],
  },
  { label: 'Transaksi', entries: [{ label: 'Pembelian Ban', to: '/admin/pembelian-ban' }] },
  {
    label: 'Finance',
    entries: [
      { label: 'Inquery Pembelian Ban', to: '/admin/inquery-pembelian-ban' },
      { label: 'Inquery Pemasangan Ban', to: '/admin/inquery-pemasangan-ban' },
    ],
  },
  {
    label: 'Laporan',
    entries: [
      { label: 'Laporan Pembelian Ban', to: '/admin/laporan-pembelian-ban' },
      { label: 'Laporan Biaya Ban', to: '/admin/laporan-biaya-ban' },
      { label: 'Jatuh Tempo STNK & KIR', to: '/admin/jatuh-tempo' },
    ],
  },
]

export const TOP_ENTRIES: MenuEntry[] = [{ label: 'Dashboard', to: '/admin/dashboard' }]
export const BOTTOM_ENTRIES: MenuEntry[] = [{ label: 'Update Profile', to: '/admin/users' }]

/** Menu search (case-insensitive, by entry or group name). */
export function filterMenu(groups: MenuGroup[], q: string): MenuGroup[] {
  const needle = q.trim().toLocaleLowerCase('id-ID')
  if (!needle) return groups
  return groups
    .map((g) =>
      g.label.toLocaleLowerCase('id-ID').includes(needle)
        ? g
        : { ...g, entries: g.entries.filter((e) => e.label.toLocaleLowerCase('id-ID').includes(needle)) },
    )
    .filter((g) => g.entries.length > 0)
}
