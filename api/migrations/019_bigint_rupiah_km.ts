import type { SchemaChange } from './change.ts'

/**
 * Rupiah and km in 8 bytes on PostgreSQL. Its INTEGER is 4 bytes (at most 2.147.483.647): a purchase
 * of 600 tyres at Rp 3.600.000 could not be stored, while SQLite's INTEGER is 8 bytes and took it.
 * BIGINT is read as a number (api/db.ts), so no answer changes; on SQLite nothing changes at all.
 */
export const RUPIAH_KM_COLUMNS: Record<string, readonly string[]> = {
  kendaraan: ['km'],
  pembelian_ban: ['grand_total'],
  ban: ['harga'],
  pemasangan_ban: ['km', 'grand_total'],
  detail_pemasangan_ban: ['km_pemasangan'],
  pelepasan_ban: ['km'],
  detail_pelepasan_ban: ['km_pemasangan', 'km_pelepasan', 'km_tempuh'],
  vulkanisir_ban: ['biaya'],
  riwayat_ban: ['km', 'km_tempuh', 'biaya'],
  rotasi_ban: ['km'],
  detail_rotasi_ban: ['km'],
  pemeriksaan_ban: ['km'],
  detail_pemeriksaan_ban: ['km_ban'],
  klaim_ban: ['harga', 'target_km', 'km_tempuh', 'nilai_hitung', 'nilai_klaim'],
  perpanjangan: ['biaya'],
}

export const bigintRupiahKm: SchemaChange = {
  async up(db, { dialect }) {
    if (dialect !== 'postgres') return
    for (const [table, columns] of Object.entries(RUPIAH_KM_COLUMNS)) {
      // One ALTER TABLE per table: PostgreSQL rewrites the table once for all its columns.
      const [first, ...rest] = columns
      let alter = db.schema.alterTable(table).alterColumn(first!, (c) => c.setDataType('bigint'))
      for (const column of rest) alter = alter.alterColumn(column, (c) => c.setDataType('bigint'))
      await alter.execute()
    }
  },
}
