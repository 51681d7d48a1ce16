import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { formatDate, formatRupiah } from '~/lib/format'
import { uploadSrc } from '~/lib/images'
import { detailDialogData } from '~/server/detail-dialog.server'
import { getPerpanjangan } from '~/upstream/perpanjangan.server'
import { DetailDialog } from '~/ui/detail-dialog'
import { DetailPhoto } from '~/ui/detail-list'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

/** 'Detail Perpanjangan': the vehicle, the document, the old and new expiry, the cost, the receipt photo. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return detailDialogData(
    request,
    params,
    { byId: getPerpanjangan },
    { notFound: 'Perpanjangan tidak ditemukan.', qr: (p) => p.kode_perpanjangan || null },
  )
}

export default function PerpanjanganDetail() {
  const { item: p, qr, closeTo } = useLoaderData<typeof loader>()
  return (
    <DetailDialog
      title="Detail Perpanjangan"
      closeTo={closeTo}
      qr={qr}
      qrLabel={p.kode_perpanjangan}
      closeButton
      items={[
        ['Kode Perpanjangan', p.kode_perpanjangan],
        ['Status', p.status === 'posting' ? 'Posting' : 'Unpost'],
        ['No Kabin', p.kendaraan?.no_kabin],
        ['No Pol', p.kendaraan?.no_pol],
        ['Dokumen', p.jenis_dokumen],
        ['Expired Lama', p.expired_lama ? formatDate(p.expired_lama) : null],
        ['Expired Baru', formatDate(p.expired_baru)],
        ['Biaya', formatRupiah(p.biaya)],
        ['Tanggal Bayar', formatDate(p.tanggal_bayar)],
        ['Keterangan', p.keterangan],
      ]}
    >
      <div className="mt-5">
        <DetailPhoto label="Foto Kwitansi" src={uploadSrc(p.gambar)} />
      </div>
    </DetailDialog>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
