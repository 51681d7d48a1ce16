import { Hono } from 'hono'
import type { DocumentExtension } from '../documents.ts'
import type { ApiEnv } from '../types.ts'
import { banLifecycleRoutes, banRoutes } from './transaksi/ban.ts'
import { klaimRoutes } from './transaksi/klaim.ts'
import { perpanjanganRoutes } from './transaksi/perpanjangan.ts'
import { laporanBiayaRoutes } from './transaksi/laporan-biaya.ts'
import { pelepasanRoutes } from './transaksi/pelepasan.ts'
import { pemasanganRoutes } from './transaksi/pemasangan.ts'
import { pembelianRoutes } from './transaksi/pembelian.ts'
import { pemeriksaanRoutes } from './transaksi/pemeriksaan.ts'
import { rotasiRoutes } from './transaksi/rotasi.ts'
import { stnkRoutes } from './transaksi/stnk.ts'

/** STNK, ban, pembelian ban, pemasangan ban, inquiries, laporan (calls and shapes in docs/upstream-contract.md). */
export function transaksiRoutes() {
  const r = new Hono<ApiEnv>()
  r.route('/', banRoutes())
  r.route('/', stnkRoutes())
  r.route('/', pembelianRoutes())
  r.route('/', pemasanganRoutes())
  return r
}

/**
 * The routes of the extensions that bring a document (api/documents.ts), by extension name: api/app.ts
 * mounts those switched on, so the api can be run without them. The tyre's whole life also holds the
 * tyre's history, receiving a retread and the cost-per-km report. Calls and shapes in
 * docs/upstream-contract.md, "Extensions: …".
 */
export const EXTENSION_ROUTES = {
  'ban-lifecycle': [banLifecycleRoutes, pelepasanRoutes, laporanBiayaRoutes],
  'rotasi-ban': [rotasiRoutes],
  'klaim-ban': [klaimRoutes],
  'pemeriksaan-ban': [pemeriksaanRoutes],
  perpanjangan: [perpanjanganRoutes],
} as const satisfies Record<DocumentExtension, readonly (() => Hono<ApiEnv>)[]>
