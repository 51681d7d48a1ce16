import { readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { recordAudit } from '../../api/audit.ts'
import { migrate, openDatabase } from '../../api/db.ts'
import type { SchemaChange } from '../../api/migrations/change.ts'
import { SCHEMA_CHANGES } from '../../api/migrations/index.ts'
import { freshDatabase, makeApi, onPostgres, track } from './harness.ts'

const MIGRATIONS = join(dirname(fileURLToPath(import.meta.url)), '../../api/migrations')

/** A later change, as a new screen would add it: one file for both databases. */
const coba: SchemaChange = {
  async up(db, { dialect }) {
    await db.schema
      .createTable('coba')
      .addColumn('id', 'integer', (c) =>
        dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
      )
      .addColumn('kode_coba', 'text', (c) => c.notNull().unique())
      .addColumn('kendaraan_id', 'integer', (c) => c.references('kendaraan.id').onDelete('restrict'))
      .addColumn('nilai', dialect === 'postgres' ? 'bigint' : 'integer')
      .addColumn('status', 'text', (c) =>
        c
          .notNull()
          .defaultTo('unpost')
          .check(sql`status IN ('unpost', 'posting')`),
      )
      .execute()
    await db.schema.createIndex('coba_kode').on('coba').column('kode_coba').execute()
  },
}

const applied = async (db: Awaited<ReturnType<typeof openDatabase>>) =>
  (await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db.kysely)).rows.map((r) => r.name)

describe(`migrations (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('applies a change (one TypeScript file for both databases) once, through Kysely’s Migrator', async () => {
    const { url } = await freshDatabase()
    const db = track(await openDatabase(url))
    expect(await applied(db)).toEqual(Object.keys(SCHEMA_CHANGES))
    const changes = { ...SCHEMA_CHANGES, '900_coba': coba }
    await migrate(db, changes)
    const insert = (kode: string, status?: string) =>
      sql`INSERT INTO coba (kode_coba, nilai, status) VALUES (${kode}, ${5_000_000_000}, ${status ?? 'unpost'})`.execute(db.kysely)
    await insert('C1')
    const rows = (await sql<{ id: number; kode_coba: string; nilai: number }>`SELECT id, kode_coba, nilai FROM coba`.execute(db.kysely))
      .rows
    expect(rows).toEqual([{ id: 1, kode_coba: 'C1', nilai: 5_000_000_000 }])
    await expect(insert('C2', 'lain')).rejects.toThrow()
    // Applied once: a second start changes nothing.
    await migrate(db, changes)
    expect(await applied(db)).toEqual([...Object.keys(SCHEMA_CHANGES), '900_coba'])
  })

  it('leaves the database as it was when a change fails, and says which', async () => {
    const { url } = await freshDatabase()
    const db = track(await openDatabase(url))
    const broken: SchemaChange = {
      async up(db) {
        await db.schema.createTable('setengah').addColumn('id', 'integer').execute()
        await sql`SELECT * FROM tabel_yang_tidak_ada`.execute(db)
      },
    }
    await expect(migrate(db, { ...SCHEMA_CHANGES, '901_rusak': broken })).rejects.toThrow('901_rusak')
    expect(await applied(db)).toEqual(Object.keys(SCHEMA_CHANGES))
    expect(await db.tableNames()).not.toContain('setengah')
  })

  it('stores a Rupiah or a km above 2.147.483.647 in every money and km column', async () => {
    const { db } = await makeApi()
    const { RUPIAH_KM_COLUMNS } = await import('../../api/migrations/019_bigint_rupiah_km.ts')
    const big = 5_000_000_000
    let filled = 0
    for (const [table, columns] of Object.entries(RUPIAH_KM_COLUMNS)) {
      for (const column of columns) {
        // Every row of the demo seed takes the figure, and gives it back as it was written.
        await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = ${big}`.execute(db.kysely)
        const stored = (
          await sql<{
            n: number
            most: number | null
          }>`SELECT COUNT(*) AS n, MAX(${sql.ref(column)}) AS most FROM ${sql.table(table)}`.execute(db.kysely)
        ).rows[0]!
        if (stored.n > 0) {
          expect(stored.most, `${table}.${column}`).toBe(big)
          filled++
        }
      }
    }
    expect(filled).toBeGreaterThan(10)
  })

  it('a new document writes its audit trail without a migration of audit_log', async () => {
    const { url } = await freshDatabase()
    const db = track(await openDatabase(url))
    const user = { id: 1, kode_user: 'admin', nama_user: 'Admin' } as Parameters<typeof recordAudit>[1]
    await recordAudit(db, user, { entitas: 'dokumen_baru' as never, entitasId: 7, aksi: 'dibuat' })
    const aksi = await db.q
      .selectFrom('audit_log')
      .select('aksi')
      .where('entitas', '=', 'dokumen_baru')
      .where('entitas_id', '=', 7)
      .executeTakeFirst()
    expect(aksi?.aksi).toBe('dibuat')
    // The actions keep their CHECK, and the log stays append-only.
    await expect(recordAudit(db, user, { entitas: 'dokumen_baru' as never, entitasId: 7, aksi: 'lain' as never })).rejects.toThrow()
    await expect(db.q.deleteFrom('audit_log').where('entitas', '=', 'dokumen_baru').execute()).rejects.toThrow()
  })

  it('lists every change file, in number order, numbered after the SQL files of the baseline', () => {
    const files = readdirSync(MIGRATIONS)
      .filter((f) => /^\d+_.*\.ts$/.test(f))
      .map((f) => f.replace(/\.ts$/, ''))
      .sort()
    expect(Object.keys(SCHEMA_CHANGES)).toEqual(files)
    const lastSql = Math.max(
      ...[MIGRATIONS, join(MIGRATIONS, 'postgres')].flatMap((d) =>
        readdirSync(d)
          .filter((f) => f.endsWith('.sql'))
          .map((f) => Number(f.split('_')[0])),
      ),
    )
    expect(Number(files[0]!.split('_')[0])).toBeGreaterThan(lastSql)
  })
})
