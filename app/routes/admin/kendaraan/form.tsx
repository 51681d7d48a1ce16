import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { idParam, listUrlOf, saveDialogForm } from '~/server/crud.server'
import { takeDraft } from '~/server/draft.server'
import { formBody } from '~/lib/forms/fields'
import { driverLabel, KENDARAAN_FIELDS, KENDARAAN_PHOTOS, KendaraanSchema } from '~/lib/forms/kendaraan'
import { requireScreen } from '~/server/grants.server'
import { uploadSrc } from '~/lib/images'
import { lookupChoices } from '~/server/lookup.server'
import { findOneForDialog } from '~/server/route-errors.server'
import { simpleMasterApi } from '~/upstream/simple-master.server'
import { listJenisKendaraan } from '~/upstream/jenis-kendaraan.server'
import { createKendaraan, getKendaraan, updateKendaraan, type Kendaraan } from '~/upstream/kendaraan.server'
import { WARNA } from '~/lib/forms/choices'
import { listUsers } from '~/upstream/user.server'
import { RouteDialog } from '~/ui/dialog'
import { DialogButtons } from '~/ui/dialog-buttons'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { DraftNotice, FormErrors, ImageField, SelectField, TextField } from '~/ui/fields'
import { SearchableSelectField } from '~/ui/searchable-select'

const TEXT_FIELDS = KENDARAAN_FIELDS.filter((k) => !(k in KENDARAAN_PHOTOS))

/**
 * …/tambah and …/:id/edit: every vehicle field. Jenis Kendaraan, Golongan and the
 * driver are choices loaded from the upstream; one that fails to load leaves the dialog usable with
 * a message beside that choice.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, params.id ? 'update' : 'create')
  const draft = await takeDraft(request, auth.user.id)
  let kendaraan: Kendaraan | null = null
  if (params.id) {
    const id = idParam(params.id)
    kendaraan =
      (await findOneForDialog(request, () => getKendaraan(auth.upstream, id), 'Kendaraan tidak ditemukan.')) ?? ({ id } as Kendaraan)
  }
  const k = kendaraan
  const current = (id: number | null | undefined, label: string | null | undefined) =>
    id ? { value: String(id), label: label || `#${id}` } : null
  const [jenis, golongan, driver] = await Promise.all([
    lookupChoices(
      () => listJenisKendaraan(auth.upstream),
      (j) => ({ value: String(j.id), label: j.nama_jenis_kendaraan }),
      'jenis kendaraan',
      current(k?.jenis_kendaraan_id, k?.jenis_kendaraan?.nama_jenis_kendaraan),
    ),
    lookupChoices(
      () => simpleMasterApi('golongan').list(auth.upstream),
      (g) => ({ value: String(g.id), label: g.nama_golongan }),
      'golongan',
      current(k?.golongan_id, k?.golongan?.nama_golongan),
    ),
    lookupChoices(
      () => listUsers(auth.upstream),
      (u) => ({ value: String(u.id), label: driverLabel(u) }),
      'driver',
      current(k?.user_id, k?.user ? driverLabel(k.user) : null),
    ),
  ])
  return data(
    { kendaraan, choices: { jenis, golongan, driver }, closeTo: listUrlOf(request), draft: draft?.values ?? null },
    draft ? { headers: { 'Set-Cookie': draft.clear } } : undefined,
  )
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireScreen(request, params.id ? 'update' : 'create')
  const id = params.id ? idParam(params.id) : null
  return saveDialogForm(request, {
    schema: KendaraanSchema,
    images: KENDARAAN_PHOTOS,
    save: (value) => {
      const body = formBody(KENDARAAN_FIELDS, value, id !== null, Object.keys(KENDARAAN_PHOTOS))
      return id ? updateKendaraan(auth.upstream, id, body) : createKendaraan(auth.upstream, body)
    },
    successMessage: id ? 'Kendaraan berhasil diperbarui!' : 'Kendaraan berhasil ditambahkan!',
  })
}

const WARNA_OPTIONS = WARNA.map((w) => ({ value: w, label: w }))

export default function KendaraanForm() {
  const { kendaraan, choices, closeTo, draft } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const initial = Object.fromEntries(
    TEXT_FIELDS.map((f) => {
      const stored = kendaraan?.[f as keyof Kendaraan]
      return [f, draft?.fields[f] ?? (stored === null || stored === undefined ? '' : String(stored))]
    }),
  )
  const [form, fields] = useForm({
    id: `kendaraan-${kendaraan?.id ?? 'baru'}`,
    lastResult: actionData?.result,
    defaultValue: initial,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: KendaraanSchema }),
    shouldRevalidate: 'onInput',
  })
  return (
    <RouteDialog title={kendaraan ? 'Edit Kendaraan' : 'Tambah Kendaraan'} closeTo={closeTo} size="xl">
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4">
        <DraftNotice draft={draft} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <TextField meta={fields.no_kabin} label="No Kabin" required inputProps={{ autoFocus: true, maxLength: 255 }} />
          <TextField meta={fields.no_pol} label="No. Polisi" inputProps={{ maxLength: 50 }} />
          <TextField meta={fields.no_rangka} label="No. Rangka" inputProps={{ maxLength: 100 }} />
          <TextField meta={fields.no_mesin} label="No. Mesin" inputProps={{ maxLength: 100 }} />
          <TextField meta={fields.gpsid} label="GPS ID" inputProps={{ maxLength: 255 }} />
          <TextField meta={fields.list_vehicle_id} label="List Vehicle ID" inputProps={{ maxLength: 255 }} />
          <div>
            <SelectField meta={fields.jenis_kendaraan_id} label="Jenis Kendaraan" options={choices.jenis.options} />
            {choices.jenis.error ? <p className="mt-1 text-sm text-amber-800">{choices.jenis.error}</p> : null}
          </div>
          <div>
            <SelectField meta={fields.golongan_id} label="Golongan" options={choices.golongan.options} />
            {choices.golongan.error ? <p className="mt-1 text-sm text-amber-800">{choices.golongan.error}</p> : null}
          </div>
          <SearchableSelectField
            meta={fields.user_id}
            label="Driver"
            options={choices.driver.options}
            searchPlaceholder="Cari driver..."
            hint={choices.driver.error}
          />
          <SelectField meta={fields.warna} label="Warna" options={WARNA_OPTIONS} />
          <TextField meta={fields.expired_kir} label="Expired KIR" type="date" />
          <TextField meta={fields.expired_stnk} label="Expired STNK" type="date" />
          <TextField meta={fields.km} label="Km" inputProps={{ inputMode: 'numeric', maxLength: 15 }} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <ImageField
            meta={fields.gambar_barcodesolar}
            label={KENDARAAN_PHOTOS.gambar_barcodesolar}
            currentSrc={uploadSrc(kendaraan?.gambar_barcodesolar)}
          />
          <ImageField meta={fields.gambar_stnk} label={KENDARAAN_PHOTOS.gambar_stnk} currentSrc={uploadSrc(kendaraan?.gambar_stnk)} />
        </div>
        <DialogButtons closeTo={closeTo} editing={!!kendaraan} />
      </Form>
    </RouteDialog>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
