import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { idParam, listUrlOf, saveDialogForm } from '~/server/crud.server'
import { takeDraft } from '~/server/draft.server'
import { formBody } from '~/lib/forms/fields'
import { SUPPLIER_FIELDS, SupplierSchema } from '~/lib/forms/supplier'
import { requireScreen } from '~/server/grants.server'
import { lookupChoices } from '~/server/lookup.server'
import { findForDialog } from '~/server/route-errors.server'
import { listDepartemen } from '~/upstream/departemen.server'
import { NAMA_BANK } from '~/lib/forms/choices'
import { createSupplier, listSupplier, updateSupplier, type Supplier } from '~/upstream/supplier.server'
import { RouteDialog } from '~/ui/dialog'
import { DialogButtons } from '~/ui/dialog-buttons'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { DraftNotice, FormErrors, SelectField, TextareaField, TextField } from '~/ui/fields'

/** …/tambah and …/:id/edit: every supplier field; nama_bank and departemen are choices. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, params.id ? 'update' : 'create')
  const draft = await takeDraft(request, auth.user.id)
  let supplier: Supplier | null = null
  if (params.id) {
    const id = idParam(params.id)
    supplier = (await findForDialog(request, () => listSupplier(auth.upstream), id, 'Supplier tidak ditemukan.')) ?? ({ id } as Supplier)
  }
  const current = supplier?.departemen_id ? { value: String(supplier.departemen_id), label: `Departemen #${supplier.departemen_id}` } : null
  const departemen = await lookupChoices(
    () => listDepartemen(auth.upstream),
    (d) => ({ value: String(d.id), label: d.nama }),
    'departemen',
    current,
  )
  return data(
    { supplier, departemen, closeTo: listUrlOf(request), draft: draft?.values ?? null },
    draft ? { headers: { 'Set-Cookie': draft.clear } } : undefined,
  )
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireScreen(request, params.id ? 'update' : 'create')
  const id = params.id ? idParam(params.id) : null
  return saveDialogForm(request, {
    schema: SupplierSchema,
    save: (value) => {
      const body = formBody(SUPPLIER_FIELDS, value, id !== null)
      return id ? updateSupplier(auth.upstream, id, body) : createSupplier(auth.upstream, body)
    },
    successMessage: id ? 'Supplier berhasil diperbarui!' : 'Supplier berhasil ditambahkan!',
  })
}

const BANKS = NAMA_BANK.map((b) => ({ value: b, label: b }))

export default function SupplierForm() {
  const { supplier, departemen, closeTo, draft } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const initial = Object.fromEntries(
    SUPPLIER_FIELDS.map((k) => [k, draft?.fields[k] ?? (supplier?.[k] === null || supplier?.[k] === undefined ? '' : String(supplier[k]))]),
  )
  const [form, fields] = useForm({
    id: `supplier-${supplier?.id ?? 'baru'}`,
    lastResult: actionData?.result,
    defaultValue: initial,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SupplierSchema }),
    shouldRevalidate: 'onInput',
  })
  return (
    <RouteDialog title={supplier ? 'Edit Supplier' : 'Tambah Supplier'} closeTo={closeTo} size="lg">
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <DraftNotice draft={draft} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField meta={fields.nama_supp} label="Nama Supplier" required inputProps={{ autoFocus: true, maxLength: 255 }} />
          <TextField meta={fields.nama_person} label="Nama Person" inputProps={{ maxLength: 255 }} />
          <TextField meta={fields.jabatan} label="Jabatan" inputProps={{ maxLength: 255 }} />
          <TextField meta={fields.telp} label="Telepon" type="tel" inputProps={{ maxLength: 50 }} />
          <TextField meta={fields.fax} label="Fax" inputProps={{ maxLength: 50 }} />
          <TextField meta={fields.hp} label="HP" type="tel" inputProps={{ maxLength: 50 }} />
          <TextField meta={fields.gmail} label="Email" inputProps={{ maxLength: 255 }} />
          <TextField meta={fields.email} label="Email Alternatif" inputProps={{ maxLength: 255 }} />
          <TextField meta={fields.npwp} label="NPWP" inputProps={{ maxLength: 50 }} />
          <SelectField meta={fields.departemen_id} label="Departemen" options={departemen.options} />
          <TextField meta={fields.atas_nama} label="Atas Nama" inputProps={{ maxLength: 255 }} />
          <TextField meta={fields.norek} label="No. Rekening" inputProps={{ maxLength: 50 }} />
          <SelectField meta={fields.nama_bank} label="Nama Bank" options={BANKS} />
        </div>
        {departemen.error ? <p className="text-sm text-amber-800">{departemen.error}</p> : null}
        <TextareaField meta={fields.alamat} label="Alamat" textareaProps={{ maxLength: 1000 }} />
        <DialogButtons closeTo={closeTo} editing={!!supplier} />
      </Form>
    </RouteDialog>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
