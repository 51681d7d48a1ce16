import { Hono } from 'hono'
import type { ApiEnv } from '../app.ts'

/** Master data other than departemen: karyawan, user, akses, supplier, ukuran, merek, golongan,
 * jenis_kendaraan, kendaraan, typeban. */
export function masterRoutes() {
  const r = new Hono<ApiEnv>()
  return r
}
