import { Hono } from 'hono'
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
 * The extension calls of the tyre's whole life (docs/upstream-contract.md "Extensions: the tyre's whole life"):
 * the tyre's history, receiving a retread, removal documents, the cost-per-km report. Mounted apart
 * so the api can be run without its extensions.
 */
export function banLifecycleExtension() {
  const r = new Hono<ApiEnv>()
  r.route('/', banLifecycleRoutes())
  r.route('/', pelepasanRoutes())
  r.route('/', laporanBiayaRoutes())
  return r
}

/** The extension calls of tyre rotation (docs/upstream-contract.md "Extensions: tyre rotation"). */
export function rotasiExtension() {
  const r = new Hono<ApiEnv>()
  r.route('/', rotasiRoutes())
  return r
}

/** The extension calls of tyre claims (docs/upstream-contract.md "Extensions: tyre claims"). */
export function klaimExtension() {
  const r = new Hono<ApiEnv>()
  r.route('/', klaimRoutes())
  return r
}

/** The extension calls of tyre inspections (docs/upstream-contract.md "Extensions: tyre inspections"). */
export function pemeriksaanExtension() {
  const r = new Hono<ApiEnv>()
  r.route('/', pemeriksaanRoutes())
  return r
}

/** The extension calls of registration renewals (docs/upstream-contract.md "Extensions: registration renewals"). */
export function perpanjanganExtension() {
  const r = new Hono<ApiEnv>()
  r.route('/', perpanjanganRoutes())
  return r
}
