import { Hono } from 'hono'
import type { ApiEnv } from '../app.ts'

/** STNK, ban, pembelian ban, pemasangan ban, inquiries, laporan. */
export function transaksiRoutes() {
  const r = new Hono<ApiEnv>()
  return r
}
