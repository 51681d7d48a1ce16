import { z } from 'zod'
import { SIMPLE_MASTERS, type SimpleMasterKey, type SimpleMasterOf } from '~/lib/simple-master'
import { id, text, textOrEmpty } from './normalize'
import { multipartResource } from './resource.server'

/**
 * The calls of a simple master (Ukuran Ban, Merek Ban, Golongan, Type Ban; app/lib/simple-master.ts),
 * made from its configuration: GET /api/{api} · POST /api/{api}/add · POST /api/{api}/{id}/update ·
 * DELETE /api/{api}/{id}, multipart bodies with the one name field.
 */

/** A record: id, code and name as text, the QR text (falls back to the code when the upstream sends none). */
export type SimpleMasterRow<K extends SimpleMasterKey> = { id: number } & {
  [P in SimpleMasterOf<K>['codeKey'] | SimpleMasterOf<K>['nameKey']]: string
} & { [P in SimpleMasterOf<K>['qrKey']]: string | null }

/** The record's schema, from the configuration's keys (the keys are data, so the type is stated). */
export function simpleMasterRowSchema<K extends SimpleMasterKey>(m: SimpleMasterOf<K>) {
  const schema = z
    .object({ id, [m.codeKey]: textOrEmpty, [m.nameKey]: textOrEmpty, [m.qrKey]: text })
    .transform((r: Record<string, unknown>) => ({ ...r, [m.qrKey]: r[m.qrKey] ?? (r[m.codeKey] || null) }))
  return schema as unknown as z.ZodType<SimpleMasterRow<K>>
}

const resourceOf = <K extends SimpleMasterKey>(key: K) => {
  const m = SIMPLE_MASTERS[key] as SimpleMasterOf<K>
  const schema = simpleMasterRowSchema<K>(m)
  return multipartResource<typeof schema, Record<string, string>>(`/api/${m.api}`, schema)
}

const resources = new Map<SimpleMasterKey, ReturnType<typeof resourceOf>>()

/** The calls of one simple master: list, create, update, remove (made once per master). */
export function simpleMasterApi<K extends SimpleMasterKey>(key: K): ReturnType<typeof resourceOf<K>> {
  let r = resources.get(key)
  if (!r) resources.set(key, (r = resourceOf(key)))
  return r as ReturnType<typeof resourceOf<K>>
}
