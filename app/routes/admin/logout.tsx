import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { Form, Link, type MetaFunction } from '@remix-run/react'
import { endSession, readAuth } from '~/session.server'
import { SubmitButton } from '~/ui/button'
import { PageHeader } from '~/ui/page-header'
import { logout } from '~/upstream/auth.server'
import { upstreamFor } from '~/upstream/client.server'

export const meta: MetaFunction = () => [{ title: 'Logout — Armada' }]

/**
 * Logout: revoke the token upstream where it can be, remove the session, go to /login
 * (a redirect replaces the history entry). POST only: a GET — a link or a top-level
 * navigation from another site — ends nothing; it shows this page with the button, which posts.
 * No grant check by design: every signed-in user may end their own session; only the session (and
 * server/index.ts's same-origin check for POSTs) applies.
 */
export async function action({ request }: ActionFunctionArgs) {
  const auth = await readAuth(request)
  if (auth) await logout(upstreamFor(auth.token)).catch(() => undefined)
  return redirect('/login', { headers: { 'Set-Cookie': await endSession(request) } })
}

export const loader = () => null

export default function Logout() {
  return (
    <>
      <PageHeader title="Logout" />
      <section className="max-w-md rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <p className="text-sm text-slate-700">Anda masih masuk. Tekan tombol di bawah untuk keluar dari aplikasi.</p>
        <Form method="post" className="mt-4 flex items-center gap-3">
          <SubmitButton variant="danger" pendingText="Memproses...">
            Logout
          </SubmitButton>
          <Link to="/admin/dashboard" className="text-sm font-semibold text-blue-700 hover:underline">
            Kembali ke Dashboard
          </Link>
        </Form>
      </section>
    </>
  )
}
