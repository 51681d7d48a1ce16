import type { LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { idParam, listUrlOf } from '~/lib/crud.server'
import { requireScreen } from '~/lib/grants.server'
import { qrFor } from '~/lib/qr.server'
import { findForDialog } from '~/lib/route-errors.server'
import { listStnk } from '~/upstream/stnk.server'
import { buttonClass } from '~/ui/button'
import { DetailList } from '~/ui/detail-list'
import { RouteDialog } from '~/ui/dialog'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { QrCode } from '~/ui/qr-code'

/**
 * 'Detail Stnk' (spec 001 §2): the QR code and the fields the original screen shows — the ones that
 * belong to a supplier (npwp, jabatan, fax …) when the upstream sends them, else 'Tidak ada'.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, 'show')
  const stnk = (await findForDialog(request, () => listStnk(auth.upstream), idParam(params.id), 'Stnk tidak ditemukan.'))!
  return { stnk, qr: qrFor(stnk.qrcode_stnk), closeTo: listUrlOf(request) }
}

export default function StnkDetail() {
  const { stnk: s, qr, closeTo } = useLoaderData<typeof loader>()
  return (
    <RouteDialog title="Detail Stnk" closeTo={closeTo} size="lg">
      <div className="flex flex-col gap-5 sm:flex-row">
        <div className="shrink-0">
          <QrCode qr={qr} size={150} label={s.kode_stnk || s.nama_pemilik} />
        </div>
        <DetailList
          items={[
            ['Kode Stnk', s.kode_stnk],
            ['Nama Stnk', s.nama_pemilik],
            ['No NPWP', s.npwp],
            ['Nama Person', s.nama_person],
            ['Jabatan', s.jabatan],
            ['Telp', s.telp],
            ['Fax', s.fax],
            ['Hp', s.hp],
            ['Email', s.gmail],
            ['Alamat', s.alamat],
          ]}
        />
      </div>
      <div className="mt-5 flex justify-end">
        <Link to={closeTo} preventScrollReset className={buttonClass('secondary')}>
          Tutup
        </Link>
      </div>
    </RouteDialog>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
