import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { idParam, listUrlOf, saveDialogForm } from '~/server/crud.server'
import { takeDraft } from '~/server/draft.server'
import { SATUAN, SUKU_CADANG_FIELDS, SukuCadangSchema, sukuCadangBody } from '~/lib/forms/suku-cadang'
import { requireScreen } from '~/server/grants.server'
import { findOneForDialog } from '~/server/route-errors.server'
import { createSukuCadang, getSukuCadang, updateSukuCadang, type SukuCadang } from '~/upstream/suku-cadang.server'
import { RouteDialog } from '~/ui/dialog'
import { DialogButtons } from '~/ui/dialog-buttons'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { DraftNotice, FormErrors, SelectField, TextField } from '~/ui/fields'

/** …/tambah and …/:id/edit: Nama, Satuan, Kategori, Stok Minimum (the stock itself moves only by purchases, work orders and counts). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, params.id ? 'update' : 'create')
  const draft = await takeDraft(request, auth.user.id)
  let part: SukuCadang | null = null
  if (params.id) {
    const id = idParam(params.id)
    part =
      (await findOneForDialog(request, () => getSukuCadang(auth.upstream, id), 'Suku Cadang tidak ditemukan.')) ?? ({ id } as SukuCadang)
  }
  return data(
    { part, closeTo: listUrlOf(request), draft: draft?.values ?? null },
    draft ? { headers: { 'Set-Cookie': draft.clear } } : undefined,
  )
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireScreen(request, params.id ? 'update' : 'create')
  const id = params.id ? idParam(params.id) : null
  return saveDialogForm(request, {
    schema: SukuCadangSchema,
    save: (value) =>
      id ? updateSukuCadang(auth.upstream, id, sukuCadangBody(value)) : createSukuCadang(auth.upstream, sukuCadangBody(value)),
    successMessage: id ? 'Suku Cadang berhasil diperbarui!' : 'Suku Cadang berhasil ditambahkan!',
    notFoundMessage: 'Suku Cadang tidak ditemukan.',
  })
}

export default function SukuCadangForm() {
  const { part, closeTo, draft } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const initial = Object.fromEntries(
    SUKU_CADANG_FIELDS.map((k) => [k, draft?.fields[k] ?? (part?.[k] === null || part?.[k] === undefined ? '' : String(part[k]))]),
  )
  const [form, fields] = useForm({
    id: `suku-cadang-${part?.id ?? 'baru'}`,
    lastResult: actionData?.result,
    defaultValue: initial,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SukuCadangSchema }),
    shouldRevalidate: 'onInput',
  })
  return (
    <RouteDialog title={part ? 'Edit Suku Cadang' : 'Tambah Suku Cadang'} closeTo={closeTo}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <DraftNotice draft={draft} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField meta={fields.nama} label="Nama Suku Cadang" required inputProps={{ autoFocus: true, maxLength: 100 }} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField meta={fields.satuan} label="Satuan" required options={SATUAN.map((s) => ({ value: s, label: s }))} />
          <TextField meta={fields.kategori} label="Kategori" inputProps={{ maxLength: 100, placeholder: 'mis. Filter, Oli, Rem' }} />
        </div>
        <TextField meta={fields.stok_minimum} label="Stok Minimum" inputProps={{ inputMode: 'numeric', maxLength: 12 }} />
        <DialogButtons closeTo={closeTo} editing={!!part} />
      </Form>
    </RouteDialog>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
