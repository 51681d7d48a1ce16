import type { ListSource } from './paged-list.server'
import { setujuiKlaim, tolakKlaim, listKlaim, listKlaimPage, type Klaim } from '~/upstream/klaim-ban.server'
import type { RowAction } from './posting.server'

/**
 * Klaim Ban's list as its screen and its inquiry read it: the upstream's calls, the search and sort
 * keys (the same the api's paged list sorts by), and the row both render.
 */
export const KLAIM_LIST = {
  whole: (up) => listKlaim(up),
  paged: (up, req) => listKlaimPage(up, req),
  spec: {
    searchIn: (k) => [k.kode_klaim, k.ban?.no_seri, k.kendaraan?.no_kabin, pihakOf(k)],
    sortBy: {
      id: (k) => k.id,
      kode_klaim: (k) => k.kode_klaim,
      tanggal_awal: (k) => k.tanggal_awal ?? '',
      no_seri: (k) => k.ban?.no_seri ?? '',
      pihak: (k) => pihakOf(k),
      nilai_klaim: (k) => k.nilai_klaim ?? 0,
      status_klaim: (k) => k.status_klaim,
      status: (k) => k.status,
    },
  },
} satisfies ListSource<Klaim>

/** Who the claim is against: the supplier's or the employee's name. */
export const pihakOf = (k: Klaim) => (k.jenis === 'Karyawan' ? (k.karyawan?.nama_lengkap ?? '') : (k.supplier?.nama_supp ?? ''))

/** A claim as its list and the inquiry show it. */
export const klaimRow = (k: Klaim) => ({
  id: k.id,
  kode: k.kode_klaim,
  status: k.status,
  status_klaim: k.status_klaim,
  tanggal: k.tanggal_awal,
  no_seri: k.ban?.no_seri ?? null,
  no_kabin: k.kendaraan?.no_kabin ?? null,
  jenis: k.jenis,
  pihak: pihakOf(k),
  nilai_klaim: k.nilai_klaim,
})

/** Setujui and Tolak from the row menu (Update). */
export const KLAIM_DECISIONS: Record<'setujui' | 'tolak', RowAction> = {
  setujui: { perm: 'update', call: setujuiKlaim, done: 'Klaim ban disetujui.', failed: 'Gagal menyetujui' },
  tolak: { perm: 'update', call: tolakKlaim, done: 'Klaim ban ditolak.', failed: 'Gagal menolak' },
}
