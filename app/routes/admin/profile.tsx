import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData, type MetaFunction } from '@remix-run/react'
import { randomUUID } from 'node:crypto'
import { hasFeature } from '~/server/features.server'
import { readForm } from '~/server/form.server'
import { ALAMAT_MAX, KontakSchema, PASSWORD_FIELDS, PASSWORD_MAX, PASSWORD_MIN, PasswordSchema, TELP_MAX } from '~/lib/forms/profil'
import { requireScreen } from '~/server/grants.server'
import { isThrownPage } from '~/server/route-errors.server'
import { redirectWithToast } from '~/session.server'
import { SubmitButton } from '~/ui/button'
import { GeneralErrorBoundary } from '~/ui/error-boundary'
import { FormErrors, ReadOnlyField, TextareaField, TextField } from '~/ui/fields'
import { PageHeader } from '~/ui/page-header'
import { UpstreamHttpError, UpstreamValidation, userMessage } from '~/upstream/errors'
import { changePassword, getMe, updateProfil } from '~/upstream/profil.server'

export const meta: MetaFunction = () => [{ title: 'Update Profile — Armada' }]

/**
 * The real part of the profile screen, below the spec's sample: Ganti Password and the
 * user's own Kontak, on the upstream's extension `password` (POST /api/password, POST /api/profil;
 * docs/upstream-contract.md). Against an upstream without it both cards say so and show no form. One
 * route, two forms: the `intent` field says which (the route is session-only, write 'session': one's
 * own account needs no menu grant).
 */
export const FEATURE_MISSING_CARD = 'Fitur ini belum tersedia di server.'
export const PASSWORD_CHANGED = 'Password berhasil diubah. Sesi lain Anda telah dikeluarkan.'
export const KONTAK_SAVED = 'Kontak berhasil disimpan.'
const KONTAK_UNREADABLE = 'Data kontak tidak dapat dimuat. Muat ulang halaman untuk mencoba lagi.'

export async function loader({ request }: LoaderFunctionArgs) {
  const auth = await requireScreen(request)
  const offered = await hasFeature(auth.upstream, 'password')
  if (!offered) return { offered, me: null, meError: null }
  try {
    const me = await getMe(auth.upstream)
    return { offered, me: { kode_user: me.kode_user, telp: me.telp ?? '', alamat: me.alamat ?? '' }, meError: null }
  } catch (error) {
    if (isThrownPage(error)) throw error
    return { offered, me: null, meError: `${KONTAK_UNREADABLE} (${userMessage(error)})` }
  }
}

type Reply = { intent: 'password' | 'kontak' | null; result?: SubmissionResult<string[]>; message?: string; id: string }
const reply = (body: Omit<Reply, 'id'>, status: number) => data<Reply>({ ...body, id: randomUUID() }, { status })

/** The upstream's refusal as the form's errors: a 422 beside its fields, anything else above the form. */
function upstreamErrors(error: unknown) {
  if (error instanceof UpstreamValidation) {
    const hasFields = Object.keys(error.fieldErrors).length > 0
    return { status: 422, fieldErrors: error.fieldErrors, formErrors: hasFields ? [] : [error.serverMessage] }
  }
  // 429 (too many wrong current passwords) and other refusals keep their status; a failed upstream is 502.
  const status = error instanceof UpstreamHttpError && error.status < 500 ? error.status : 502
  const message = error instanceof UpstreamHttpError && error.serverMessage ? error.serverMessage : userMessage(error)
  return { status, fieldErrors: {}, formErrors: [message] }
}

