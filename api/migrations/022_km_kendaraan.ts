import { sql } from 'kysely'
import type { SchemaChange } from './change.ts'

/**
 * Odometer readings (the extension 'km-kendaraan'; docs/upstream-contract.md "Extensions: km
 * readings"): a vehicle's km on a day, typed on the Km Kendaraan screen (`sumber` 'input'), read from a
 * spreadsheet ('impor') or a correction ('koreksi': an odometer replaced, a wrong reading; it starts a
 * new series and carries its reason, `alasan`). `user_id` who saved it (kept null when the user goes).
 * The vehicle's own `kendaraan.km` is its latest reading's, set by the api when a reading is saved.
 *
 * As 019 and 020 made the other tables: the km is BIGINT and the day `date`, the moment `timestamptz`
 * on PostgreSQL; on SQLite INTEGER (8 bytes) and text ('YYYY-MM-DD', 'YYYY-MM-DD HH:MM:SS' in UTC).
 * The index serves a vehicle's latest reading (kendaraan_id, tanggal DESC, id DESC) and its series;
 * another serves the vehicles' order on the screen.
 */
export const kmKendaraan: SchemaChange = {
  async up(db, { dialect }) {
    const postgres = dialect === 'postgres'
    await db.schema
      .createTable('km_kendaraan')
      .addColumn('id', 'integer', (c) => (postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
      .addColumn('kendaraan_id', 'integer', (c) => c.notNull().references('kendaraan.id').onDelete('cascade'))
      .addColumn('tanggal', postgres ? 'date' : 'text', (c) => c.notNull())
      .addColumn('km', postgres ? 'bigint' : 'integer', (c) => c.notNull().check(sql`km >= 0`))
      .addColumn('sumber', 'text', (c) => c.notNull().check(sql`sumber IN ('input', 'impor', 'koreksi')`))
      .addColumn('alasan', 'text')
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', postgres ? 'timestamptz' : 'text', (c) =>
        c.notNull().defaultTo(postgres ? sql`now()` : sql`(datetime('now'))`),
      )
      .execute()
    await db.schema.createIndex('km_kendaraan_kendaraan').on('km_kendaraan').columns(['kendaraan_id', 'tanggal', 'id']).execute()
    // The screen's order of the vehicles (No Kabin without case, then id): a page without a filter
    // reads the index instead of sorting every vehicle.
    await db.schema
      .createIndex('kendaraan_no_kabin')
      .on('kendaraan')
      .expression(sql`lower(no_kabin), id`)
      .execute()
  },
}
