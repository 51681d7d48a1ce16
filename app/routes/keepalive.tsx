import type { ActionFunctionArgs } from '@remix-run/node'
import { readAuth, renewSession } from '~/session.server'

/**
 * POST /keepalive: activity in the admin area renews the session's two-hour expiry. A resource
 * route, so it answers a plain Response (single fetch would drop the status and headers of data()).
 */
export async function action({ request }: ActionFunctionArgs) {
  const auth = await readAuth(request)
  if (!auth) return Response.json({ ok: false }, { status: 401, headers: { 'Cache-Control': 'no-store' } })
  return Response.json(
    { ok: true },
    { headers: { 'Set-Cookie': (await renewSession(auth, { always: true }))!, 'Cache-Control': 'no-store' } },
  )
}