export async function action({ request }: ActionFunctionArgs) {
  const auth = await requireScreen(request)
  const read = await readForm(request)
  if (!read.ok) return reply({ intent: null, message: read.message }, read.status)
  const intent = read.formData.get('intent')

  if (intent === 'password') {
    // Passwords are never sent back into the page (hideFields), whatever the outcome.
    const hideFields = [...PASSWORD_FIELDS]
    const submission = parseWithZod(read.formData, { schema: PasswordSchema })
    if (submission.status !== 'success') return reply({ intent, result: submission.reply({ hideFields }) }, 400)
    if (!(await hasFeature(auth.upstream, 'password'))) {
      return reply({ intent, result: submission.reply({ formErrors: [FEATURE_MISSING_CARD], hideFields }) }, 501)
    }
    try {
      await changePassword(auth.upstream, submission.value)
    } catch (error) {
      if (isThrownPage(error)) throw error
      const { status, fieldErrors, formErrors } = upstreamErrors(error)
      return reply({ intent, result: submission.reply({ fieldErrors, formErrors, hideFields }) }, status)
    }
    return redirectWithToast(request, '/admin/users', { kind: 'success', message: PASSWORD_CHANGED, ms: 5000, id: randomUUID() })
  }

  if (intent === 'kontak') {
    const submission = parseWithZod(read.formData, { schema: KontakSchema })
    if (submission.status !== 'success') return reply({ intent, result: submission.reply() }, 400)
    if (!(await hasFeature(auth.upstream, 'password'))) {
      return reply({ intent, result: submission.reply({ formErrors: [FEATURE_MISSING_CARD] }) }, 501)
    }
    try {
      await updateProfil(auth.upstream, submission.value)
    } catch (error) {
      if (isThrownPage(error)) throw error
      const { status, fieldErrors, formErrors } = upstreamErrors(error)
      return reply({ intent, result: submission.reply({ fieldErrors, formErrors }) }, status)
    }
    return redirectWithToast(request, '/admin/users', { kind: 'success', message: KONTAK_SAVED, ms: 3000, id: randomUUID() })
  }

  return reply({ intent: null, message: 'Formulir tidak dikenal. Muat ulang halaman lalu kirim kembali formulirnya.' }, 400)
}

/**
 * Edit Profile: sample content, as the specification shows it. What the sample form does on submit
 * is not shown in the spec, so it stores nothing (it says so under its button).
 */
const input = 'block w-full rounded-md border border-slate-300 px-3 py-2 text-sm disabled:bg-slate-100'

function Field({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
    </div>
  )
}

export default function UpdateProfile() {
  const actionData = useActionData<typeof action>()
  return (
    <>
      {actionData?.message ? <FormErrors errors={[actionData.message]} /> : null}
      <PageHeader title="Edit Profile" subtitle="Contoh formulir profil (data contoh)" />
      <div className="grid gap-6 lg:grid-cols-3">
        <form
          className="space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm lg:col-span-2"
          onSubmit={(e) => e.preventDefault()}
        >
          <div className="grid gap-4 md:grid-cols-3">
            <Field id="company" label="Company">
              <input id="company" className={input} disabled defaultValue="Creative Code Inc." />
            </Field>
            <Field id="username" label="Username">
              <input id="username" className={input} defaultValue="michael23" />
            </Field>
            <Field id="email" label="Email address">
              <input id="email" type="email" className={input} placeholder="Email" />
            </Field>
          </div>
          <div className="grid gap-4 md:grid-cols-2">
            <Field id="first" label="First Name">
              <input id="first" className={input} defaultValue="Mike" />
            </Field>
            <Field id="last" label="Last Name">
              <input id="last" className={input} defaultValue="Andrew" />
            </Field>
          </div>
          <Field id="address" label="Address">
            <input id="address" className={input} defaultValue="Bld Mihail Kogalniceanu, nr. 8 Bl 1, Sc 1, Ap 09" />
          </Field>
          <div className="grid gap-4 md:grid-cols-3">
            <Field id="city" label="City">
              <input id="city" className={input} defaultValue="Bucharest" />
            </Field>
            <Field id="country" label="Country">
              <input id="country" className={input} defaultValue="Romania" />
            </Field>
            <Field id="postal" label="Postal Code">
              <input id="postal" type="number" inputMode="numeric" className={input} placeholder="ZIP Code" />
            </Field>
          </div>
          <Field id="about" label="About Me">
            <textarea
              id="about"
              rows={4}
              className={input}
              defaultValue="Lamborghini Mercy, Your chick she so thirsty, I'm in that two seat Lambo."
            />
          </Field>
          <button type="submit" className="rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800">
            Update Profile
          </button>
          <p className="text-xs text-slate-500">Formulir contoh: data tidak disimpan.</p>
        </form>
        <aside className="overflow-hidden rounded-lg border border-slate-200 bg-white text-center shadow-sm">
          <div className="h-28 bg-gradient-to-r from-blue-700 to-sky-500" role="img" aria-label="Gambar sampul" />
          <div className="-mt-12 flex justify-center">
            <span
              className="inline-flex size-24 items-center justify-center rounded-full border-4 border-white bg-slate-300 text-3xl font-bold text-slate-700"
              role="img"
              aria-label="Avatar"
            >
              MA
            </span>
          </div>
          <h2 className="mt-3 text-lg font-semibold text-slate-900">Mike Andrew</h2>
          <p className="text-sm text-slate-500">michael24</p>
          <p className="px-6 py-4 text-sm italic text-slate-600">
            "Lamborghini Mercy Your chick she so thirsty I'm in that two seat Lambo"
          </p>
          <div className="flex justify-center gap-2 border-t border-slate-100 py-4">
            {['Facebook', 'Twitter', 'Google+'].map((s) => (
              <button key={s} type="button" className="rounded-md bg-slate-100 px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-200">
                {s}
              </button>
            ))}
          </div>
        </aside>
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <PasswordCard />
        <KontakCard />
      </div>
    </>
  )
}

