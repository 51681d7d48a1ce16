import { sql, type CreateTableBuilder } from 'kysely'
import type { SchemaChange } from './change.ts'

/**
 * Service plans (the extension 'jadwal-servis'; docs/upstream-contract.md "Extensions: service
 * plans"):
 * - `item_servis`, the master of service items (an oil change, a brake lining …): its code IS000001 …,
 *   its name (unique without case), its own intervals in km and in days (either or both) and the parts
 *   it usually takes (`suku_cadang`, free text until a parts store exists).
 * - `jadwal_servis`, a vehicle type's plan: the items its vehicles are serviced on, each with its
 *   intervals; one line per (type, item).
 * - `jadwal_servis_kendaraan`, a vehicle's own line overriding its type's plan for an item: an item
 *   added, switched off (`aktif` false) or with other intervals; one per (vehicle, item).
 * - `servis_awal`, a vehicle's opening entry per item: the last service before the system knew (its day
 *   and km), who saved it and when; one per (vehicle, item).
 *
 * A plan goes with its vehicle type, an override and an opening entry with their vehicle (CASCADE, as
 * km_kendaraan does): deleting a type or a vehicle works as before. An item in use is not deleted (the
 * api refuses with 409; the foreign keys RESTRICT besides). As 019–022 made the other tables: the km is
 * BIGINT, the day `date`, the moment `timestamptz`, `aktif` a boolean on PostgreSQL; on SQLite INTEGER
 * (8 bytes, 0/1 for `aktif`) and text.
 */
export const jadwalServis: SchemaChange = {
  async up(db, { dialect }) {
    const postgres = dialect === 'postgres'
    const id = <T extends string>(t: CreateTableBuilder<T, never>) =>
      t.addColumn('id', 'integer', (c) => (postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    const moment = postgres ? 'timestamptz' : 'text'
    const now = postgres ? sql`now()` : sql`(datetime('now'))`
    const interval = (name: 'interval_km' | 'interval_hari') => sql`${sql.ref(name)} IS NULL OR ${sql.ref(name)} >= 1`

    await id(db.schema.createTable('item_servis'))
      .addColumn('kode_item_servis', 'text', (c) => c.notNull().unique())
      .addColumn('nama', 'text', (c) => c.notNull())
      .addColumn('interval_km', 'integer', (c) => c.check(interval('interval_km')))
      .addColumn('interval_hari', 'integer', (c) => c.check(interval('interval_hari')))
      .addColumn('suku_cadang', 'text')
      .addColumn('created_at', moment, (c) => c.notNull().defaultTo(now))
      .addColumn('updated_at', moment, (c) => c.notNull().defaultTo(now))
      .execute()
    // The name is unique without case; the list's order reads this index too.
    await db.schema
      .createIndex('item_servis_nama')
      .unique()
      .on('item_servis')
      .expression(sql`lower(nama)`)
      .execute()

    await id(db.schema.createTable('jadwal_servis'))
      .addColumn('jenis_kendaraan_id', 'integer', (c) => c.notNull().references('jenis_kendaraan.id').onDelete('cascade'))
      .addColumn('item_servis_id', 'integer', (c) => c.notNull().references('item_servis.id').onDelete('restrict'))
      .addColumn('interval_km', 'integer', (c) => c.check(interval('interval_km')))
      .addColumn('interval_hari', 'integer', (c) => c.check(interval('interval_hari')))
      .addUniqueConstraint('jadwal_servis_jenis_item', ['jenis_kendaraan_id', 'item_servis_id'])
      .execute()
    await db.schema.createIndex('jadwal_servis_item').on('jadwal_servis').column('item_servis_id').execute()

    await id(db.schema.createTable('jadwal_servis_kendaraan'))
      .addColumn('kendaraan_id', 'integer', (c) => c.notNull().references('kendaraan.id').onDelete('cascade'))
      .addColumn('item_servis_id', 'integer', (c) => c.notNull().references('item_servis.id').onDelete('restrict'))
      .addColumn('aktif', postgres ? 'boolean' : 'integer', (c) =>
        postgres
          ? c.notNull().defaultTo(true)
          : c
              .notNull()
              .defaultTo(1)
              .check(sql`aktif IN (0, 1)`),
      )
      .addColumn('interval_km', 'integer', (c) => c.check(interval('interval_km')))
      .addColumn('interval_hari', 'integer', (c) => c.check(interval('interval_hari')))
      .addUniqueConstraint('jadwal_servis_kendaraan_kendaraan_item', ['kendaraan_id', 'item_servis_id'])
      .execute()
    await db.schema.createIndex('jadwal_servis_kendaraan_item').on('jadwal_servis_kendaraan').column('item_servis_id').execute()

    await id(db.schema.createTable('servis_awal'))
      .addColumn('kendaraan_id', 'integer', (c) => c.notNull().references('kendaraan.id').onDelete('cascade'))
      .addColumn('item_servis_id', 'integer', (c) => c.notNull().references('item_servis.id').onDelete('restrict'))
      .addColumn('tanggal', postgres ? 'date' : 'text', (c) => c.notNull())
      .addColumn('km', postgres ? 'bigint' : 'integer', (c) => c.notNull().check(sql`km >= 0`))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', moment, (c) => c.notNull().defaultTo(now))
      .addUniqueConstraint('servis_awal_kendaraan_item', ['kendaraan_id', 'item_servis_id'])
      .execute()
    await db.schema.createIndex('servis_awal_item').on('servis_awal').column('item_servis_id').execute()
  },
}
