import { sql } from 'kysely'
import type { SchemaChange } from './change.ts'

/**
 * Days and moments as PostgreSQL's own types. They held text in the formats SQLite keeps
 * ('YYYY-MM-DD'; 'YYYY-MM-DD HH:MM:SS' in UTC; the audit trail's ISO 8601 with 'Z'); every value is
 * converted, none dropped: a value that is not a date fails the change, and the start with it,
 * rather than being lost. On SQLite nothing changes (its dates are text by design).
 *
 * - A day — a document's date, an expiry, a birth date — is `date`.
 * - A moment — created_at, updated_at, an import's expiry and save — is `timestamptz`; the api reads
 *   and writes them in UTC (the pool's TimeZone, api/db.ts), and now() is their default.
 */
export const DAY_COLUMNS: Record<string, readonly string[]> = {
  karyawan: ['tanggal_lahir', 'tanggal_gabung'],
  kendaraan: ['expired_kir', 'expired_stnk'],
  stnk: ['expired_stnk'],
  pembelian_ban: ['tanggal_awal'],
  pemasangan_ban: ['tanggal_awal'],
  pelepasan_ban: ['tanggal_awal'],
  rotasi_ban: ['tanggal_awal'],
  pemeriksaan_ban: ['tanggal_awal'],
  klaim_ban: ['tanggal_awal'],
  riwayat_ban: ['tanggal'],
  vulkanisir_ban: ['tanggal_kirim', 'tanggal_terima'],
  perpanjangan: ['expired_lama', 'expired_baru', 'tanggal_bayar'],
}

/** Tables whose rows carry created_at (and updated_at, unless listed in ONLY_CREATED). */
export const MOMENT_TABLES = [
  'audit_log',
  'ban',
  'departemen',
  'detail_pelepasan_ban',
  'detail_pemasangan_ban',
  'detail_pemeriksaan_ban',
  'detail_rotasi_ban',
  'golongan',
  'impor_batch',
  'jenis_kendaraan',
  'karyawan',
  'kendaraan',
  'klaim_ban',
  'merek',
  'pelepasan_ban',
  'pemasangan_ban',
  'pembelian_ban',
  'pemeriksaan_ban',
  'perpanjangan',
  'riwayat_ban',
  'rotasi_ban',
  'stnk',
  'supplier',
  'typeban',
  'ukuran',
  'users',
  'vulkanisir_ban',
] as const
const ONLY_CREATED = new Set(['audit_log', 'detail_pemeriksaan_ban', 'impor_batch', 'riwayat_ban'])
/** Moments other than created_at/updated_at: set by the api, no default. */
const OTHER_MOMENTS: Record<string, readonly string[]> = { impor_batch: ['expires_at', 'disimpan_at'] }

export const postgresDates: SchemaChange = {
  async up(db, { dialect }) {
    if (dialect !== 'postgres') return
    const tables = new Set([...Object.keys(DAY_COLUMNS), ...MOMENT_TABLES])
    for (const table of tables) {
      const stamped = (MOMENT_TABLES as readonly string[]).includes(table)
      const defaulted = stamped ? (ONLY_CREATED.has(table) ? ['created_at'] : ['created_at', 'updated_at']) : []
      const moments = [...defaulted, ...(OTHER_MOMENTS[table] ?? [])]
      const days = DAY_COLUMNS[table] ?? []
      // The old defaults are text; they go before the type changes and now() comes after.
      for (const column of defaulted) await sql`ALTER TABLE ${sql.table(table)} ALTER COLUMN ${sql.ref(column)} DROP DEFAULT`.execute(db)
      const changes = [
        ...days.map((c) => sql`ALTER COLUMN ${sql.ref(c)} TYPE date USING NULLIF(${sql.ref(c)}, '')::date`),
        // Text without a zone is UTC (SQLite's datetime('now'), the old default); the audit trail's has its 'Z'.
        ...moments.map(
          (c) =>
            sql`ALTER COLUMN ${sql.ref(c)} TYPE timestamptz USING (CASE WHEN ${sql.ref(c)} ~ '([zZ]|[+-]\\d\\d(:?\\d\\d)?)$' THEN ${sql.ref(c)}::timestamptz ELSE (${sql.ref(c)} || '+00')::timestamptz END)`,
        ),
      ]
      // One ALTER TABLE per table: PostgreSQL rewrites the table once for all its columns.
      await sql`ALTER TABLE ${sql.table(table)} ${sql.join(changes)}`.execute(db)
      for (const column of defaulted)
        await sql`ALTER TABLE ${sql.table(table)} ALTER COLUMN ${sql.ref(column)} SET DEFAULT now()`.execute(db)
    }
  },
}
