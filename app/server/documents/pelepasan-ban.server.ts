import { formatNumber } from '~/lib/format'
import { PELEPASAN_POSTED, tujuanLabel } from '~/lib/pelepasan'
import {
  addPelepasan,
  deletePelepasan,
  deleteDetailPelepasan,
  getDetailPelepasan,
  listDetailPelepasanKendaraan,
  listPelepasan,
  listPelepasanPage,
  postingPelepasan,
  unpostPelepasan,
  type DetailPelepasan,
  type Pelepasan,
  type Terpasang,
} from '~/upstream/pelepasan-ban.server'
import { heldPositions } from '../pemasangan.server'
import { screenLine } from '../tyre-screen.server'
import { noKabinColumn, numberColumn, tanggalColumn } from '../document-list.server'
import { openDocumentScreen, type VehicleDocumentDeclaration, type VehicleDocumentScreen } from '../vehicle-document.server'

/**
 * Pelepasan Ban: tyres taken off a vehicle's positions, staged on the vehicle and registered as a
 * document. Its list, its create form (/admin/create-pelepasan-ban?kendaraan_id={id}), edit screen
 * (/admin/pelepasan-ban/edit/{id}; the positions it freed show their tyre as dilepas) and the undo of a
 * line; Show is its print page (routes/print/faktur-pelepasan.tsx), its position dialog
 * 'Form Pelepasan Ban ({posisi})' routes/admin/pelepasan-ban/posisi.tsx.
 */

export const ID_PELEPASAN_TIDAK_TERSEDIA = 'ID pelepasan tidak tersedia.'

const km = (n: number | null) => (n === null ? null : formatNumber(n))

export const PELEPASAN: VehicleDocumentDeclaration<Pelepasan, DetailPelepasan, Terpasang> = {
  entitas: 'pelepasan_ban',
  path: 'pelepasan-ban',
  show: 'pelepasan-detail',
  // Every pelepasan undone: the tyres back on their positions.
  hapus: {
    noun: 'Pelepasan ban',
    remove: deletePelepasan,
    deleted: 'Data pelepasan ban telah dihapus.',
    text: 'Data pelepasan ban ini akan dihapus; ban-bannya kembali terpasang pada posisinya.',
  },
  // The tyres on the vehicle now are read as the pemasangan screens read them: each one can be taken off.
  source: {
    name: 'pelepasan',
    document: getDetailPelepasan,
    notFound: 'Pelepasan ban tidak ditemukan.',
    fitted: heldPositions,
    fittedFailure: 'Tidak dapat memuat ban yang terpasang.',
    staged: listDetailPelepasanKendaraan,
    stagedFailure: 'Tidak dapat memuat ban yang dilepas.',
  },
  idMissing: ID_PELEPASAN_TIDAK_TERSEDIA,
  posted: PELEPASAN_POSTED,
  list: {
    title: 'Pelepasan Ban',
    subtitle: 'Daftar dokumen pelepasan ban dari kendaraan',
    searchPlaceholder: 'Cari kode pelepasan atau no kabin...',
    code: { header: 'Kode Pelepasan', sortKey: 'kode_pelepasan', of: (d) => d.kode_pelepasan },
    columns: [noKabinColumn(), tanggalColumn(), numberColumn('Jumlah Ban', (d) => d.jumlah_ban, 'jumlah_ban')],
    whole: listPelepasan,
    paged: listPelepasanPage,
    posting: postingPelepasan,
    unpost: unpostPelepasan,
  },
  screen: {
    titles: { create: 'Form Pelepasan Ban', edit: 'Update Pelepasan Ban', show: 'Pelepasan Ban' },
    codeLabel: 'Kode Pelepasan',
    hint: 'Pilih ban terpasang pada diagram untuk melepasnya',
    diagram: 'pelepasan',
    removes: true,
    linesTitle: 'Detail Ban Dilepas',
    headers: ['Kode', 'No Seri', 'Km Pasang', 'Km Lepas', 'Km Tempuh', 'Alasan', 'Tujuan'],
    line: (l) => ({
      id: l.id,
      posisi: l.posisi_ban,
      cells: [
        l.ban?.kode_ban ?? null,
        l.ban?.no_seri ?? null,
        km(l.km_pemasangan),
        km(l.km_pelepasan),
        km(l.km_tempuh),
        l.alasan,
        tujuanLabel(l.tujuan),
      ],
    }),
    empty: 'Belum ada ban yang dilepas.',
    editNote: 'Setiap ban yang dilepas atau dibatalkan langsung tersimpan pada dokumen ini.',
  },
  save: {
    register: (up, kendaraanId) => addPelepasan(up, kendaraanId),
    nothingStaged: 'Belum ada ban yang dilepas. Pilih ban terpasang pada diagram terlebih dahulu.',
    created: 'Data pelepasan ban berhasil disimpan.',
    updated: 'Data pelepasan ban berhasil diperbarui.',
  },
  // The tyre goes back on its position; refused when the document is posted or the tyre or its position was used since.
  undo: {
    label: 'Batalkan pelepasan posisi',
    describe: screenLine,
    remove: deleteDetailPelepasan,
    failure: 'Gagal membatalkan pelepasan ban.',
    title: 'Batalkan pelepasan?',
    text: 'Ban ini akan dipasang kembali pada posisinya.',
    success: 'Pelepasan ban dibatalkan; ban kembali terpasang.',
  },
}

export type PelepasanScreen = VehicleDocumentScreen<Pelepasan, DetailPelepasan, Terpasang>

/** The start of the position dialog's loader and action. */
export const openPelepasanScreen = (request: Request, params: Record<string, string | undefined>, opts: { writable?: boolean } = {}) =>
  openDocumentScreen(PELEPASAN, request, params, opts)

export default PELEPASAN
