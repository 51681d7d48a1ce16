import type { DB } from '../db.ts'

/** Demo transactions: stnk, purchases with their tyres, fittings. Runs after seedMasterDemo. */
export function seedTransaksiDemo(_db: DB) {}
