import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { detailDialogData } from '~/server/detail-dialog.server'
import { formatDateLong } from '~/lib/format'
import { uploadSrc } from '~/lib/images'
import { listKaryawan } from '~/upstream/karyawan.server'
import { DetailDialog } from '~/ui/detail-dialog'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

/** The read-only 'Detail Karyawan' dialog: QR 150 px, ID-card photo, the fields; 'Tidak ada' when missing. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return detailDialogData(request, params, listKaryawan, { notFound: 'Karyawan tidak ditemukan.', qr: (k) => k.qrcode_karyawan })
}

const dateOrNull = (v: string | null) => (v ? formatDateLong(v) : null)

export default function KaryawanDetail() {
  const { item: k, qr, closeTo } = useLoaderData<typeof loader>()
  const foto = uploadSrc(k.gambar)
  return (
    <DetailDialog
      title="Detail Karyawan"
      closeTo={closeTo}
      qr={qr}
      qrLabel={k.kode_karyawan || 'karyawan'}
      closeButton
      aside={
        foto ? (
          <img src={foto} alt="Foto KTP" className="max-h-[150px] rounded border border-slate-200 object-contain" />
        ) : (
          <p className="text-sm text-slate-500">Foto KTP: Tidak ada</p>
        )
      }
      items={[
        ['Kode Karyawan', k.kode_karyawan],
        ['Nama Lengkap', k.nama_lengkap],
        ['Departemen', k.departemen?.nama],
        ['No KTP', k.no_ktp],
        ['No SIM', k.no_sim],
        ['Tanggal Lahir', dateOrNull(k.tanggal_lahir)],
        ['Tanggal Gabung', dateOrNull(k.tanggal_gabung)],
        ['Telepon', k.telp],
        ['Email', k.gmail],
        ['Alamat', k.alamat],
      ]}
    />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
