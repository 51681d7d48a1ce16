import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, type MetaFunction } from '@remix-run/react'
import { masterListData } from '~/server/master-list.server'
import { MASTER_SCREENS } from '~/lib/master-screens'
import { listKendaraan, pageKendaraanByNoKabin } from '~/upstream/kendaraan.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { MasterList } from '~/ui/master-list'

export const meta: MetaFunction = () => [{ title: 'Kendaraan — Armada' }]

/** Kendaraan: search by no_kabin; columns No, Kode Kendaraan, No. Kabin, QrCode, Opsi. */
export async function loader({ request }: LoaderFunctionArgs) {
  return masterListData(request, listKendaraan, MASTER_SCREENS.kendaraan, {
    kode: (k) => k.kode_kendaraan,
    nama: (k) => k.no_kabin,
    qr: (k) => k.qrcode_kendaraan,
    paged: pageKendaraanByNoKabin,
  })
}

export default function KendaraanList() {
  return <MasterList list={useLoaderData<typeof loader>()} screen={MASTER_SCREENS.kendaraan} />
}

export const ErrorBoundary = GeneralErrorBoundary
