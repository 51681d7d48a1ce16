import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { idParam, listUrlOf, saveDialogForm } from '~/server/crud.server'
import { takeDraft } from '~/server/draft.server'
import { GENDERS, KARYAWAN_IMAGES, karyawanInput, KaryawanFormSchema } from '~/lib/forms/karyawan'
import { IMAGE_ACCEPT } from '~/lib/images'
import { loadForDialog, notFound } from '~/server/route-errors.server'
import { requireScreen } from '~/server/grants.server'
import { listDepartemen } from '~/upstream/departemen.server'
import { createKaryawan, listKaryawan, updateKaryawan, type Karyawan } from '~/upstream/karyawan.server'
import { NAMA_BANK } from '~/lib/forms/choices'
import { RouteDialog } from '~/ui/dialog'
import { DialogButtons } from '~/ui/dialog-buttons'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { DraftNotice, FormErrors, ImageField, SelectField, TextareaField, TextField } from '~/ui/fields'

const uploadSrc = (name: string | null | undefined) => (name ? `/uploads/${encodeURIComponent(name)}` : null)

/** …/tambah and …/:id/edit: the extra-large employee dialog with every employee field. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, params.id ? 'update' : 'create')
  const closeTo = listUrlOf(request)
  const draft = await takeDraft(request, auth.user.id)
  let karyawan: (Partial<Karyawan> & { id: number }) | null = null
  if (params.id) {
    const id = idParam(params.id)
    const all = await loadForDialog(request, () => listKaryawan(auth.upstream))
    karyawan = all ? (all.find((k) => k.id === id) ?? null) : null
    if (all && !karyawan) throw notFound('Karyawan tidak ditemukan.')
    karyawan ??= { id, nama_lengkap: '' }
  }
  // A failed lookup leaves the dialog usable: the choice says why and the rest can still be saved.
  let departemen: { value: string; label: string }[] = []
  let departemenError: string | null = null
  try {
    departemen = (await listDepartemen(auth.upstream)).map((d) => ({ value: String(d.id), label: d.nama }))
  } catch (error) {
    if (error instanceof Response) throw error
    departemenError = 'Daftar departemen tidak dapat dimuat.'
  }
  return data(
    { karyawan, departemen, departemenError, closeTo, draft: draft?.values ?? null },
    draft ? { headers: { 'Set-Cookie': draft.clear } } : undefined,
  )
}

export async function action({ request, params }: ActionFunctionArgs) {
  const auth = await requireScreen(request, params.id ? 'update' : 'create')
  const id = params.id ? idParam(params.id) : null
  return saveDialogForm(request, {
    schema: KaryawanFormSchema,
    images: KARYAWAN_IMAGES,
    save: (value) => {
      const input = karyawanInput(value)
      return id ? updateKaryawan(auth.upstream, id, input) : createKaryawan(auth.upstream, input)
    },
    successMessage: id ? 'Karyawan berhasil diperbarui!' : 'Karyawan berhasil ditambahkan!',
  })
}

const TEXT_FIELDS = [
  'nama_lengkap',
  'nama_kecil',
  'gender',
  'departemen_id',
  'no_ktp',
  'no_sim',
  'tanggal_lahir',
  'tanggal_gabung',
  'telp',
  'gmail',
  'alamat',
  'atas_nama',
  'norek',
  'nama_bank',
] as const

export default function KaryawanForm() {
  const { karyawan, departemen, departemenError, closeTo, draft } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const stored = karyawan
  const defaults = Object.fromEntries(TEXT_FIELDS.map((k) => [k, draft?.fields[k] ?? String(stored?.[k] ?? '')]))
  const [form, fields] = useForm({
    id: `karyawan-${stored?.id ?? 'baru'}`,
    lastResult: actionData?.result,
    defaultValue: defaults,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: KaryawanFormSchema }),
    shouldRevalidate: 'onInput',
  })
  const bankOptions = NAMA_BANK.map((b) => ({ value: b, label: b }))
  return (
    <RouteDialog title={stored ? 'Edit Karyawan' : 'Tambah Karyawan'} closeTo={closeTo} size="xl">
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-4">
        <DraftNotice draft={draft} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="grid gap-4 md:grid-cols-2">
          <TextField meta={fields.nama_lengkap} label="Nama Lengkap" required inputProps={{ autoFocus: true, maxLength: 255 }} />
          <TextField meta={fields.nama_kecil} label="Nama Kecil" inputProps={{ maxLength: 255 }} />
          <SelectField
            meta={fields.gender}
            label="Gender"
            placeholder="-- Pilih Gender --"
            options={GENDERS.map((g) => ({ value: g, label: g }))}
          />
          <div>
            <SelectField meta={fields.departemen_id} label="Departemen" placeholder="-- Pilih Departemen --" options={departemen} />
            {departemenError ? <p className="mt-1 text-sm text-amber-800">{departemenError}</p> : null}
          </div>
          <TextField meta={fields.no_ktp} label="No KTP" inputProps={{ maxLength: 50, inputMode: 'numeric' }} />
          <TextField meta={fields.no_sim} label="No SIM" inputProps={{ maxLength: 50 }} />
          <TextField meta={fields.tanggal_lahir} label="Tanggal Lahir" type="date" />
          <TextField meta={fields.tanggal_gabung} label="Tanggal Gabung" type="date" />
          <TextField meta={fields.telp} label="Telepon" type="tel" inputProps={{ maxLength: 50 }} />
          <TextField meta={fields.gmail} label="Email" type="email" inputProps={{ maxLength: 255 }} />
          <TextareaField meta={fields.alamat} label="Alamat" className="md:col-span-2" textareaProps={{ maxLength: 1000 }} />
          <TextField meta={fields.atas_nama} label="Atas Nama" inputProps={{ maxLength: 255 }} />
          <TextField meta={fields.norek} label="No Rekening" inputProps={{ maxLength: 50 }} />
          <SelectField meta={fields.nama_bank} label="Nama Bank" placeholder="-- Pilih Bank --" options={bankOptions} />
          <div className="hidden md:block" />
          <ImageField meta={fields.gambar} label="Foto KTP" accept={IMAGE_ACCEPT} currentSrc={uploadSrc(stored?.gambar)} />
          <ImageField meta={fields.ft_sim} label="Foto SIM" accept={IMAGE_ACCEPT} currentSrc={uploadSrc(stored?.ft_sim)} />
        </div>
        <DialogButtons closeTo={closeTo} editing={!!stored} />
      </Form>
    </RouteDialog>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
