import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { declaredDocumentOf } from '~/server/documents.server'
import { lineDeleteAction, lineDeleteData } from '~/server/tyre-screen.server'
import { documentLineDelete } from '~/server/vehicle-document.server'
import { GeneralErrorBoundary } from '~/ui/error-boundary'

/** The undo of one line of a document on a vehicle (…/detail/:detailId/hapus of its screen), with its confirmation. */
export const loader = (args: LoaderFunctionArgs) => lineDeleteData(documentLineDelete(declaredDocumentOf(args.request)), args)

export const action = (args: ActionFunctionArgs) => lineDeleteAction(documentLineDelete(declaredDocumentOf(args.request)), args)

export { LineDeleteConfirm as default } from '~/ui/tyre-screen'

export const ErrorBoundary = GeneralErrorBoundary
