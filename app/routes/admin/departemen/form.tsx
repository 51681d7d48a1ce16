import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { idParam, listUrlOf, saveDialogForm } from '~/server/crud.server'
import { takeDraft } from '~/server/draft.server'
import { dialogRecord, loadForDialog } from '~/server/route-errors.server'
import { requireScreen } from '~/server/grants.server'
import { createDepartemen, listDepartemen, updateDepartemen } from '~/upstream/departemen.server'
import { RouteDialog } from '~/ui/dialog'
import { DialogButtons } from '~/ui/dialog-buttons'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { DraftNotice, FormErrors, TextField } from '~/ui/fields'

const NAMA_KOSONG = 'Nama Departemen tidak boleh kosong!'
const DepartemenSchema = z.object({
  nama: z.string({ error: NAMA_KOSONG }).trim().min(1, NAMA_KOSONG).max(255, 'Nama Departemen maksimal 255 karakter.'),
})

/** …/tambah and …/:id/edit share this dialog: add and edit are one modal. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, params.id ? 'update' : 'create')
  const closeTo = listUrlOf(request)
  const draft = await takeDraft(request, auth.user.id)
  let departemen = null
  if (params.id) {
    const id = idParam(params.id)
    const all = await loadForDialog(request, () => listDepartemen(auth.upstream))
    // null: re-rendered after a failed save with the upstream down — the form keeps what was sent.
    departemen = dialogRecord(
      request,
      all,
      (d) => d.id === id,
      { id, nama: '', kode_departemen: null, qrcode_departemen: null },
      'Departemen tidak ditemukan.',
    )
  }
  return data({ departemen, closeTo, draft: draft?.values ?? null }, draft ? { headers: { 'Set-Cookie': draft.clear } } : undefined)
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireScreen(request, params.id ? 'update' : 'create')
  const id = params.id ? idParam(params.id) : null
  return saveDialogForm(request, {
    schema: DepartemenSchema,
    save: (value) => (id ? updateDepartemen(auth.upstream, id, value) : createDepartemen(auth.upstream, value)),
    successMessage: id ? 'Departemen berhasil diperbarui!' : 'Departemen berhasil ditambahkan!',
    notFoundMessage: 'Departemen tidak ditemukan.',
  })
}

export default function DepartemenForm() {
  const { departemen, closeTo, draft } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const [form, fields] = useForm({
    id: `departemen-${departemen?.id ?? 'baru'}`,
    lastResult: actionData?.result,
    defaultValue: { nama: draft?.fields.nama ?? departemen?.nama ?? '' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DepartemenSchema }),
    shouldRevalidate: 'onInput',
  })
  return (
    <RouteDialog title={departemen ? 'Edit Departemen' : 'Tambah Departemen'} closeTo={closeTo}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <DraftNotice draft={draft} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField meta={fields.nama} label="Nama Departemen" required inputProps={{ autoFocus: true, maxLength: 255 }} />
        <DialogButtons closeTo={closeTo} editing={!!departemen} />
      </Form>
    </RouteDialog>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
