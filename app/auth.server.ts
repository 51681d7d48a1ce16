import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import { login, type LoginAnswer } from '~/upstream/auth.server'
import { upstreamFor } from '~/upstream/client.server'

/**
 * remix-auth with the form strategy: the verify step asks the upstream (POST /api/login). Errors
 * of the upstream (401/422/429 with a message, unreachable) propagate as typed upstream errors; the
 * login action turns them into the spec's messages.
 */
/**
 * The login action hands the client's address (from the server's load context, never from the
 * browser) to the strategy in this header of a copy of the request.
 */
export const CLIENT_ADDRESS_HEADER = 'x-fleet-client-address'

export const authenticator = new Authenticator<LoginAnswer>()

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const kode_user = String(form.get('kode_user') ?? '').trim()
    const password = String(form.get('password') ?? '')
    const up = {
      ...upstreamFor(null),
      clientAddress: request.headers.get(CLIENT_ADDRESS_HEADER) ?? undefined,
      requestId: request.headers.get('x-request-id') ?? undefined,
    }
    return login(up, { kode_user, password })
  }),
  'form',
)
