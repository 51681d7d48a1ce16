import { createCookie } from '@remix-run/node'
import { env } from '~/env.server'

/**
 * When a form is sent after the session has ended, the guard keeps what the user typed here (text
 * fields only, never passwords or files) for 15 minutes; after login the same dialog restores it.
 */
const draftCookie = createCookie(env.secureCookies ? '__Host-fleet_draft' : 'fleet_draft', {
  httpOnly: true,
  sameSite: 'lax',
  secure: env.secureCookies,
  path: '/',
  secrets: env.sessionSecrets,
  maxAge: 15 * 60,
})

type Draft = { path: string; fields: Record<string, string> }

const MAX_FIELD = 2000
const MAX_TOTAL = 3000

/** Serialises the text fields of a refused POST for the page it came from; null when there are none. */
export async function stashDraft(request: Request, path: string): Promise<string | null> {
  const type = request.headers.get('Content-Type') ?? ''
  if (!type.includes('form')) return null
  let form: FormData
  try {
    form = await request.clone().formData()
  } catch {
    return null
  }
  const fields: Record<string, string> = {}
  let total = 0
  for (const [k, v] of form.entries()) {
    if (typeof v !== 'string' || /password|intent/i.test(k)) continue
    const value = v.slice(0, MAX_FIELD)
    total += k.length + value.length
    if (total > MAX_TOTAL) break
    fields[k] = value
  }
  if (Object.keys(fields).length === 0) return null
  return draftCookie.serialize({ path, fields } satisfies Draft)
}

/**
 * The draft for this page, if there is one: its fields and the Set-Cookie that clears it (the
 * draft is used once).
 */
export async function takeDraft(request: Request): Promise<{ fields: Record<string, string>; clear: string } | null> {
  const value = (await draftCookie.parse(request.headers.get('Cookie'))) as Draft | null
  if (!value || typeof value !== 'object' || value.path !== new URL(request.url).pathname) return null
  return { fields: value.fields, clear: await draftCookie.serialize('', { maxAge: 0 }) }
}
