import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useSearchParams, type MetaFunction } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { z } from 'zod'
import { authenticator, CLIENT_ADDRESS_HEADER } from '~/auth.server'
import { env } from '~/env.server'
import { INSECURE_ORIGIN_MESSAGE, insecureOriginWarning } from '~/server/cookie-warning.server'
import { readForm } from '~/server/form.server'
import { safeRedirect } from '~/lib/safe-redirect'
import { readAuth, startSession } from '~/session.server'
import { UpstreamHttpError, UpstreamUnauthorized, UpstreamUnavailable, UpstreamValidation } from '~/upstream/errors'
import { SubmitButton } from '~/ui/button'
import { FieldError } from '~/ui/fields'
import { EyeIcon, EyeOffIcon } from '~/ui/icons'
import { Logo } from '~/ui/logo'

export const meta: MetaFunction = () => [{ title: 'Login — Armada' }]

const LoginSchema = z.object({
  kode_user: z.string({ error: 'Kode User wajib diisi.' }).trim().min(1, 'Kode User wajib diisi.').max(100),
  password: z.string({ error: 'Password wajib diisi.' }).min(1, 'Password wajib diisi.').max(200),
  redirectTo: z.string().optional(),
})

/** The login page's note while the embedded api serves the demo data set. */
const DEMO_NOTE = 'Data demo: semua isi aplikasi ini adalah contoh, bukan data perusahaan.'

export async function loader({ request }: LoaderFunctionArgs) {
  if (await readAuth(request)) {
    const to = safeRedirect(new URL(request.url).searchParams.get('redirectTo'))
    throw redirect(to)
  }
  return {
    insecureOrigin: insecureOriginWarning(request) ? INSECURE_ORIGIN_MESSAGE : null,
    // Only when the embedded api was started with its demo data (`npm start` on a fresh machine).
    demo: env.demoData ? DEMO_NOTE : null,
  }
}

/** A non-200 answer shows the server's message or 'Login gagal.'; a network error 'Terjadi error: …'. */
function loginError(error: unknown): string {
  if (error instanceof UpstreamUnauthorized || error instanceof UpstreamValidation) {
    return (error instanceof UpstreamUnauthorized ? error.serverMessage : error.serverMessage) || 'Login gagal.'
  }
  if (error instanceof UpstreamHttpError) {
    if (error.status < 500) return error.serverMessage || 'Login gagal.'
    return `Terjadi error: ${error.message}`
  }
  if (error instanceof UpstreamUnavailable) return `Terjadi error: ${error.message}`
  if (error instanceof Error) return `Terjadi error: ${error.message}`
  return 'Login gagal.'
}

export async function action({ request, context }: ActionFunctionArgs) {
  const read = await readForm(request)
  if (!read.ok) {
    const empty = parseWithZod(new FormData(), { schema: LoginSchema })
    return data({ result: empty.reply({ formErrors: [read.message], hideFields: ['password'] }) }, { status: read.status })
  }
  const submission = parseWithZod(read.formData, { schema: LoginSchema })
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
  }
  try {
    // remix-auth-form reads the form again: hand it the checked form (first values only) and the
    // client's address from the server (server/index.ts), never a header the browser sent.
    const headers = new Headers({ 'Content-Type': 'application/x-www-form-urlencoded' })
    const address = (context as { clientAddress?: unknown }).clientAddress
    if (typeof address === 'string' && address) headers.set(CLIENT_ADDRESS_HEADER, address)
    const requestId = request.headers.get('x-request-id')
    if (requestId) headers.set('x-request-id', requestId)
    const body = new URLSearchParams()
    for (const [k, v] of read.formData.entries()) if (typeof v === 'string') body.append(k, v)
    const answer = await authenticator.authenticate('form', new Request(request.url, { method: 'POST', headers, body }))
    const cookie = await startSession(request, answer.token, {
      id: answer.user.id,
      kodeUser: answer.user.kode_user,
      namaLengkap: answer.user.karyawan?.nama_lengkap ?? answer.user.nama_user ?? null,
    })
    return redirect(safeRedirect(submission.value.redirectTo), { headers: { 'Set-Cookie': cookie } })
  } catch (error) {
    if (error instanceof Response) throw error
    return data({ result: submission.reply({ formErrors: [loginError(error)], hideFields: ['password'] }) }, { status: 400 })
  }
}

export default function Login() {
  const { insecureOrigin, demo } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const [searchParams] = useSearchParams()
  const [form, fields] = useForm({
    id: 'login',
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
    shouldRevalidate: 'onInput',
  })
  const [hydrated, setHydrated] = useState(false)
  const [showPassword, setShowPassword] = useState(false)
  useEffect(() => setHydrated(true), [])
  const input =
    'block w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/20 aria-[invalid=true]:border-red-500'

  return (
    <main className="flex min-h-full items-center justify-center bg-gradient-to-br from-slate-100 to-blue-100 p-4">
      <div className="w-full max-w-sm rounded-xl bg-white p-8 shadow-lg">
        <Logo />
        <h1 className="mt-6 text-2xl font-bold text-slate-900">Login</h1>
        {insecureOrigin ? (
          <p role="status" className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {insecureOrigin}
          </p>
        ) : null}
        {demo ? (
          <p data-demo-note className="mt-3 rounded-md border border-blue-200 bg-blue-50 px-3 py-2 text-sm text-blue-900">
            {demo}
          </p>
        ) : null}
        <p id={form.errorId} role="alert" className="mt-2 min-h-6 text-sm font-medium text-red-700">
          {form.errors?.join(' ')}
        </p>
        <Form method="post" {...getFormProps(form)} className="mt-2 space-y-4">
          <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
          <div>
            <label htmlFor={fields.kode_user.id} className="mb-1 block text-sm font-medium text-slate-700">
              Kode User
            </label>
            <input
              {...getInputProps(fields.kode_user, { type: 'text', ariaAttributes: true })}
              key={fields.kode_user.key}
              required
              autoComplete="username"
              autoFocus
              className={input}
            />
            <FieldError id={fields.kode_user.errorId} errors={fields.kode_user.errors} />
          </div>
          <div>
            <label htmlFor={fields.password.id} className="mb-1 block text-sm font-medium text-slate-700">
              Password
            </label>
            <div className="relative">
              <input
                {...getInputProps(fields.password, { type: showPassword ? 'text' : 'password', ariaAttributes: true })}
                key={fields.password.key}
                required
                autoComplete="current-password"
                className={`${input} pr-10`}
              />
              {hydrated ? (
                <button
                  type="button"
                  onClick={() => setShowPassword((v) => !v)}
                  aria-label={showPassword ? 'Sembunyikan password' : 'Tampilkan password'}
                  aria-pressed={showPassword}
                  className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-slate-500 hover:text-slate-800"
                >
                  {showPassword ? <EyeOffIcon /> : <EyeIcon />}
                </button>
              ) : null}
            </div>
            <FieldError id={fields.password.errorId} errors={fields.password.errors} />
          </div>
          <SubmitButton className="w-full" pendingText="Memproses...">
            Login
          </SubmitButton>
        </Form>
        <p className="mt-6 text-center text-sm text-slate-600">
          <Link to="/register" className="font-semibold text-blue-700 hover:underline">
            Belum punya akun? Daftar
          </Link>
        </p>
      </div>
    </main>
  )
}
