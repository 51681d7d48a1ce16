import type { DB } from '../db.ts'

/** Demo master data: karyawan, users, supplier, ukuran, merek, golongan, jenis_kendaraan, kendaraan, typeban. */
export function seedMasterDemo(_db: DB, _ctx: { departemenIds: number[] }) {}
