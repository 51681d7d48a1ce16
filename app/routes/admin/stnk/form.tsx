import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { idParam, listUrlOf, saveDialogForm } from '~/lib/crud.server'
import { takeDraft } from '~/lib/draft.server'
import { readForm } from '~/lib/form.server'
import { formBody } from '~/lib/forms/fields'
import { STNK_FIELDS, StnkSchema, vehicleNumbers, YEARS } from '~/lib/forms/stnk'
import { requireScreen } from '~/lib/grants.server'
import { lookupChoices } from '~/lib/lookup.server'
import { findForDialog } from '~/lib/route-errors.server'
import { listJenisKendaraan } from '~/upstream/jenis-kendaraan.server'
import { listKendaraan, type Kendaraan } from '~/upstream/kendaraan.server'
import { WARNA } from '~/upstream/schemas/kendaraan'
import type { Upstream } from '~/upstream/client.server'
import { createStnk, listStnk, updateStnk, type Stnk } from '~/upstream/stnk.server'
import { RouteDialog } from '~/ui/dialog'
import { DialogButtons } from '~/ui/dialog-buttons'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { DraftNotice, FormErrors, SelectField, TextareaField, TextField } from '~/ui/fields'
import { SearchableSelectField } from '~/ui/searchable-select'
import { useHydrated } from '~/ui/use-hydrated'

/** The vehicles of the No Kabin choice, with the numbers the dialog fills from the chosen one. */
async function vehicles(up: Upstream, current: Stnk | null) {
  const loaded: { all: Kendaraan[] } = { all: [] }
  const choices = await lookupChoices(
    async () => (loaded.all = await listKendaraan(up)),
    (k) => ({ value: String(k.id), label: [k.no_kabin, k.no_pol].filter(Boolean).join(' — ') || `#${k.id}` }),
    'kendaraan',
    current?.kendaraan_id
      ? { value: String(current.kendaraan_id), label: current.kendaraan?.no_kabin ?? `#${current.kendaraan_id}` }
      : null,
  )
  const numbers: Record<string, { no_pol: string; no_rangka: string; no_mesin: string }> = Object.fromEntries(
    loaded.all.map((k) => [String(k.id), vehicleNumbers([k], k.id)]),
  )
  return { choices, numbers }
}

