import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, type MetaFunction } from '@remix-run/react'
import { masterListData } from '~/server/master-list.server'
import { MASTER_SCREENS } from '~/lib/master-screens'
import { listJenisKendaraan, pageJenisKendaraan } from '~/upstream/jenis-kendaraan.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { MasterList } from '~/ui/master-list'

export const meta: MetaFunction = () => [{ title: 'Jenis Kendaraan — Armada' }]

/** Jenis Kendaraan: the table shows only code, name and QR code. */
export async function loader({ request }: LoaderFunctionArgs) {
  return masterListData(request, listJenisKendaraan, MASTER_SCREENS.jenisKendaraan, {
    kode: (j) => j.kode_jenis_kendaraan,
    nama: (j) => j.nama_jenis_kendaraan,
    qr: (j) => j.qrcode_jenis_kendaraan,
    paged: pageJenisKendaraan,
  })
}

export default function JenisKendaraanList() {
  return <MasterList list={useLoaderData<typeof loader>()} screen={MASTER_SCREENS.jenisKendaraan} />
}

export const ErrorBoundary = GeneralErrorBoundary
