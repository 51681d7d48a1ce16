import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, type MetaFunction } from '@remix-run/react'
import { masterListData } from '~/server/master-list.server'
import { MASTER_SCREENS } from '~/lib/master-screens'
import { listKaryawan, pageKaryawan } from '~/upstream/karyawan.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { MasterList } from '~/ui/master-list'

export const meta: MetaFunction = () => [{ title: 'Karyawan — Armada' }]

/** Karyawan: search on nama_lengkap; No, Kode Karyawan and Nama Karyawan sortable. */
export async function loader({ request }: LoaderFunctionArgs) {
  return masterListData(request, listKaryawan, MASTER_SCREENS.karyawan, {
    kode: (k) => k.kode_karyawan,
    nama: (k) => k.nama_lengkap,
    qr: (k) => k.qrcode_karyawan,
    paged: pageKaryawan,
  })
}

export default function KaryawanList() {
  return <MasterList list={useLoaderData<typeof loader>()} screen={MASTER_SCREENS.karyawan} />
}

export const ErrorBoundary = GeneralErrorBoundary
