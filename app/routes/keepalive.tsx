import { data, type ActionFunctionArgs } from '@remix-run/node'
import { readAuth, renewSession } from '~/session.server'

/** POST /keepalive: activity in the admin area renews the session's two-hour expiry. */
export async function action({ request }: ActionFunctionArgs) {
  const auth = await readAuth(request)
  if (!auth) return data({ ok: false }, { status: 401 })
  return data({ ok: true }, { headers: { 'Set-Cookie': await renewSession(auth), 'Cache-Control': 'no-store' } })
}
