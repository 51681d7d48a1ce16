import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { formatDate, formatNumber, formatRupiah } from '~/lib/format'
import { detailDialogData } from '~/server/detail-dialog.server'
import { pihakOf } from '~/server/klaim.server'
import { getKlaim } from '~/upstream/klaim-ban.server'
import { DetailDialog } from '~/ui/detail-dialog'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

/** 'Detail Klaim Ban': the tyre, the pelepasan it came from, the figures, the party, the amount and its reason. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { item, qr, closeTo } = await detailDialogData(
    request,
    params,
    { byId: getKlaim },
    {
      notFound: 'Klaim ban tidak ditemukan.',
      qr: (k) => k.kode_klaim || null,
    },
  )
  return { item, pihak: pihakOf(item), qr, closeTo }
}

export default function KlaimDetail() {
  const { item: k, pihak, qr, closeTo } = useLoaderData<typeof loader>()
  return (
    <DetailDialog
      title="Detail Klaim Ban"
      closeTo={closeTo}
      qr={qr}
      qrLabel={k.kode_klaim}
      closeButton
      items={[
        ['Kode Klaim', k.kode_klaim],
        ['Tanggal', formatDate(k.tanggal_awal)],
        ['Status Klaim', k.status_klaim],
        ['Status', k.status === 'posting' ? 'Posting' : 'Unpost'],
        ['No Seri Ban', k.ban?.no_seri],
        ['Kode Ban', k.ban?.kode_ban],
        ['Pelepasan', [k.pelepasan?.kode_pelepasan, k.kendaraan?.no_kabin, k.pelepasan?.posisi_ban].filter(Boolean).join(' — ')],
        ['Alasan Pelepasan', k.pelepasan?.alasan],
        ['Pihak', `${pihak} (${k.jenis})`],
        ['Harga Ban', formatRupiah(k.harga)],
        ['Target Km', formatNumber(k.target_km)],
        ['Km Tempuh', formatNumber(k.km_tempuh)],
        ['Nilai Hitung', formatRupiah(k.nilai_hitung)],
        ['Nilai Klaim', formatRupiah(k.nilai_klaim)],
        ['Alasan Perubahan Nilai', k.alasan_ubah_nilai],
        ['Keterangan', k.keterangan],
      ]}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
