import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, type MetaFunction } from '@remix-run/react'
import { masterListData } from '~/server/master-list.server'
import { MASTER_SCREENS } from '~/lib/master-screens'
import { listSupplier, pageSupplier } from '~/upstream/supplier.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { MasterList } from '~/ui/master-list'

export const meta: MetaFunction = () => [{ title: 'Supplier — Armada' }]

/** Supplier: search by name; id, kode_supplier and nama_supp sortable (ascending first). */
export async function loader({ request }: LoaderFunctionArgs) {
  return masterListData(request, listSupplier, MASTER_SCREENS.supplier, {
    kode: (s) => s.kode_supplier,
    nama: (s) => s.nama_supp,
    qr: (s) => s.qrcode_supplier,
    paged: pageSupplier,
  })
}

export default function SupplierList() {
  return <MasterList list={useLoaderData<typeof loader>()} screen={MASTER_SCREENS.supplier} />
}

export const ErrorBoundary = GeneralErrorBoundary
