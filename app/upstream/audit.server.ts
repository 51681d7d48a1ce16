import { call, type Upstream } from './client.server'
import { idSegment, type Id } from './resource.server'
import { auditListSchema } from './schemas/audit'

export { auditEntrySchema, auditListSchema, perubahanOf, type AksesPerubahan, type AuditEntry } from './schemas/audit'

/** GET /api/riwayat-dokumen/{entitas}/{id}: a document's history, oldest first (extension `audit`; the documents: app/server/documents.server.ts). */
export const getRiwayatDokumen = async (up: Upstream, entitas: string, documentId: Id) =>
  call(up, 'GET', `/api/riwayat-dokumen/${entitas}/${idSegment(documentId)}`, { schema: auditListSchema })

/** GET /api/akses/{userId}/riwayat: the last 20 changes of a user's access rights, newest first (extension `audit`). */
export const getRiwayatAkses = async (up: Upstream, userId: Id) =>
  call(up, 'GET', `/api/akses/${idSegment(userId)}/riwayat`, { schema: auditListSchema })
