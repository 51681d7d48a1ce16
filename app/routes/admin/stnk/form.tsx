import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { idParam, listUrlOf, saveDialogForm } from '~/server/crud.server'
import { takeDraft } from '~/server/draft.server'
import { formAsSent, readForm } from '~/server/form.server'
import { formBody } from '~/lib/forms/fields'
import { STNK_FIELDS, StnkSchema, vehicleNumbers, YEARS } from '~/lib/forms/stnk'
import { requireScreen } from '~/server/grants.server'
import { lookupChoices } from '~/server/lookup.server'
import { choiceUrl, NO_KABIN_CHOICE, searchChoices } from '~/server/choices.server'
import { offersPaging } from '~/server/paged-list.server'
import { findForDialog } from '~/server/route-errors.server'
import { listJenisKendaraan } from '~/upstream/jenis-kendaraan.server'
import { getKendaraan, listKendaraan, type Kendaraan } from '~/upstream/kendaraan.server'
import { WARNA } from '~/lib/forms/choices'
import type { Upstream } from '~/upstream/client.server'
import { createStnk, listStnk, updateStnk, type Stnk } from '~/upstream/stnk.server'
import { RouteDialog } from '~/ui/dialog'
import { DialogButtons } from '~/ui/dialog-buttons'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { DraftNotice, FormErrors, SelectField, TextareaField, TextField } from '~/ui/fields'
import { SearchableSelectField, searchIntentOf, searchParamOf, type ChoiceOption } from '~/ui/searchable-select'
import { useHydrated } from '~/ui/use-hydrated'

/**
 * The No Kabin choice (a searchable choice: at a large fleet's size the chosen vehicle and the first
 * matches of `q`); each option carries the numbers the dialog fills from that vehicle.
 */
async function vehicles(request: Request, up: Upstream, chosen: string, current: Stnk | null, q = '') {
  return searchChoices(up, NO_KABIN_CHOICE, {
    url: choiceUrl(request, 'no-kabin'),
    q,
    chosen,
    // The record's own vehicle is labelled from the record (no extra call).
    current:
      current?.kendaraan_id && String(current.kendaraan_id) === chosen
        ? NO_KABIN_CHOICE.toOption({ ...current.kendaraan, id: current.kendaraan_id } as Kendaraan)
        : null,
  })
}

/** The chosen vehicle of a POST: one call when the upstream pages (GET /api/kendaraan/{id}/show), else the whole list. */
async function chosenVehicle(up: Upstream, kendaraanId: string): Promise<Kendaraan[] | null> {
  if (!/^\d{1,12}$/.test(kendaraanId)) return []
  if (!(await offersPaging(up))) return listKendaraan(up)
  return [await getKendaraan(up, Number(kendaraanId))]
}

/** …/tambah and …/:id/edit: 'Tambah STNK' / 'Edit Stnk'. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, params.id ? 'update' : 'create')
  const draft = await takeDraft(request, auth.user.id)
  let stnk: Stnk | null = null
  if (params.id) {
    const id = idParam(params.id)
    stnk = (await findForDialog(request, () => listStnk(auth.upstream), id, 'Stnk tidak ditemukan.')) ?? ({ id } as Stnk)
  }
  const chosen = String(draft?.values?.fields.kendaraan_id ?? stnk?.kendaraan_id ?? '')
  const [kendaraan, jenis] = await Promise.all([
    vehicles(request, auth.upstream, chosen, stnk),
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
      kendaraan,
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
  const kendaraanId = read.ok ? String(read.formData.get('kendaraan_id') ?? '') : ''
  const all = kendaraanId ? await chosenVehicle(auth.upstream, kendaraanId).catch(() => null) : []
  const fill = (formData: FormData) => {
    const numbers = vehicleNumbers(all, String(formData.get('kendaraan_id') ?? ''))
    for (const [k, v] of Object.entries(numbers)) formData.set(k, v)
    return formData
  }
  // A re-render of the dialog (search, fill, a refusal) brings the No Kabin choice with the chosen vehicle.
  const known = all?.find((k) => String(k.id) === kendaraanId)
  const choices = (q = '') =>
    searchChoices(auth.upstream, NO_KABIN_CHOICE, {
      url: choiceUrl(request, 'no-kabin'),
      q,
      chosen: kendaraanId,
      current: known ? NO_KABIN_CHOICE.toOption(known) : null,
    })
  const intent = read.ok ? read.formData.get('intent') : null
  if (read.ok && (intent === 'fill-kendaraan' || intent === searchIntentOf('kendaraan_id'))) {
    const submission = parseWithZod(fill(read.formData), { schema: StnkSchema })
    const q = intent === 'fill-kendaraan' ? '' : String(read.formData.get(searchParamOf('kendaraan_id')) ?? '')
    return data({ result: formAsSent(submission), kendaraan: await choices(q) }, { status: 200 })
  }
  const saved = await saveDialogForm(request, {
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
  if (saved instanceof Response || !('data' in saved)) return saved
  return data({ ...saved.data, kendaraan: await choices() }, saved.init ?? undefined)
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
  const choices = actionData && 'kendaraan' in actionData ? actionData.kendaraan : kendaraan
  const fillFrom = (_: string, option?: ChoiceOption) => {
    const n = option?.data ?? { no_pol: '', no_rangka: '', no_mesin: '' }
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
              options={choices.options}
              placeholder="-- Pilih kendaraan --"
              searchPlaceholder="Cari no kabin..."
              onValueChange={fillFrom}
              hint={choices.error}
              search={choices.search}
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
