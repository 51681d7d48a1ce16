import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { idParam, listUrlOf, saveDialogForm } from '~/server/crud.server'
import { takeDraft } from '~/server/draft.server'
import { ITEM_SERVIS_FIELDS, ItemServisSchema, itemServisBody } from '~/lib/forms/item-servis'
import { requireScreen } from '~/server/grants.server'
import { findForDialog } from '~/server/route-errors.server'
import { createItemServis, listItemServis, updateItemServis, type ItemServis } from '~/upstream/jadwal-servis.server'
import { RouteDialog } from '~/ui/dialog'
import { DialogButtons } from '~/ui/dialog-buttons'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { DraftNotice, FormErrors, TextField } from '~/ui/fields'

/** …/tambah and …/:id/edit: Nama Item Servis, Interval Km, Interval Hari (one of them at least), Suku Cadang. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, params.id ? 'update' : 'create')
  const draft = await takeDraft(request, auth.user.id)
  let item: ItemServis | null = null
  if (params.id) {
    const id = idParam(params.id)
    item = (await findForDialog(request, () => listItemServis(auth.upstream), id, 'Item Servis tidak ditemukan.')) ?? ({ id } as ItemServis)
  }
  return data(
    { item, closeTo: listUrlOf(request), draft: draft?.values ?? null },
    draft ? { headers: { 'Set-Cookie': draft.clear } } : undefined,
  )
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireScreen(request, params.id ? 'update' : 'create')
  const id = params.id ? idParam(params.id) : null
  return saveDialogForm(request, {
    schema: ItemServisSchema,
    save: (value) =>
      id ? updateItemServis(auth.upstream, id, itemServisBody(value)) : createItemServis(auth.upstream, itemServisBody(value)),
    successMessage: id ? 'Item Servis berhasil diperbarui!' : 'Item Servis berhasil ditambahkan!',
    notFoundMessage: 'Item Servis tidak ditemukan.',
  })
}

const wholeInput = { inputMode: 'numeric', maxLength: 12 } as const

export default function ItemServisForm() {
  const { item, closeTo, draft } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const initial = Object.fromEntries(
    ITEM_SERVIS_FIELDS.map((k) => [k, draft?.fields[k] ?? (item?.[k] === null || item?.[k] === undefined ? '' : String(item[k]))]),
  )
  const [form, fields] = useForm({
    id: `item-servis-${item?.id ?? 'baru'}`,
    lastResult: actionData?.result,
    defaultValue: initial,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ItemServisSchema }),
    shouldRevalidate: 'onInput',
  })
  return (
    <RouteDialog title={item ? 'Edit Item Servis' : 'Tambah Item Servis'} closeTo={closeTo}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <DraftNotice draft={draft} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField meta={fields.nama} label="Nama Item Servis" required inputProps={{ autoFocus: true, maxLength: 100 }} />
        <p className="text-sm text-slate-600">Isi salah satu atau keduanya: servis jatuh tempo pada yang lebih dulu tercapai.</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField meta={fields.interval_km} label="Interval Km" inputProps={wholeInput} />
          <TextField meta={fields.interval_hari} label="Interval Hari" inputProps={wholeInput} />
        </div>
        <TextField
          meta={fields.suku_cadang}
          label="Suku Cadang"
          inputProps={{ maxLength: 255, placeholder: 'mis. Oli mesin 15W-40 (liter), filter oli' }}
        />
        <DialogButtons closeTo={closeTo} editing={!!item} />
      </Form>
    </RouteDialog>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
