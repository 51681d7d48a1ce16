import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { detailDialogData } from '~/server/detail-dialog.server'
import { listStnk } from '~/upstream/stnk.server'
import { DetailDialog } from '~/ui/detail-dialog'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

/**
 * 'Detail Stnk': the QR code and the fields the original screen shows — the ones that
 * belong to a supplier (npwp, jabatan, fax …) when the upstream sends them, else 'Tidak ada'.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return detailDialogData(request, params, listStnk, { notFound: 'Stnk tidak ditemukan.', qr: (s) => s.qrcode_stnk })
}

export default function StnkDetail() {
  const { item: s, qr, closeTo } = useLoaderData<typeof loader>()
  return (
    <DetailDialog
      title="Detail Stnk"
      closeTo={closeTo}
      qr={qr}
      qrLabel={s.kode_stnk || s.nama_pemilik}
      closeButton
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
  )
}

export const ErrorBoundary = GeneralErrorBoundary
