import { Hono } from 'hono'
import { DOCUMENTS, type DocumentExtension } from './documents.ts'
import type { ApiEnv } from './types.ts'

/**
 * The extensions of the spec this api offers (`GET /api/fitur`, itself an extension): the app asks once
 * in a while and hides what is missing, so it keeps working against an upstream that has only the
 * spec's calls. `API_EXTENSIONS=none` turns every extension off (the answer is then `{data: []}` and
 * their routes are not mounted), to try the app against a spec-only upstream. Those of a document
 * come from its declaration (api/documents.ts).
 */
const OWN_EXTENSIONS = [
  'ban-lifecycle',
  'audit',
  'password',
  'paged-lists',
  'impor',
  'km-kendaraan',
  'jadwal-servis',
  'perintah-kerja',
  'biaya-kendaraan',
] as const
export type Extension = (typeof OWN_EXTENSIONS)[number] | DocumentExtension
const DOCUMENT_EXTENSIONS = Object.values(DOCUMENTS).flatMap((d) => ('extension' in d ? [d.extension] : []))
export const EXTENSIONS: readonly Extension[] = [...new Set<Extension>([...OWN_EXTENSIONS, ...DOCUMENT_EXTENSIONS])]

/** The extensions switched on by `API_EXTENSIONS` (unset or `all`: every one; `none`: none; else a comma list). */
export function enabledExtensions(setting = process.env.API_EXTENSIONS): Set<Extension> {
  const value = (setting ?? 'all').trim().toLowerCase()
  if (value === '' || value === 'all') return new Set(EXTENSIONS)
  if (value === 'none') return new Set()
  const asked = value.split(',').map((s) => s.trim())
  return new Set(EXTENSIONS.filter((e) => asked.includes(e)))
}

export function featureRoutes(enabled: Set<Extension>) {
  const r = new Hono<ApiEnv>()
  r.get('/fitur', (c) => c.json({ data: EXTENSIONS.filter((e) => enabled.has(e)) }))
  return r
}
