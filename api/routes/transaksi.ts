import { Hono } from 'hono'
import type { DocumentExtension } from '../documents.ts'
import type { ApiEnv } from '../types.ts'
import type { ExtensionGrants } from '../grants.ts'
import { BAN_LIFECYCLE_EXTENSION, banRoutes } from './transaksi/ban.ts'
import { KLAIM_EXTENSION } from './transaksi/klaim.ts'
import { PERPANJANGAN_EXTENSION } from './transaksi/perpanjangan.ts'
import { LAPORAN_BIAYA_EXTENSION } from './transaksi/laporan-biaya.ts'
import { PELEPASAN_EXTENSION } from './transaksi/pelepasan.ts'
import { pemasanganRoutes } from './transaksi/pemasangan.ts'
import { pembelianRoutes } from './transaksi/pembelian.ts'
import { PEMERIKSAAN_EXTENSION } from './transaksi/pemeriksaan.ts'
import { ROTASI_EXTENSION } from './transaksi/rotasi.ts'
import { stnkRoutes } from './transaksi/stnk.ts'
import { SUKU_CADANG_EXTENSION } from './suku-cadang.ts'

/** STNK, ban, pembelian ban, pemasangan ban, inquiries, laporan (calls and shapes in docs/upstream-contract.md). */
export function transaksiRoutes() {
  const r = new Hono<ApiEnv>()
  r.route('/', banRoutes())
  r.route('/', stnkRoutes())
  r.route('/', pembelianRoutes())
  r.route('/', pemasanganRoutes())
  return r
}

/** An extension's routes and the grants they need (api/routes/grants.ts takes them into its table). */
export type ExtensionRoutes = { routes: () => Hono<ApiEnv> } & ExtensionGrants

/**
 * The routes of the extensions that bring a document (api/documents.ts), by extension name, each
 * module with its grants: api/app.ts mounts those switched on, so the api can be run without them.
 * The tyre's whole life also holds the tyre's history, receiving a retread and the cost-per-km
 * report. Calls and shapes in docs/upstream-contract.md, "Extensions: …".
 */
export const EXTENSION_ROUTES = {
  'ban-lifecycle': [BAN_LIFECYCLE_EXTENSION, PELEPASAN_EXTENSION, LAPORAN_BIAYA_EXTENSION],
  'rotasi-ban': [ROTASI_EXTENSION],
  'klaim-ban': [KLAIM_EXTENSION],
  'pemeriksaan-ban': [PEMERIKSAAN_EXTENSION],
  perpanjangan: [PERPANJANGAN_EXTENSION],
  'suku-cadang': [SUKU_CADANG_EXTENSION],
} as const satisfies Record<DocumentExtension, readonly ExtensionRoutes[]>