/** …/tambah and …/:id/edit: 'Tambah STNK' / 'Edit Stnk' (spec 001 §2). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, params.id ? 'update' : 'create')
  const draft = await takeDraft(request, auth.user.id)
  let stnk: Stnk | null = null
  if (params.id) {
    const id = idParam(params.id)
    stnk = (await findForDialog(request, () => listStnk(auth.upstream), id, 'Stnk tidak ditemukan.')) ?? ({ id } as Stnk)
  }
  const [kendaraan, jenis] = await Promise.all([
    vehicles(auth.upstream, stnk),
    lookupChoices(
      () => listJenisKendaraan(auth.upstream),
      (j) => ({ value: String(j.id), label: j.nama_jenis_kendaraan }),
      'jenis kendaraan',
      stnk?.jenis_kendaraan_id
        ? { value: String(stnk.jenis_kendaraan_id), label: stnk.jenis_kendaraan?.nama_jenis_kendaraan ?? `#${stnk.jenis_kendaraan_id}` }
        : null,
    ),
  ])
  return data(
    {
      stnk,
      kendaraan: { choices: kendaraan.choices, numbers: kendaraan.numbers },
      jenis,
      closeTo: listUrlOf(request),
      draft: draft?.values ?? null,
    },
    draft ? { headers: { 'Set-Cookie': draft.clear } } : undefined,
  )
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireScreen(request, params.id ? 'update' : 'create')
  const id = params.id ? idParam(params.id) : null
  // The vehicle's numbers are filled by the server from the chosen vehicle (without JS, and on every
  // save whatever the browser sent): 'Isi dari kendaraan' re-renders the dialog with them.
  const read = await readForm(request.clone())
  const all = read.ok && read.formData.get('kendaraan_id') ? await listKendaraan(auth.upstream).catch(() => null) : []
  const fill = (formData: FormData) => {
    const numbers = vehicleNumbers(all, String(formData.get('kendaraan_id') ?? ''))
    for (const [k, v] of Object.entries(numbers)) formData.set(k, v)
    return formData
  }
  if (read.ok && read.formData.get('intent') === 'fill-kendaraan') {
    const submission = parseWithZod(fill(read.formData), { schema: StnkSchema })
    return data({ result: submission.reply({ formErrors: [] }) }, { status: 200 })
  }
  return saveDialogForm(request, {
    schema: StnkSchema,
    // Filled before validation too: a form refused (say, no owner name) comes back with the chosen
    // vehicle's numbers, with or without JS.
    prepare: fill,
    save: (value) => {
      const body = formBody(STNK_FIELDS, value, id !== null)
      return id ? updateStnk(auth.upstream, id, body) : createStnk(auth.upstream, body)
    },
    successMessage: id ? 'Stnk berhasil diperbarui!' : 'Stnk berhasil ditambahkan!',
    notFoundMessage: 'Stnk tidak ditemukan.',
  })
}

const WARNA_OPTIONS = WARNA.map((w) => ({ value: w, label: w }))
const YEAR_OPTIONS = YEARS.map((y) => ({ value: y, label: y }))

export default function StnkForm() {
  const { stnk, kendaraan, jenis, closeTo, draft } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const hydrated = useHydrated()
  const initial = Object.fromEntries(
    STNK_FIELDS.map((f) => {
      const stored = stnk?.[f as keyof Stnk]
      return [f, draft?.fields[f] ?? (stored === null || stored === undefined || typeof stored === 'object' ? '' : String(stored))]
    }),
  )
  const [form, fields] = useForm({
    id: `stnk-${stnk?.id ?? 'baru'}`,
    lastResult: actionData?.result,
    defaultValue: initial,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: StnkSchema }),
    shouldRevalidate: 'onInput',
  })
  const fillFrom = (kendaraanId: string) => {
    const n = kendaraan.numbers[kendaraanId] ?? { no_pol: '', no_rangka: '', no_mesin: '' }
    for (const [name, value] of Object.entries(n)) form.update({ name, value })
  }
  return (
    <RouteDialog title={stnk ? 'Edit Stnk' : 'Tambah STNK'} closeTo={closeTo} size="xl">
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <DraftNotice draft={draft} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <div>
            <SearchableSelectField
              meta={fields.kendaraan_id}
              label="No Kabin"
              options={kendaraan.choices.options}
              placeholder="-- Pilih kendaraan --"
              searchPlaceholder="Cari no kabin..."
              onValueChange={fillFrom}
              hint={kendaraan.choices.error}
            />
            {hydrated ? null : (
              <button
                type="submit"
                name="intent"
                value="fill-kendaraan"
                formNoValidate
                className="mt-1 text-sm font-semibold text-blue-700 hover:underline"
              >
                Isi dari kendaraan
              </button>
            )}
          </div>
          <TextField meta={fields.no_pol} label="No Registrasi" inputProps={{ readOnly: true }} />
          <TextField meta={fields.no_rangka} label="No Rangka" inputProps={{ readOnly: true }} />
          <TextField meta={fields.no_mesin} label="No Mesin" inputProps={{ readOnly: true }} />
          <TextField meta={fields.nama_pemilik} label="Nama Pemilik" required inputProps={{ maxLength: 255 }} />
          <TextField meta={fields.merek} label="Merek" inputProps={{ maxLength: 255 }} />
          <TextField meta={fields.type} label="Type" inputProps={{ maxLength: 255 }} />
          <TextField meta={fields.model} label="Model" inputProps={{ maxLength: 255 }} />
          <div>
            <SelectField meta={fields.jenis_kendaraan_id} label="Jenis Kendaraan" options={jenis.options} />
            {jenis.error ? <p className="mt-1 text-sm text-amber-800">{jenis.error}</p> : null}
          </div>
          <SelectField meta={fields.tahun_pembuatan} label="Tahun Pembuatan" options={YEAR_OPTIONS} />
          <SelectField meta={fields.warna} label="Warna" options={WARNA_OPTIONS} />
          <SelectField meta={fields.warna_tnkb} label="Warna TNKB" options={WARNA_OPTIONS} />
          <SelectField meta={fields.tahun_registrasi} label="Tahun Registrasi" options={YEAR_OPTIONS} />
          <TextField meta={fields.nomor_bpkb} label="No BPKB" inputProps={{ maxLength: 100 }} />
          <TextField meta={fields.expired_stnk} label="Expired STNK" type="date" />
        </div>
        <TextareaField meta={fields.alamat} label="Alamat" rows={3} textareaProps={{ maxLength: 1000 }} />
        <DialogButtons closeTo={closeTo} editing={!!stnk} />
      </Form>
    </RouteDialog>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
