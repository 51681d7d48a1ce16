import { Hono } from 'hono'
import type { ApiEnv } from '../types.ts'
import { aksesRoutes } from './master/akses.ts'
import { jenisKendaraanRoutes, simpleEntityRoutes, supplierRoutes } from './master/entities.ts'
import { karyawanRoutes } from './master/karyawan.ts'
import { kendaraanRoutes } from './master/kendaraan.ts'
import { userRoutes } from './master/user.ts'

/** Master data other than departemen: karyawan, user, akses, supplier, the simple masters of
 * api/simple-entities.ts (ukuran, merek, golongan, typeban …), jenis_kendaraan, kendaraan (shapes in
 * docs/upstream-contract.md). */
export function masterRoutes() {
  const r = new Hono<ApiEnv>()
  r.route('/', karyawanRoutes())
  r.route('/', userRoutes())
  r.route('/', aksesRoutes())
  r.route('/', supplierRoutes())
  for (const simple of simpleEntityRoutes()) r.route('/', simple)
  r.route('/', jenisKendaraanRoutes())
  r.route('/', kendaraanRoutes())
  return r
}
