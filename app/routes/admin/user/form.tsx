import { getFormProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { listUrlOf, saveDialogForm } from '~/server/crud.server'
import { takeDraft } from '~/server/draft.server'
import { PASSWORD_MIN, userInput, UserFormSchema } from '~/lib/forms/user'
import { requireScreen } from '~/server/grants.server'
import { UpstreamError, UpstreamHttpError, UpstreamUnavailable } from '~/upstream/errors'
import { listKaryawan } from '~/upstream/karyawan.server'
import { createUser } from '~/upstream/user.server'
import { RouteDialog } from '~/ui/dialog'
import { DialogButtons } from '~/ui/dialog-buttons'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { DraftNotice, FormErrors, TextareaField, TextField } from '~/ui/fields'
import { SearchableSelectField } from '~/ui/searchable-select'

const GAGAL = 'Gagal menyimpan user.'

async function karyawanChoices(upstream: Parameters<typeof listKaryawan>[0]) {
  try {
    return { karyawan: await listKaryawan(upstream), error: null }
  } catch (error) {
    if (error instanceof Response) throw error
    return { karyawan: [], error: 'Daftar karyawan tidak dapat dimuat. Muat ulang halaman untuk mencoba lagi.' }
  }
}

/** …/user/tambah: 'Tambah User' picks an employee and gives the login (kode_user) an initial password. */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireScreen(request, 'create')
  const draft = await takeDraft(request, auth.user.id)
  const { karyawan, error } = await karyawanChoices(auth.upstream)
  const options = karyawan.map((k) => ({
    value: String(k.id),
    label: k.kode_karyawan ? `${k.kode_karyawan} — ${k.nama_lengkap}` : k.nama_lengkap,
  }))
  const details = Object.fromEntries(
    karyawan.map((k) => [String(k.id), { nama: k.nama_lengkap, telp: k.telp ?? '', alamat: k.alamat ?? '' }]),
  )
  return data(
    { options, details, karyawanError: error, closeTo: listUrlOf(request), draft: draft?.values ?? null },
    draft ? { headers: { 'Set-Cookie': draft.clear } } : undefined,
  )
}

export async function action({ request }: ActionFunctionArgs) {
  const auth = await requireScreen(request, 'create')
  return saveDialogForm(request, {
    schema: UserFormSchema,
    ms: 2000,
    successMessage: 'User  berhasil ditambahkan!',
    save: async (value) => {
      // Without JS nothing filled nama_user, telp and alamat from the employee: the server does.
      const chosen = (await listKaryawan(auth.upstream).catch(() => [])).find((k) => String(k.id) === value.karyawan_id)
      try {
        return await createUser(auth.upstream, userInput(value, chosen))
      } catch (error) {
        // The server's message, or 'Gagal menyimpan user.' (422 field errors stay beside the fields).
        if (error instanceof UpstreamHttpError) throw new UpstreamError(error.serverMessage ?? GAGAL)
        if (error instanceof UpstreamUnavailable) throw new UpstreamError(`${GAGAL} ${error.message}`)
        throw error
      }
    },
  })
}

export default function UserForm() {
  const { options, details, karyawanError, closeTo, draft } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const [form, fields] = useForm({
    id: 'user-baru',
    lastResult: actionData?.result,
    defaultValue: {
      karyawan_id: draft?.fields.karyawan_id ?? '',
      nama_user: draft?.fields.nama_user ?? '',
      kode_user: draft?.fields.kode_user ?? '',
      telp: draft?.fields.telp ?? '',
      alamat: draft?.fields.alamat ?? '',
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: UserFormSchema }),
    shouldRevalidate: 'onInput',
  })
  // With JS, picking an employee fills the empty fields from their record at once.
  const fillFrom = (id: string) => {
    const k = details[id]
    if (!k) return
    if (!fields.nama_user.value) form.update({ name: fields.nama_user.name, value: k.nama })
    if (!fields.telp.value && k.telp) form.update({ name: fields.telp.name, value: k.telp })
    if (!fields.alamat.value && k.alamat) form.update({ name: fields.alamat.name, value: k.alamat })
  }
  return (
    <RouteDialog title="Tambah User" closeTo={closeTo} size="lg">
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <DraftNotice draft={draft} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <SearchableSelectField
          meta={fields.karyawan_id}
          label="Karyawan"
          options={options}
          placeholder="-- Pilih Karyawan --"
          searchPlaceholder="Cari karyawan..."
          required
          onValueChange={fillFrom}
          hint={karyawanError}
        />
        <div className="grid gap-4 md:grid-cols-2">
          <TextField meta={fields.nama_user} label="Nama User" inputProps={{ maxLength: 255 }} />
          <TextField meta={fields.kode_user} label="Kode User" required inputProps={{ maxLength: 50, autoComplete: 'off' }} />
          <TextField meta={fields.telp} label="Telepon" type="tel" inputProps={{ maxLength: 50 }} />
          <div className="hidden md:block" />
          <TextField
            meta={fields.password}
            label="Password"
            type="password"
            required
            inputProps={{ minLength: PASSWORD_MIN, maxLength: 72, autoComplete: 'new-password' }}
          />
          <TextField
            meta={fields.password_confirm}
            label="Ulangi Password"
            type="password"
            required
            inputProps={{ maxLength: 72, autoComplete: 'new-password' }}
          />
        </div>
        <p className="text-xs text-slate-500">
          Password minimal {PASSWORD_MIN} karakter. Kosongkan Nama User, Telepon atau Alamat untuk mengambilnya dari data karyawan.
        </p>
        <TextareaField meta={fields.alamat} label="Alamat" textareaProps={{ maxLength: 1000 }} />
        <DialogButtons closeTo={closeTo} />
      </Form>
    </RouteDialog>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
