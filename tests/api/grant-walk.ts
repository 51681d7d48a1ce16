import { isOpenGrant } from '../../api/grants.ts'
import { API_GRANTS } from '../../api/routes/grants.ts'
import { sql } from 'kysely'
import type { Schema } from '../../api/schema.ts'
import { SIMPLE_ENTITIES, type SimpleEntityKey } from '../../api/simple-entities.ts'
import type { makeApi } from './harness.ts'

/**
 * Walking the api's grant table (api/routes/grants.ts): seed ids for every route pattern, a call of
 * each route, and a snapshot of every data table to compare before and after.
 */

export type Api = Awaited<ReturnType<typeof makeApi>>
/** The tables whose rows have an id of their own. */
type TableWithId = { [T in keyof Schema]: 'id' extends keyof Schema[T] ? T : never }[keyof Schema]
/** Every entry of the api's grant table: `METHOD path` and its grant. */
export const entries = Object.entries(API_GRANTS)
export const isOpen = isOpenGrant
/** Routes whose handler asks Create or Update by the line it loads (their grant made by `lines`, api/grants.ts). */
export const LINE_ROUTES = entries.filter(([, g]) => !isOpenGrant(g) && g.byLine).map(([key]) => key)

/** The table of ids a route pattern's parameters take, from the demo seed. */
export async function idsOf(api: Api) {
  const firstOf = (table: TableWithId) => api.db.q.selectFrom(table).select('id').orderBy('id').limit(1).executeTakeFirst()
  const first = async (table: TableWithId) => (await firstOf(table))!.id
  // A simple master the demo seed leaves empty: an id no row has (its calls answer 404, like impor's below).
  const firstOrMissing = async (table: TableWithId) => (await firstOf(table))?.id ?? 1
  // The simple masters (api/simple-entities.ts): the path segment is the table.
  const simple: Record<string, number> = {}
  for (const key of Object.keys(SIMPLE_ENTITIES) as SimpleEntityKey[]) simple[key] = await firstOrMissing(key)
  const pembelian = await first('pembelian_ban')
  const pemasangan = await first('pemasangan_ban')
  const { id: admin } = await api.db.q.selectFrom('users').select('id').where('kode_user', '=', 'admin').executeTakeFirstOrThrow()
  return async (path: string): Promise<string> => {
    const segment = path.split('/')[2]
    const byResource: Record<string, number> = {
      departemen: await first('departemen'),
      karyawan: await first('karyawan'),
      user: await first('users'),
      // Someone else's grants (the admin's), never the caller's own.
      akses: admin,
      supplier: await first('supplier'),
      ...simple,
      jenis_kendaraan: await first('jenis_kendaraan'),
      kendaraan: await first('kendaraan'),
      stnk: await first('stnk'),
      'pembelian-ban': pembelian,
      'detail-pembelian': pembelian,
      'inquery-pembelian': pembelian,
      'inquery-pembelian-ban': pembelian,
      'pemasangan-ban': pemasangan,
      'detail-pemasangan': pemasangan,
      'inquery-pemasangan': pemasangan,
      'inquery-pemasangan-ban': pemasangan,
      'klaim-ban': await first('klaim_ban'),
      'pemeriksaan-ban': await first('pemeriksaan_ban'),
      // The parts store: a seeded part and purchase.
      'suku-cadang': await first('suku_cadang'),
      'pembelian-suku-cadang': await first('pembelian_suku_cadang'),
      // A staged import no user made (404 to everyone who may ask).
      impor: 1,
    }
    // A tyre's inspections and forecast (read with Select on Pemeriksaan Ban): a seeded tyre.
    if (path === '/api/ban/:id/pemeriksaan') return `/api/ban/${await first('ban')}/pemeriksaan`
    // Service plans: a seeded vehicle type's and vehicle's plan, a seeded item.
    if (path.startsWith('/api/jadwal-servis/jenis/')) return path.replace(':id', String(await first('jenis_kendaraan')))
    if (path.startsWith('/api/jadwal-servis/kendaraan/')) return path.replace(':id', String(await first('kendaraan')))
    if (path.startsWith('/api/item-servis/')) return path.replace(':id', String(await first('item_servis')))
    return path
      .replace(':kendaraanId', String(await first('kendaraan')))
      .replace('delete-detail-ban/:id', `delete-detail-ban/${await first('detail_pemasangan_ban')}`)
      .replace(':id', String(byResource[segment]))
  }
}

/** Every route of the table as a request: method, path with seed ids, a JSON body for writes. */
export async function call(api: Api, key: string, token: string, fill: (p: string) => Promise<string>) {
  const [method, pattern] = key.split(' ')
  return api.request(method, await fill(pattern), { token, json: method === 'GET' || method === 'DELETE' ? undefined : {} })
}

/** The rows of every data table: what a refused call must not have changed. */
export async function snapshot(api: Api) {
  const tables = (await api.db.tableNames()).filter((t) => t !== 'api_tokens' && t !== 'table_versions')
  const rows: Record<string, string> = {}
  // Every table the database names (its catalogue, not a value), each quoted as an identifier.
  for (const t of tables) rows[t] = JSON.stringify((await sql`SELECT * FROM ${sql.table(t)} ORDER BY 1, 2`.execute(api.db.q)).rows)
  return rows
}
