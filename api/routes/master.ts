import { Hono } from 'hono'
import type { ApiEnv } from '../types.ts'
import { aksesRoutes } from './master/akses.ts'
import { golonganRoutes, jenisKendaraanRoutes, merekRoutes, supplierRoutes, typebanRoutes, ukuranRoutes } from './master/entities.ts'
import { karyawanRoutes } from './master/karyawan.ts'
import { kendaraanRoutes } from './master/kendaraan.ts'
import { userRoutes } from './master/user.ts'

/** Master data other than departemen: karyawan, user, akses, supplier, ukuran, merek, golongan,
 * jenis_kendaraan, kendaraan, typeban (shapes in docs/upstream-contract.md). */
export function masterRoutes() {
  const r = new Hono<ApiEnv>()
  r.route('/', karyawanRoutes())
  r.route('/', userRoutes())
  r.route('/', aksesRoutes())
  r.route('/', supplierRoutes())
  r.route('/', ukuranRoutes())
  r.route('/', merekRoutes())
  r.route('/', golonganRoutes())
  r.route('/', jenisKendaraanRoutes())
  r.route('/', kendaraanRoutes())
  r.route('/', typebanRoutes())
  return r
}
