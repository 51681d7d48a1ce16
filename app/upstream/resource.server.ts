import type { z } from 'zod'
import { call, type Upstream } from './client.server'
import { UpstreamHttpError } from './errors'
import { asFormData, type FormFields } from '~/lib/form-data'
import { ack, listOf, savedOf } from './normalize'
import { getPage, type PageRequest } from './paged.server'

/** A record id as routes have it: a number or the route parameter's text. */
export type Id = number | string

/**
 * A path segment for a record id. Anything but a positive integer is refused here exactly as the
 * upstream refuses it (404), so a crafted route parameter never reaches another upstream path.
 */
export function idSegment(value: Id): string {
  const s = typeof value === 'number' ? String(value) : value.trim()
  if (!/^\d+$/.test(s) || Number(s) < 1 || !Number.isSafeInteger(Number(s))) {
    throw new UpstreamHttpError(404, 'Data tidak ditemukan.', 'Data tidak ditemukan.')
  }
  return String(Number(s))
}

/** A JSON id/number field: digit text becomes a number; anything else is sent as given (the upstream judges it). */
export const jsonNumber = (v: number | string | null | undefined): number | string | null => {
  if (v === undefined || v === null) return null
  if (typeof v === 'number') return v
  const s = v.trim()
  if (s === '') return null
  return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : s
}

/**
 * The calls of a master-data entity (and of STNK and purchases, which follow the same pattern):
 * GET {base} (list, or one page of it) · POST {base}/add (multipart) · POST {base}/{id}/update (multipart) ·
 * DELETE {base}/{id}. Bodies are a ready FormData or plain fields (see toFormData): a create skips
 * empty fields, an update sends them as "" so a cleared field is cleared upstream.
 */
/** A span of expiry dates (YYYY-MM-DD): from `dari` (absent: every earlier day too) up to `sampai`. */
export type DueSpan = { dari: string | null; sampai: string }

/**
 * GET {base}?jatuh_tempo_dari&jatuh_tempo_sampai (extension 'paged-lists'): the whole list narrowed
 * to the rows with an expiry in the span (the lists behind Jatuh Tempo: vehicles, STNK records).
 */
export const dueListOf =
  <S extends z.ZodType>(base: string, schema: S) =>
  async (up: Upstream, span: DueSpan) =>
    call(up, 'GET', base, { schema: listOf(schema), query: { jatuh_tempo_dari: span.dari ?? undefined, jatuh_tempo_sampai: span.sampai } })

export function multipartResource<S extends z.ZodType, I extends FormFields>(base: string, schema: S) {
  return {
    list: async (up: Upstream) => call(up, 'GET', base, { schema: listOf(schema) }),
    /** One page of the list (extension 'paged-lists'): GET {base}?page&per_page&q&sort&dir. */
    page: async (up: Upstream, req: PageRequest) => getPage(up, base, schema, {}, req),
    create: async (up: Upstream, body: FormData | I) =>
      call(up, 'POST', `${base}/add`, { schema: savedOf(schema), form: asFormData(body) }),
    update: async (up: Upstream, recordId: Id, body: FormData | I) =>
      call(up, 'POST', `${base}/${idSegment(recordId)}/update`, {
        schema: savedOf(schema),
        form: asFormData(body, { keepEmpty: true }),
      }),
    remove: async (up: Upstream, recordId: Id) => call(up, 'DELETE', `${base}/${idSegment(recordId)}`, { schema: ack }),
  }
}
