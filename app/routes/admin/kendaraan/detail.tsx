import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { detailDialogData } from '~/server/detail-dialog.server'
import { formatDateLong, formatNumber } from '~/lib/format'
import { uploadSrc } from '~/lib/images'
import { getKendaraan } from '~/upstream/kendaraan.server'
import { DetailDialog } from '~/ui/detail-dialog'
import { DetailPhoto } from '~/ui/detail-list'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

/** 'Detail Kendaraan': QR code, the vehicle's numbers, expiries, golongan, Km Akhir and both photos. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return detailDialogData(
    request,
    params,
    { byId: getKendaraan },
    { notFound: 'Kendaraan tidak ditemukan.', qr: (k) => k.qrcode_kendaraan },
  )
}

const dateOrNull = (v: string | null) => (v ? formatDateLong(v) : null)

export default function KendaraanDetail() {
  const { item: k, qr, closeTo } = useLoaderData<typeof loader>()
  return (
    <DetailDialog
      title="Detail Kendaraan"
      closeTo={closeTo}
      qr={qr}
      qrLabel={k.kode_kendaraan || k.no_kabin}
      items={[
        ['Kode Kendaraan', k.kode_kendaraan],
        ['No. Kabin', k.no_kabin],
        ['Jenis Kendaraan', k.jenis_kendaraan?.nama_jenis_kendaraan],
        ['No. Polisi', k.no_pol],
        ['No. Mesin', k.no_mesin],
        ['No. Rangka', k.no_rangka],
        ['Expired KIR', dateOrNull(k.expired_kir)],
        ['Expired STNK', dateOrNull(k.expired_stnk)],
        ['Golongan', k.golongan?.nama_golongan],
        ['Km Akhir', k.km === null ? null : formatNumber(k.km)],
      ]}
    >
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        <DetailPhoto label="Gambar Barcode Solar" src={uploadSrc(k.gambar_barcodesolar)} />
        <DetailPhoto label="Gambar STNK" src={uploadSrc(k.gambar_stnk)} />
      </div>
    </DetailDialog>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
