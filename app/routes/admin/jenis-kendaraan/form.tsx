import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { idParam, listUrlOf, saveDialogForm } from '~/server/crud.server'
import { takeDraft } from '~/server/draft.server'
import { formBody } from '~/lib/forms/fields'
import { JENIS_KENDARAAN_FIELDS, JenisKendaraanSchema, TOTAL_BAN } from '~/lib/forms/jenis-kendaraan'
import { requireScreen } from '~/server/grants.server'
import { findForDialog } from '~/server/route-errors.server'
import { createJenisKendaraan, listJenisKendaraan, updateJenisKendaraan, type JenisKendaraan } from '~/upstream/jenis-kendaraan.server'
import { RouteDialog } from '~/ui/dialog'
import { DialogButtons } from '~/ui/dialog-buttons'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { DraftNotice, FormErrors, SelectField, TextField } from '~/ui/fields'

/** …/tambah and …/:id/edit: Nama Jenis kendaraan, Panjang, Lebar, Tinggi, Total Ban (6, 10, 18, 22). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, params.id ? 'update' : 'create')
  const draft = await takeDraft(request, auth.user.id)
  let jenis: JenisKendaraan | null = null
  if (params.id) {
    const id = idParam(params.id)
    jenis =
      (await findForDialog(request, () => listJenisKendaraan(auth.upstream), id, 'Jenis kendaraan tidak ditemukan.')) ??
      ({ id } as JenisKendaraan)
  }
  return data(
    { jenis, closeTo: listUrlOf(request), draft: draft?.values ?? null },
    draft ? { headers: { 'Set-Cookie': draft.clear } } : undefined,
  )
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireScreen(request, params.id ? 'update' : 'create')
  const id = params.id ? idParam(params.id) : null
  return saveDialogForm(request, {
    schema: JenisKendaraanSchema,
    save: (value) => {
      const body = formBody(JENIS_KENDARAAN_FIELDS, value, id !== null)
      return id ? updateJenisKendaraan(auth.upstream, id, body) : createJenisKendaraan(auth.upstream, body)
    },
    successMessage: id ? 'Jenis Kendaraan berhasil diperbarui!' : 'Jenis Kendaraan berhasil ditambahkan!',
  })
}

const TOTAL_BAN_OPTIONS = TOTAL_BAN.map((n) => ({ value: n, label: `${n} ban` }))
const decimalInput = { inputMode: 'decimal', maxLength: 15 } as const

export default function JenisKendaraanForm() {
  const { jenis, closeTo, draft } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const initial = Object.fromEntries(
    JENIS_KENDARAAN_FIELDS.map((k) => [k, draft?.fields[k] ?? (jenis?.[k] === null || jenis?.[k] === undefined ? '' : String(jenis[k]))]),
  )
  // A stored Total Ban the pemasangan diagram does not know stays visible (and is refused on save) rather than silently cleared.
  const stored = jenis?.total_ban === null || jenis?.total_ban === undefined ? null : String(jenis.total_ban)
  const totalBanOptions =
    stored && !TOTAL_BAN.some((n) => n === stored) ? [...TOTAL_BAN_OPTIONS, { value: stored, label: `${stored} ban` }] : TOTAL_BAN_OPTIONS
  const [form, fields] = useForm({
    id: `jenis-kendaraan-${jenis?.id ?? 'baru'}`,
    lastResult: actionData?.result,
    defaultValue: initial,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: JenisKendaraanSchema }),
    shouldRevalidate: 'onInput',
  })
  return (
    <RouteDialog title={jenis ? 'Edit Jenis Kendaraan' : 'Tambah Jenis Kendaraan'} closeTo={closeTo}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <DraftNotice draft={draft} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField
          meta={fields.nama_jenis_kendaraan}
          label="Nama Jenis kendaraan"
          required
          inputProps={{ autoFocus: true, maxLength: 255 }}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField meta={fields.panjang} label="Panjang" inputProps={decimalInput} />
          <TextField meta={fields.lebar} label="Lebar" inputProps={decimalInput} />
          <TextField meta={fields.tinggi} label="Tinggi" inputProps={decimalInput} />
        </div>
        <SelectField meta={fields.total_ban} label="Total Ban" options={totalBanOptions} />
        <DialogButtons closeTo={closeTo} editing={!!jenis} />
      </Form>
    </RouteDialog>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
