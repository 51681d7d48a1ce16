import { z } from 'zod'
import { arrayOf, id, isRecord, nested, optionalId, text, textOrEmpty } from '../normalize'

/**
 * The audit trail (an extension of the spec: docs/upstream-contract.md "Extensions: audit
 * trail"): GET /api/riwayat-dokumen/{entitas}/{id} and GET /api/akses/{id}/riwayat answer
 * `{data: [{id, aksi, created_at, user: {id, kode_user, nama_user}, detail}]}` (kode_user: the login
 * name as it was; absent on older records and from upstreams that do not keep it).
 */

/** One grant change of a menu: the parts granted and revoked ('select', 'create' … 'print'). */
export const aksesPerubahanSchema = z.object({
  menu_fitur_id: optionalId,
  menu: textOrEmpty,
  kategori: text,
  granted: arrayOf(z.string()),
  revoked: arrayOf(z.string()),
})
export type AksesPerubahan = z.infer<typeof aksesPerubahanSchema>

export const auditEntrySchema = z.object({
  id,
  aksi: textOrEmpty,
  created_at: text,
  user: nested(z.object({ id: optionalId, kode_user: text.optional(), nama_user: text })),
  detail: z.unknown().optional(),
})
export type AuditEntry = z.infer<typeof auditEntrySchema>

/** `{data: [...]}` or a bare array; the records as given (documents oldest first, access rights newest first). */
export const auditListSchema = z.preprocess((v) => (isRecord(v) && 'data' in v ? v.data : v), z.array(auditEntrySchema))

/** The per-menu changes of an access-rights record (`detail.perubahan`), [] when missing or unreadable. */
export function perubahanOf(detail: unknown): AksesPerubahan[] {
  const list = isRecord(detail) ? detail.perubahan : null
  const parsed = z.array(aksesPerubahanSchema).safeParse(list)
  return parsed.success ? parsed.data : []
}
