import { data } from '@remix-run/node'
import { UpstreamHttpError } from '~/upstream/errors'
import { getRiwayatAkses, getRiwayatDokumen, perubahanOf, type AuditEntry } from '~/upstream/audit.server'
import { getKlaim } from '~/upstream/klaim-ban.server'
import { getPelepasan } from '~/upstream/pelepasan-ban.server'
import { getPemasangan } from '~/upstream/pemasangan-ban.server'
import { getPembelian } from '~/upstream/pembelian-ban.server'
import { getPemeriksaan } from '~/upstream/pemeriksaan-ban.server'
import { getPerpanjangan } from '~/upstream/perpanjangan.server'
import { getRotasi } from '~/upstream/rotasi-ban.server'
import type { Upstream } from '~/upstream/client.server'
import { actorLabel, aksiLabel, describePerubahan, formatWaktu, type InvoiceAudit } from '~/lib/audit'
import { hasFeature } from './features.server'
import { failure } from './route-errors.server'

/**
 * What the screens show of the audit trail. Against an upstream without the `audit`
 * extension every function answers null and the screens show nothing extra; a history that cannot be
 * read never takes an invoice or the access editor down (null / a short message instead).
 */

/** What the Riwayat dialog needs of a document: its title, the screens whose rows open it (their path under /admin), its code. */
export type DocumentHistory = {
  judul: string
  screens: readonly string[]
  kodeOf: (up: Upstream, id: number) => Promise<string | null>
}

/**
 * The documents with a history, by the upstream's name for them (GET /api/riwayat-dokumen/{entitas}/{id});
 * the Riwayat dialog (…/{id}/riwayat under the screens named here) reads its title and code from here.
 */
export const DOCUMENT_HISTORIES = {
  pembelian_ban: {
    screens: ['pembelian-ban', 'inquery-pembelian-ban'],
    judul: 'Pembelian Ban',
    kodeOf: async (up, id) => (await getPembelian(up, id)).kode_pembelian_ban ?? null,
  },
  pemasangan_ban: {
    screens: ['pemasangan-ban', 'inquery-pemasangan-ban'],
    judul: 'Pemasangan Ban',
    kodeOf: async (up, id) => (await getPemasangan(up, id)).kode_pemasangan ?? null,
  },
  pelepasan_ban: {
    screens: ['pelepasan-ban'],
    judul: 'Pelepasan Ban',
    kodeOf: async (up, id) => (await getPelepasan(up, id)).kode_pelepasan ?? null,
  },
  rotasi_ban: {
    screens: ['rotasi-ban'],
    judul: 'Rotasi Ban',
    kodeOf: async (up, id) => (await getRotasi(up, id)).kode_rotasi ?? null,
  },
  klaim_ban: {
    screens: ['klaim-ban', 'inquery-klaim-ban'],
    judul: 'Klaim Ban',
    kodeOf: async (up, id) => (await getKlaim(up, id)).kode_klaim || null,
  },
  pemeriksaan_ban: {
    screens: ['pemeriksaan-ban'],
    judul: 'Pemeriksaan Ban',
    kodeOf: async (up, id) => (await getPemeriksaan(up, id)).kode_pemeriksaan || null,
  },
  perpanjangan: {
    screens: ['perpanjangan-stnk'],
    judul: 'Perpanjangan STNK & KIR',
    kodeOf: async (up, id) => (await getPerpanjangan(up, id)).kode_perpanjangan || null,
  },
} as const satisfies Record<string, DocumentHistory>

export type AuditDocument = keyof typeof DOCUMENT_HISTORIES

/** The document whose history a screen's Riwayat dialog shows, by the screen's path under /admin (null: none). */
export function documentOfScreen(segment: string): AuditDocument | null {
  for (const [document, history] of Object.entries(DOCUMENT_HISTORIES) as [AuditDocument, DocumentHistory][]) {
    if (history.screens.includes(segment)) return document
  }
  return null
}

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
export async function invoiceHistory(up: Upstream, entitas: AuditDocument, id: number): Promise<AuditEntry[] | null> {
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
export async function documentRiwayat(up: Upstream, entitas: AuditDocument, id: number): Promise<RiwayatRow[]> {
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
