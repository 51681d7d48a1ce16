import { data } from '@remix-run/node'
import { UpstreamHttpError } from '~/upstream/errors'
import { getRiwayatAkses, getRiwayatDokumen, perubahanOf, type AuditEntry } from '~/upstream/audit.server'
import type { Upstream } from '~/upstream/client.server'
import { actorLabel, aksiLabel, describePerubahan, formatWaktu, type InvoiceAudit } from '~/lib/audit'
import type { DocumentKey } from './documents.server'
import { hasFeature } from './features.server'
import { failure } from './route-errors.server'

/**
 * What the screens show of the audit trail. Against an upstream without the `audit`
 * extension every function answers null and the screens show nothing extra; a history that cannot be
 * read never takes an invoice or the access editor down (null / a short message instead).
 */

/** A row of a history as the screens show it. */
export type RiwayatRow = { id: number; waktu: string; user: string; aksi: string }

const userName = (e: AuditEntry) => actorLabel(e.user)

export const riwayatRows = (entries: readonly AuditEntry[]): RiwayatRow[] =>
  entries.map((e) => ({ id: e.id, waktu: formatWaktu(e.created_at), user: userName(e), aksi: aksiLabel(e.aksi) }))

export function invoiceAuditOf(entries: readonly AuditEntry[], status: string | null): InvoiceAudit {
  const pick = (e: AuditEntry | undefined) => (e ? { nama: userName(e), waktu: formatWaktu(e.created_at) } : null)
  const posted = status === 'posting' ? entries.findLast((e) => e.aksi === 'posting') : undefined
  return { dibuat: pick(entries.find((e) => e.aksi === 'dibuat')), diposting: pick(posted) }
}

/**
 * A document's history for its invoice, or null (not offered, not readable: the invoice shows no
 * lines). Never throws but a thrown page (the session's end); read beside the invoice itself.
 */
export async function invoiceHistory(up: Upstream, entitas: DocumentKey, id: number): Promise<AuditEntry[] | null> {
  try {
    if (!(await hasFeature(up, 'audit'))) return null
    return await getRiwayatDokumen(up, entitas, id)
  } catch (error) {
    if (error instanceof Response) throw error
    // A missing document is the invoice's own 404; anything else is worth a line in the log.
    if (error instanceof UpstreamHttpError && error.status === 404) return null
    console.error('[audit] invoice history not read:', error instanceof Error ? error.message : error)
    return null
  }
}

/** The invoice's lines from its history (null: none shown). */
export const invoiceAudit = (history: readonly AuditEntry[] | null, status: string | null): InvoiceAudit | null =>
  history ? invoiceAuditOf(history, status) : null

export const RIWAYAT_NOT_OFFERED = 'Server data (upstream) yang terhubung belum menyediakan riwayat dokumen.'

/** The Riwayat dialog's rows: 501 when not offered, 404 for an unknown document, the usual failure pages otherwise. */
export async function documentRiwayat(up: Upstream, entitas: DocumentKey, id: number): Promise<RiwayatRow[]> {
  if (!(await hasFeature(up, 'audit'))) throw data({ message: RIWAYAT_NOT_OFFERED }, { status: 501 })
  try {
    return riwayatRows(await getRiwayatDokumen(up, entitas, id))
  } catch (error) {
    if (error instanceof Response) throw error
    if (error instanceof UpstreamHttpError && error.status === 404) throw data({ message: 'Dokumen tidak ditemukan.' }, { status: 404 })
    throw failure(error)
  }
}

/** A change of a user's access rights as the editor lists it. */
export type AksesRiwayatRow = RiwayatRow & { perubahan: string[] }

export type AksesRiwayatPanel = { rows: AksesRiwayatRow[]; error: string | null }

export const AKSES_RIWAYAT_FAILED = 'Riwayat perubahan hak akses tidak dapat dimuat saat ini.'

/** The editor's panel: null when not offered, else its rows (newest first) or a short message. */
export async function aksesRiwayat(up: Upstream, userId: number): Promise<AksesRiwayatPanel | null> {
  try {
    if (!(await hasFeature(up, 'audit'))) return null
    const entries = await getRiwayatAkses(up, userId)
    const rows = riwayatRows(entries).map((r, i) => ({ ...r, perubahan: perubahanOf(entries[i]!.detail).map(describePerubahan) }))
    return { rows, error: null }
  } catch (error) {
    if (error instanceof Response) throw error
    console.error('[audit] access history not read:', error instanceof Error ? error.message : error)
    return { rows: [], error: AKSES_RIWAYAT_FAILED }
  }
}
