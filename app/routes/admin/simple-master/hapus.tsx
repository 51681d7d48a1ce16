import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { SIMPLE_MASTERS, simpleMasterTexts } from '~/lib/simple-master'
import { simpleHapusAction, simpleHapusLoader } from '~/server/simple-master.server'
import { ConfirmDeleteDialog } from '~/ui/confirm-delete'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

/** …/:id/hapus of every simple master screen. */
export const loader = ({ request, params }: LoaderFunctionArgs) => simpleHapusLoader(request, params.id)
// Grant check: simpleHapusAction calls requireScreen(request, 'delete') (app/server/simple-master.server.ts);
// a refused user gets 403 and nothing is sent upstream.
export const action = ({ request, params }: ActionFunctionArgs) => simpleHapusAction(request, params.id)

export default function SimpleMasterHapus() {
  const { key, record, closeTo } = useLoaderData<typeof loader>()
  const texts = simpleMasterTexts(SIMPLE_MASTERS[key])
  return (
    <ConfirmDeleteDialog closeTo={closeTo} text={texts.confirm} detail={record?.kode ? `${record.kode} — ${record.nama}` : undefined} />
  )
}

export const ErrorBoundary = GeneralErrorBoundary
