import { Hono } from 'hono'
import type { ApiEnv } from '../types.ts'
import { banRoutes } from './transaksi/ban.ts'
import { pemasanganRoutes } from './transaksi/pemasangan.ts'
import { pembelianRoutes } from './transaksi/pembelian.ts'
import { stnkRoutes } from './transaksi/stnk.ts'

/** STNK, ban, pembelian ban, pemasangan ban, inquiries, laporan (spec 001 §7; docs/upstream-contract.md). */
export function transaksiRoutes() {
  const r = new Hono<ApiEnv>()
  r.route('/', banRoutes())
  r.route('/', stnkRoutes())
  r.route('/', pembelianRoutes())
  r.route('/', pemasanganRoutes())
  return r
}
