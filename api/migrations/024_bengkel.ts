import { sql, type CreateTableBuilder, type Kysely } from 'kysely'
import type { SchemaChange } from './change.ts'

/**
 * The workshop (the extensions 'suku-cadang' and 'perintah-kerja'; docs/upstream-contract.md
 * "Extensions: the parts store" and "Extensions: work orders"):
 *
 * - `suku_cadang`, the master of parts: its code SC000001 …, name (unique without case), unit (pcs,
 *   liter, set …), category (free text), minimum stock. `stok` and `nilai_stok` are its quantity on
 *   hand and that quantity's value in whole Rupiah at moving average cost: written only by the api's
 *   stock ledger (api/stock.ts), in the transaction of the movement, with the part's row locked. Both
 *   never go below zero (CHECK besides the api's own refusal).
 * - `mutasi_suku_cadang`, the ledger behind a part's Kartu Stok: one row per movement, in the order it
 *   happened (id): in (`masuk`) or out (`keluar`), its value (`nilai`, what the movement added to or
 *   took from the stock's value), the balance and value after it. Its document: `jenis` ('pembelian',
 *   'perintah_kerja', 'opname'), `dokumen_id` and `kode_dokumen` (kept as text: a deleted document's
 *   movements and their reversal stay readable). Append-only: a document changed or deleted while
 *   unposted appends the movements that undo its old lines (`keterangan` says why).
 * - `pembelian_suku_cadang` and its lines `detail_pembelian_suku_cadang`: a purchase like Pembelian Ban
 *   (supplier, date, lines of part × quantity × price), code PS000001 …, posted and unposted. Its lines
 *   are in stock from Simpan.
 * - `stok_opname`: a count of one part on a day, code SO000001 …: the system's quantity, the counted
 *   one, the difference in quantity and value, the reason, who counted. Applied when saved.
 * - `perintah_kerja`, a work order on one vehicle, code PK000001 …: date, km (a reading), mechanic (an
 *   employee), notes, its totals; posted and unposted. Its lines: the service items done
 *   (`detail_perintah_kerja_servis`, one per item), the parts taken (`detail_perintah_kerja_part`:
 *   quantity, the average cost each and the value taken, fixed when the part left the store) and the
 *   labour (`detail_perintah_kerja_jasa`: a description and its cost).
 * - `km_kendaraan` gains the source 'perintah_kerja' and `perintah_kerja_id`: a work order's km is a
 *   reading, which goes with its work order (CASCADE). SQLite cannot change a CHECK in place: the
 *   table is rebuilt with the same rows and ids (nothing references it).
 *
 * Quantities are whole numbers (a liter of oil, a filter); Rupiah and km are BIGINT on PostgreSQL and
 * INTEGER (8 bytes) on SQLite, days `date` and moments `timestamptz` on PostgreSQL, text on SQLite, as
 * 019–023 made the other tables. A part in use by a document or the ledger is not deleted (RESTRICT;
 * the api answers 409 first); a vehicle with work orders neither.
 */
