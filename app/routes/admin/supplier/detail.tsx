import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { idParam, listUrlOf } from '~/lib/crud.server'
import { requireScreen } from '~/lib/grants.server'
import { qrFor } from '~/lib/qr.server'
import { findForDialog } from '~/lib/route-errors.server'
import { listSupplier } from '~/upstream/supplier.server'
import { DetailList } from '~/ui/detail-list'
import { RouteDialog } from '~/ui/dialog'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { QrCode } from '~/ui/qr-code'

/** 'Detail Supplier' (spec 000 §2): the QR code (150 px) and every supplier field. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, 'show')
  const id = idParam(params.id)
  const supplier = (await findForDialog(request, () => listSupplier(auth.upstream), id, 'Supplier tidak ditemukan.'))!
  return { supplier, qr: qrFor(supplier.qrcode_supplier), closeTo: listUrlOf(request) }
}

export default function SupplierDetail() {
  const { supplier: s, qr, closeTo } = useLoaderData<typeof loader>()
  return (
    <RouteDialog title="Detail Supplier" closeTo={closeTo} size="lg">
      <div className="flex flex-col gap-5 sm:flex-row">
        <div className="shrink-0">
          <QrCode qr={qr} size={150} label={s.kode_supplier || s.nama_supp} />
        </div>
        <DetailList
          items={[
            ['Kode Supplier', s.kode_supplier],
            ['Nama Supplier', s.nama_supp],
            ['Nama Person', s.nama_person],
            ['Jabatan', s.jabatan],
            ['Telepon', s.telp],
            ['Fax', s.fax],
            ['HP', s.hp],
            ['Email', s.gmail],
            ['Email Alternatif', s.email],
            ['NPWP', s.npwp],
            ['Alamat', s.alamat],
            ['Atas Nama', s.atas_nama],
            ['No. Rekening', s.norek],
            ['Nama Bank', s.nama_bank],
          ]}
        />
      </div>
    </RouteDialog>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