function Card({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="mb-4 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  )
}

function Unavailable({ message = FEATURE_MISSING_CARD }: { message?: string }) {
  return <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">{message}</p>
}

function PasswordCard() {
  const { offered } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const mine = actionData?.intent === 'password' ? actionData : undefined
  const [form, fields] = useForm({
    id: 'ganti-password',
    lastResult: mine?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PasswordSchema }),
    shouldRevalidate: 'onInput',
  })
  if (!offered) {
    return (
      <Card id="ganti-password-judul" title="Ganti Password">
        <Unavailable />
      </Card>
    )
  }
  return (
    <Card id="ganti-password-judul" title="Ganti Password">
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value="password" />
        <FormErrors id={form.errorId} errors={form.errors} />
        {/* A new key after every answer: with JS too, the password inputs come back empty. */}
        <div key={mine?.id ?? 'awal'} className="space-y-4">
          <TextField
            meta={fields.password_lama}
            label="Password Lama"
            type="password"
            required
            inputProps={{ autoComplete: 'current-password', maxLength: 200 }}
          />
          <TextField
            meta={fields.password}
            label="Password Baru"
            type="password"
            required
            inputProps={{ autoComplete: 'new-password', minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX }}
          />
          <TextField
            meta={fields.password_confirmation}
            label="Ulangi Password Baru"
            type="password"
            required
            inputProps={{ autoComplete: 'new-password', maxLength: PASSWORD_MAX }}
          />
        </div>
        <p className="text-xs text-slate-500">
          Password baru minimal {PASSWORD_MIN} karakter. Setelah diganti, sesi Anda di perangkat lain dikeluarkan.
        </p>
        <SubmitButton pendingText="Menyimpan...">Ganti Password</SubmitButton>
      </Form>
    </Card>
  )
}

function KontakCard() {
  const { offered, me, meError } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const mine = actionData?.intent === 'kontak' ? actionData : undefined
  const [form, fields] = useForm({
    id: 'kontak',
    lastResult: mine?.result,
    defaultValue: { telp: me?.telp ?? '', alamat: me?.alamat ?? '' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: KontakSchema }),
    shouldRevalidate: 'onInput',
  })
  if (!offered || !me) {
    return (
      <Card id="kontak-judul" title="Kontak">
        <Unavailable message={offered ? (meError ?? KONTAK_UNREADABLE) : FEATURE_MISSING_CARD} />
      </Card>
    )
  }
  return (
    <Card id="kontak-judul" title="Kontak">
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value="kontak" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <ReadOnlyField id="kontak-kode-user" label="Kode User" value={me.kode_user} />
        <TextField meta={fields.telp} label="Telepon" type="tel" inputProps={{ maxLength: TELP_MAX, autoComplete: 'tel' }} />
        <TextareaField meta={fields.alamat} label="Alamat" textareaProps={{ maxLength: ALAMAT_MAX, autoComplete: 'street-address' }} />
        <SubmitButton pendingText="Menyimpan...">Simpan Kontak</SubmitButton>
      </Form>
    </Card>
  )
}

export const ErrorBoundary = GeneralErrorBoundary
