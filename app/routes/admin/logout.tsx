import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { endSession, readAuth } from '~/session.server'
import { logout } from '~/upstream/auth.server'
import { upstreamFor } from '~/upstream/client.server'

/**
 * Logout (spec 000 §2): revoke the token upstream where it can be, remove the session, go to /login
 * (a redirect replaces the history entry). POST from the sidebar; GET /admin/logout works too.
 */
async function doLogout(request: Request) {
  const auth = await readAuth(request)
  if (auth) await logout(upstreamFor(auth.token)).catch(() => undefined)
  return redirect('/login', { headers: { 'Set-Cookie': await endSession(request) } })
}

export const loader = ({ request }: LoaderFunctionArgs) => doLogout(request)
// No grant check by design: every signed-in user may end their own session; only the session (and
// scripts/server.mjs's same-origin check for POSTs) applies.
export const action = ({ request }: ActionFunctionArgs) => doLogout(request)
