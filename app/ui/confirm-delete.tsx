import { Form, useLoaderData } from '@remix-run/react'
import type { DeleteDialogData } from '~/server/delete-route.server'
import { CancelLink, SubmitButton } from './button'
import { RouteDialog } from './dialog'
import { FormErrors } from './fields'

/**
 * The delete confirmation: 'Apakah Anda yakin?', 'Data <entity> ini akan dihapus secara
 * permanen!', buttons 'Ya, hapus!' and 'Batal'. A POST form (…/:id/hapus); Batal goes back.
 */
export function ConfirmDeleteDialog({
  closeTo,
  text,
  detail,
  error,
  title = 'Apakah Anda yakin?',
}: {
  /** 'Apakah Anda yakin?', or the fitted-tyre delete's 'Anda Yakin?'. */
  title?: string
  closeTo: string
  /** e.g. 'Data departemen ini akan dihapus secara permanen!' */
  text: string
  /** What is being deleted, e.g. the name and code. */
  detail?: string
  error?: string | null
}) {
  return (
    <RouteDialog title={title} closeTo={closeTo} size="sm" role="alertdialog">
      <p className="text-slate-700">{text}</p>
      {detail ? <p className="mt-2 font-medium text-slate-900">{detail}</p> : null}
      <FormErrors errors={error ? [error] : undefined} />
      <Form method="post" className="mt-5 flex justify-end gap-2">
        <CancelLink to={closeTo} />
        <SubmitButton variant="danger" name="intent" value="hapus">
          Ya, hapus!
        </SubmitButton>
      </Form>
    </RouteDialog>
  )
}

/** The page of a …/:id/hapus route (its loader is app/server/delete-route.server.ts deleteDialogData). */
export function ConfirmDeleteRoute({ text }: { text: string }) {
  const { detail, closeTo } = useLoaderData<DeleteDialogData>()
  return <ConfirmDeleteDialog closeTo={closeTo} text={text} detail={detail ?? undefined} />
}
