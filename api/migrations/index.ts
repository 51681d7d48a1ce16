import type { SchemaChange } from './change.ts'
import { sqlBaseline } from './018_sql_baseline.ts'
import { bigintRupiahKm } from './019_bigint_rupiah_km.ts'
import { postgresDates } from './020_postgres_dates.ts'
import { noEmulatedFunctions } from './021_no_emulated_functions.ts'
import { kmKendaraan } from './022_km_kendaraan.ts'
import { jadwalServis } from './023_jadwal_servis.ts'
import { bengkel } from './024_bengkel.ts'
import { kmDokumen } from './025_km_dokumen.ts'

/**
 * Every change of the schema since Kysely's Migrator took over, by name, applied in name order
 * (api/migrate.ts). A new change is a file `NNN_name.ts` here, numbered after the last, and its line
 * below (tests/api/migrations.test.ts checks that every file is listed). A change, once released, is
 * never edited: the next one changes what it did.
 */
export const SCHEMA_CHANGES: Record<string, SchemaChange> = {
  '018_sql_baseline': sqlBaseline,
  '019_bigint_rupiah_km': bigintRupiahKm,
  '020_postgres_dates': postgresDates,
  '021_no_emulated_functions': noEmulatedFunctions,
  '022_km_kendaraan': kmKendaraan,
  '023_jadwal_servis': jadwalServis,
  '024_bengkel': bengkel,
  '025_km_dokumen': kmDokumen,
}
