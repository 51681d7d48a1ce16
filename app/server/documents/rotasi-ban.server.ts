import { formatNumber } from '~/lib/format'
import { ROTASI_POSTED } from '~/lib/rotasi'
import {
  addRotasi,
  deleteRotasi,
  deleteDetailRotasi,
  getDetailRotasi,
  listDetailRotasiKendaraan,
  listRotasi,
  listRotasiPage,
  listTerpasangRotasi,
  postingRotasi,
  unpostRotasi,
  type DetailRotasi,
  type Rotasi,
  type TerpasangRotasi,
} from '~/upstream/rotasi-ban.server'
import { noKabinColumn, numberColumn, tanggalColumn } from '../document-list.server'
import { openDocumentScreen, type VehicleDocumentDeclaration, type VehicleDocumentScreen } from '../vehicle-document.server'

/**
 * Rotasi Ban: moves of fitted tyres between the positions of one vehicle (an empty position takes the
 * tyre, a held one swaps the two), staged on the vehicle and registered as a document. Its list, its
 * create form (/admin/create-rotasi-ban?kendaraan_id={id}), edit screen (/admin/rotasi-ban/edit/{id}),
 * read-only Show (/admin/rotasi-detail/{id}) and the undo of a move; its position dialog
 * 'Pindahkan Ban ({posisi})' is routes/admin/rotasi-ban/posisi.tsx.
 */

/** A move as the screen's table and the undo confirmation name it: 'posisi 1A → 1B'. */
export const moveText = (l: DetailRotasi) => `${l.posisi_asal ?? '?'} → ${l.posisi_tujuan ?? '?'}`

const km = (n: number | null) => (n === null ? null : formatNumber(n))

export const ROTASI: VehicleDocumentDeclaration<Rotasi, DetailRotasi, TerpasangRotasi> = {
  entitas: 'rotasi_ban',
  path: 'rotasi-ban',
  show: 'rotasi-detail',
  source: {
    name: 'rotasi',
    document: getDetailRotasi,
    notFound: 'Rotasi ban tidak ditemukan.',
    fitted: listTerpasangRotasi,
    fittedFailure: 'Tidak dapat memuat ban yang terpasang.',
    staged: listDetailRotasiKendaraan,
    stagedFailure: 'Tidak dapat memuat ban yang dipindahkan.',
  },
  idMissing: 'ID rotasi tidak tersedia.',
  posted: ROTASI_POSTED,
  list: {
    title: 'Rotasi Ban',
    subtitle: 'Daftar dokumen rotasi (pindah posisi) ban pada kendaraan',
    searchPlaceholder: 'Cari kode rotasi atau no kabin...',
    code: { header: 'Kode Rotasi', sortKey: 'kode_rotasi', of: (d) => d.kode_rotasi },
    columns: [
      noKabinColumn(),
      tanggalColumn(),
      numberColumn('Km', (d) => d.km),
      numberColumn('Jumlah Pindah', (d) => d.jumlah_rotasi, 'jumlah_rotasi'),
    ],
    whole: listRotasi,
    paged: listRotasiPage,
    posting: postingRotasi,
    unpost: unpostRotasi,
  },
  screen: {
    titles: { create: 'Form Rotasi Ban', edit: 'Update Rotasi Ban', show: 'Rotasi Ban' },
    codeLabel: 'Kode Rotasi',
    hint: 'Pilih ban terpasang pada diagram untuk memindahkannya',
    diagram: 'rotasi',
    linesTitle: 'Detail Pemindahan Ban',
    headers: ['Ban', 'Ditukar dengan', 'Km'],
    line: (l) => ({
      id: l.id,
      posisi: moveText(l),
      cells: [l.ban?.no_seri ?? l.ban?.kode_ban ?? null, l.ban_tukar ? (l.ban_tukar.no_seri ?? l.ban_tukar.kode_ban) : 'kosong', km(l.km)],
    }),
    empty: 'Belum ada ban yang dipindahkan.',
    editNote: 'Setiap pemindahan atau pembatalan langsung tersimpan pada dokumen ini.',
  },
  save: {
    register: (up, kendaraanId) => addRotasi(up, kendaraanId),
    nothingStaged: 'Belum ada ban yang dipindahkan. Pilih ban terpasang pada diagram terlebih dahulu.',
    created: 'Data rotasi ban berhasil disimpan.',
    updated: 'Data rotasi ban berhasil diperbarui.',
  },
  // Every move undone: the tyres back where they were.
  hapus: {
    noun: 'Rotasi ban',
    remove: deleteRotasi,
    deleted: 'Data rotasi ban telah dihapus.',
    text: 'Data rotasi ban ini akan dihapus; ban-bannya kembali ke posisi semula.',
  },
  // The tyres go back where they were; refused when the document is posted or a tyre has moved or left since.
  undo: {
    label: 'Batalkan pemindahan',
    describe: (l) => ({ id: l.id, posisi: moveText(l), no_seri: l.ban?.no_seri ?? null, kode_ban: l.ban?.kode_ban ?? null }),
    remove: deleteDetailRotasi,
    failure: 'Gagal membatalkan rotasi ban.',
    title: 'Batalkan pemindahan?',
    text: 'Ban akan dikembalikan ke posisi semula.',
    success: 'Rotasi ban dibatalkan; ban kembali ke posisi semula.',
  },
}

export type RotasiScreen = VehicleDocumentScreen<Rotasi, DetailRotasi, TerpasangRotasi>

/** The start of the position dialog's loader and action. */
export const openRotasiScreen = (request: Request, params: Record<string, string | undefined>, opts: { writable?: boolean } = {}) =>
  openDocumentScreen(ROTASI, request, params, opts)

export default ROTASI
