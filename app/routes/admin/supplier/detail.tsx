import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { detailDialogData } from '~/server/detail-dialog.server'
import { listSupplier } from '~/upstream/supplier.server'
import { DetailDialog } from '~/ui/detail-dialog'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

/** 'Detail Supplier': the QR code (150 px) and every supplier field. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return detailDialogData(request, params, listSupplier, { notFound: 'Supplier tidak ditemukan.', qr: (s) => s.qrcode_supplier })
}

export default function SupplierDetail() {
  const { item: s, qr, closeTo } = useLoaderData<typeof loader>()
  return (
    <DetailDialog
      title="Detail Supplier"
      closeTo={closeTo}
      qr={qr}
      qrLabel={s.kode_supplier || s.nama_supp}
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
  )
}

export const ErrorBoundary = GeneralErrorBoundary
