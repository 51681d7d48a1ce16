import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { idParam, listUrlOf } from '~/lib/crud.server'
import { formatDateLong, formatNumber } from '~/lib/format'
import { requireScreen } from '~/lib/grants.server'
import { uploadSrc } from '~/lib/images'
import { qrFor } from '~/lib/qr.server'
import { findForDialog } from '~/lib/route-errors.server'
import { listKendaraan } from '~/upstream/kendaraan.server'
import { DetailList, DetailPhoto } from '~/ui/detail-list'
import { RouteDialog } from '~/ui/dialog'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { QrCode } from '~/ui/qr-code'

/** 'Detail Kendaraan' (spec 000 §2): QR code, the vehicle's numbers, expiries, golongan, Km Akhir and both photos. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, 'show')
  const id = idParam(params.id)
  const kendaraan = (await findForDialog(request, () => listKendaraan(auth.upstream), id, 'Kendaraan tidak ditemukan.'))!
  return { kendaraan, qr: qrFor(kendaraan.qrcode_kendaraan), closeTo: listUrlOf(request) }
}

const dateOrNull = (v: string | null) => (v ? formatDateLong(v) : null)

export default function KendaraanDetail() {
  const { kendaraan: k, qr, closeTo } = useLoaderData<typeof loader>()
  return (
    <RouteDialog title="Detail Kendaraan" closeTo={closeTo} size="lg">
      <div className="flex flex-col gap-5 sm:flex-row">
        <div className="shrink-0">
          <QrCode qr={qr} size={150} label={k.kode_kendaraan || k.no_kabin} />
        </div>
        <DetailList
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
        />
      </div>
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        <DetailPhoto label="Gambar Barcode Solar" src={uploadSrc(k.gambar_barcodesolar)} />
        <DetailPhoto label="Gambar STNK" src={uploadSrc(k.gambar_stnk)} />
      </div>
    </RouteDialog>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
