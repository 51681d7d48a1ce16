import type { SchemaChange } from './change.ts'

/**
 * The documents' km are readings (docs/upstream-contract.md "Extensions: km readings"): a vehicle's
 * readings are its km_kendaraan rows and the km of its registered fittings, removals, rotations and
 * inspection rounds, read together by api/routes/km-kendaraan.ts (`readingsOf`) for every vehicle's
 * latest reading, its km per day and the order of a new reading. Each document table gets an index on
 * (kendaraan_id, tanggal_awal) so those reads take a vehicle's documents by the index instead of
 * scanning the table (pemeriksaan_ban has had one since 013). The tyre forecasts' km per day
 * (prakiraan_ban.km_per_hari) is refreshed for the vehicles whose readings change: an index on
 * prakiraan_ban(kendaraan_id) finds their tyres.
 */
export const kmDokumen: SchemaChange = {
  async up(db) {
    for (const table of ['pemasangan_ban', 'pelepasan_ban', 'rotasi_ban'] as const) {
      await db.schema.createIndex(`${table}_kendaraan_tanggal`).on(table).columns(['kendaraan_id', 'tanggal_awal']).execute()
    }
    await db.schema.createIndex('prakiraan_ban_kendaraan').on('prakiraan_ban').column('kendaraan_id').execute()
  },
}