export const bengkel: SchemaChange = {
  async up(db, { dialect }) {
    const postgres = dialect === 'postgres'
    const id = <T extends string>(t: CreateTableBuilder<T, never>) =>
      t.addColumn('id', 'integer', (c) => (postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    const moment = postgres ? 'timestamptz' : 'text'
    const day = postgres ? 'date' : 'text'
    const big = postgres ? 'bigint' : 'integer'
    const now = postgres ? sql`now()` : sql`(datetime('now'))`
    const status = <T extends string>(t: CreateTableBuilder<T, never>) =>
      t.addColumn('status', 'text', (c) =>
        c
          .notNull()
          .defaultTo('unpost')
          .check(sql`status IN ('unpost', 'posting')`),
      )
    const stamps = <T extends string>(t: CreateTableBuilder<T, never>) =>
      t
        .addColumn('created_at', moment, (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', moment, (c) => c.notNull().defaultTo(now))

    // ---- the parts store ------------------------------------------------------------------------
    await stamps(
      id(db.schema.createTable('suku_cadang'))
        .addColumn('kode_suku_cadang', 'text', (c) => c.notNull().unique())
        .addColumn('nama', 'text', (c) => c.notNull())
        .addColumn('satuan', 'text', (c) => c.notNull())
        .addColumn('kategori', 'text')
        .addColumn('stok_minimum', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`stok_minimum >= 0`),
        )
        .addColumn('stok', big, (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`stok >= 0`),
        )
        .addColumn('nilai_stok', big, (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`nilai_stok >= 0`),
        ),
    ).execute()
    await db.schema
      .createIndex('suku_cadang_nama')
      .unique()
      .on('suku_cadang')
      .expression(sql`lower(nama)`)
      .execute()

    await stamps(
      status(
        id(db.schema.createTable('pembelian_suku_cadang'))
          .addColumn('kode_pembelian_suku_cadang', 'text', (c) => c.notNull().unique())
          .addColumn('supplier_id', 'integer', (c) => c.notNull().references('supplier.id').onDelete('restrict'))
          .addColumn('tanggal_awal', day, (c) => c.notNull())
          .addColumn('keterangan', 'text')
          .addColumn('grand_total', big, (c) => c.notNull().defaultTo(0)),
      ),
    ).execute()
    await db.schema.createIndex('pembelian_suku_cadang_tanggal').on('pembelian_suku_cadang').columns(['tanggal_awal', 'id']).execute()
    await db.schema.createIndex('pembelian_suku_cadang_supplier').on('pembelian_suku_cadang').column('supplier_id').execute()

    await id(db.schema.createTable('detail_pembelian_suku_cadang'))
      .addColumn('pembelian_suku_cadang_id', 'integer', (c) => c.notNull().references('pembelian_suku_cadang.id').onDelete('cascade'))
      .addColumn('suku_cadang_id', 'integer', (c) => c.notNull().references('suku_cadang.id').onDelete('restrict'))
      .addColumn('jumlah', 'integer', (c) => c.notNull().check(sql`jumlah >= 1`))
      .addColumn('harga', big, (c) => c.notNull().check(sql`harga >= 0`))
      .addColumn('subtotal', big, (c) => c.notNull().check(sql`subtotal >= 0`))
      .execute()
    await db.schema
      .createIndex('detail_pembelian_suku_cadang_pembelian')
      .on('detail_pembelian_suku_cadang')
      .column('pembelian_suku_cadang_id')
      .execute()
    await db.schema.createIndex('detail_pembelian_suku_cadang_part').on('detail_pembelian_suku_cadang').column('suku_cadang_id').execute()

    await id(db.schema.createTable('stok_opname'))
      .addColumn('kode_stok_opname', 'text', (c) => c.notNull().unique())
      .addColumn('suku_cadang_id', 'integer', (c) => c.notNull().references('suku_cadang.id').onDelete('restrict'))
      .addColumn('tanggal', day, (c) => c.notNull())
      .addColumn('stok_sistem', big, (c) => c.notNull().check(sql`stok_sistem >= 0`))
      .addColumn('stok_fisik', big, (c) => c.notNull().check(sql`stok_fisik >= 0`))
      .addColumn('selisih', big, (c) => c.notNull())
      .addColumn('nilai_selisih', big, (c) => c.notNull())
      .addColumn('alasan', 'text', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', moment, (c) => c.notNull().defaultTo(now))
      .execute()
    await db.schema.createIndex('stok_opname_part').on('stok_opname').columns(['suku_cadang_id', 'id']).execute()

    // ---- work orders ----------------------------------------------------------------------------
    await stamps(
      status(
        id(db.schema.createTable('perintah_kerja'))
          .addColumn('kode_perintah_kerja', 'text', (c) => c.notNull().unique())
          .addColumn('kendaraan_id', 'integer', (c) => c.notNull().references('kendaraan.id').onDelete('restrict'))
          .addColumn('tanggal_awal', day, (c) => c.notNull())
          .addColumn('km', big, (c) => c.notNull().check(sql`km >= 0`))
          .addColumn('karyawan_id', 'integer', (c) => c.references('karyawan.id').onDelete('set null'))
          .addColumn('keterangan', 'text')
          .addColumn('total_suku_cadang', big, (c) => c.notNull().defaultTo(0))
          .addColumn('total_jasa', big, (c) => c.notNull().defaultTo(0))
          .addColumn('grand_total', big, (c) => c.notNull().defaultTo(0)),
      ),
    ).execute()
    await db.schema.createIndex('perintah_kerja_tanggal').on('perintah_kerja').columns(['tanggal_awal', 'id']).execute()
    await db.schema.createIndex('perintah_kerja_kendaraan').on('perintah_kerja').columns(['kendaraan_id', 'tanggal_awal', 'id']).execute()

    await id(db.schema.createTable('detail_perintah_kerja_servis'))
      .addColumn('perintah_kerja_id', 'integer', (c) => c.notNull().references('perintah_kerja.id').onDelete('cascade'))
      .addColumn('item_servis_id', 'integer', (c) => c.notNull().references('item_servis.id').onDelete('restrict'))
      .addUniqueConstraint('detail_perintah_kerja_servis_item', ['perintah_kerja_id', 'item_servis_id'])
      .execute()
    await db.schema
      .createIndex('detail_perintah_kerja_servis_by_item')
      .on('detail_perintah_kerja_servis')
      .column('item_servis_id')
      .execute()

    await id(db.schema.createTable('detail_perintah_kerja_part'))
      .addColumn('perintah_kerja_id', 'integer', (c) => c.notNull().references('perintah_kerja.id').onDelete('cascade'))
      .addColumn('suku_cadang_id', 'integer', (c) => c.notNull().references('suku_cadang.id').onDelete('restrict'))
      .addColumn('jumlah', 'integer', (c) => c.notNull().check(sql`jumlah >= 1`))
      .addColumn('harga', big, (c) => c.notNull().check(sql`harga >= 0`))
      .addColumn('subtotal', big, (c) => c.notNull().check(sql`subtotal >= 0`))
      .execute()
    await db.schema.createIndex('detail_perintah_kerja_part_pk').on('detail_perintah_kerja_part').column('perintah_kerja_id').execute()
    await db.schema.createIndex('detail_perintah_kerja_part_part').on('detail_perintah_kerja_part').column('suku_cadang_id').execute()

    await id(db.schema.createTable('detail_perintah_kerja_jasa'))
      .addColumn('perintah_kerja_id', 'integer', (c) => c.notNull().references('perintah_kerja.id').onDelete('cascade'))
      .addColumn('uraian', 'text', (c) => c.notNull())
      .addColumn('biaya', big, (c) => c.notNull().check(sql`biaya >= 0`))
      .execute()
    await db.schema.createIndex('detail_perintah_kerja_jasa_pk').on('detail_perintah_kerja_jasa').column('perintah_kerja_id').execute()

    // ---- the ledger (after the documents: nothing references them from here) ------------------------
    await id(db.schema.createTable('mutasi_suku_cadang'))
      .addColumn('suku_cadang_id', 'integer', (c) => c.notNull().references('suku_cadang.id').onDelete('restrict'))
      .addColumn('tanggal', day, (c) => c.notNull())
      .addColumn('jenis', 'text', (c) => c.notNull().check(sql`jenis IN ('pembelian', 'perintah_kerja', 'opname')`))
      .addColumn('dokumen_id', 'integer', (c) => c.notNull())
      .addColumn('kode_dokumen', 'text', (c) => c.notNull())
      .addColumn('masuk', big, (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`masuk >= 0`),
      )
      .addColumn('keluar', big, (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`keluar >= 0`),
      )
      .addColumn('nilai', big, (c) => c.notNull())
      .addColumn('saldo', big, (c) => c.notNull().check(sql`saldo >= 0`))
      .addColumn('nilai_saldo', big, (c) => c.notNull().check(sql`nilai_saldo >= 0`))
      .addColumn('keterangan', 'text')
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', moment, (c) => c.notNull().defaultTo(now))
      .execute()
    await db.schema.createIndex('mutasi_suku_cadang_part').on('mutasi_suku_cadang').columns(['suku_cadang_id', 'id']).execute()
    await db.schema.createIndex('mutasi_suku_cadang_dokumen').on('mutasi_suku_cadang').columns(['jenis', 'dokumen_id']).execute()

    // ---- a work order's km is a reading -----------------------------------------------------------
    await readingsFromWorkOrders(db, postgres)
  },
}

const SUMBER = sql`sumber IN ('input', 'impor', 'koreksi', 'perintah_kerja')`

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration's schema is its own moment's
async function readingsFromWorkOrders(db: Kysely<any>, postgres: boolean) {
  if (postgres) {
    await sql`ALTER TABLE km_kendaraan DROP CONSTRAINT km_kendaraan_sumber_check`.execute(db)
    await sql`ALTER TABLE km_kendaraan ADD CONSTRAINT km_kendaraan_sumber_check CHECK (${SUMBER})`.execute(db)
    await db.schema
      .alterTable('km_kendaraan')
      .addColumn('perintah_kerja_id', 'integer', (c) => c.references('perintah_kerja.id').onDelete('cascade'))
      .execute()
  } else {
    await db.schema
      .createTable('_new_km_kendaraan')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('kendaraan_id', 'integer', (c) => c.notNull().references('kendaraan.id').onDelete('cascade'))
      .addColumn('tanggal', 'text', (c) => c.notNull())
      .addColumn('km', 'integer', (c) => c.notNull().check(sql`km >= 0`))
      .addColumn('sumber', 'text', (c) => c.notNull().check(SUMBER))
      .addColumn('alasan', 'text')
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(sql`(datetime('now'))`))
      .addColumn('perintah_kerja_id', 'integer', (c) => c.references('perintah_kerja.id').onDelete('cascade'))
      .execute()
    await sql`INSERT INTO _new_km_kendaraan (id, kendaraan_id, tanggal, km, sumber, alasan, user_id, created_at)
      SELECT id, kendaraan_id, tanggal, km, sumber, alasan, user_id, created_at FROM km_kendaraan ORDER BY id`.execute(db)
    await db.schema.dropTable('km_kendaraan').execute()
    await sql`ALTER TABLE _new_km_kendaraan RENAME TO km_kendaraan`.execute(db)
    await db.schema.createIndex('km_kendaraan_kendaraan').on('km_kendaraan').columns(['kendaraan_id', 'tanggal', 'id']).execute()
  }
  await db.schema.createIndex('km_kendaraan_perintah_kerja').on('km_kendaraan').column('perintah_kerja_id').execute()
}
