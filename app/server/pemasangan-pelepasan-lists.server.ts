import { listPelepasan, listPelepasanPage, type Pelepasan } from '~/upstream/pelepasan-ban.server'
import { listPemasangan, listPemasanganPage, type Pemasangan } from '~/upstream/pemasangan-ban.server'

/**
 * The pemasangan and pelepasan document lists (Pemasangan Ban, Pelepasan Ban): where their rows come from
 * (one page from an upstream that pages lists, else the whole list), how they are searched (document
 * code or cabin number) and sorted (the same keys on both paths), and the row each screen shows.
 */

export const PEMASANGAN_LIST = {
  whole: listPemasangan,
  spec: {
    paged: listPemasanganPage,
    searchIn: (p: Pemasangan) => [p.kode_pemasangan, p.kendaraan?.no_kabin ?? ''],
    sortBy: {
      id: (p: Pemasangan) => p.id,
      kode_pemasangan: (p: Pemasangan) => p.kode_pemasangan,
      no_kabin: (p: Pemasangan) => p.kendaraan?.no_kabin ?? '',
      jenis_kendaraan: (p: Pemasangan) => p.kendaraan?.jenis_kendaraan?.nama_jenis_kendaraan ?? '',
      status: (p: Pemasangan) => p.status,
    },
    row: (p: Pemasangan) => ({
      id: p.id,
      kode: p.kode_pemasangan,
      no_kabin: p.kendaraan?.no_kabin ?? null,
      jenis: p.kendaraan?.jenis_kendaraan?.nama_jenis_kendaraan ?? null,
      status: p.status,
    }),
  },
}

export const PELEPASAN_LIST = {
  whole: listPelepasan,
  spec: {
    paged: listPelepasanPage,
    searchIn: (p: Pelepasan) => [p.kode_pelepasan, p.kendaraan?.no_kabin ?? ''],
    sortBy: {
      id: (p: Pelepasan) => p.id,
      kode_pelepasan: (p: Pelepasan) => p.kode_pelepasan,
      no_kabin: (p: Pelepasan) => p.kendaraan?.no_kabin ?? '',
      tanggal_awal: (p: Pelepasan) => p.tanggal_awal ?? '',
      jumlah_ban: (p: Pelepasan) => p.jumlah_ban ?? 0,
      status: (p: Pelepasan) => p.status,
    },
    row: (p: Pelepasan) => ({
      id: p.id,
      kode: p.kode_pelepasan,
      no_kabin: p.kendaraan?.no_kabin ?? null,
      tanggal: p.tanggal_awal,
      jumlah_ban: p.jumlah_ban,
      status: p.status,
    }),
  },
}
