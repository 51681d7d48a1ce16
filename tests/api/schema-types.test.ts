import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../api/db.ts'
import { caseBlind, forUpdate, jsonArrayFrom, jsonObjectFrom, nowMoment, parseJson } from '../../api/sql.ts'
import { freshDatabase, makeApi, track } from './harness.ts'

/**
 * The api's queries are typed by its schema (api/schema.ts through `Kysely<Schema>`): a misspelt
 * table or column does not compile. The `@ts-expect-error` lines below are checked by the typecheck
 * (`tsc --noEmit`): were the misspelling accepted, the directive itself would be the error.
 * And the pieces where the two databases differ (api/sql.ts) answer alike on both.
 */
describe('the typed schema and the dialect module', () => {
  it('refuses a misspelt table or column at compile time, and runs the spelt ones', async () => {
    const { db } = await makeApi()
    const misspelt = () => {
      // @ts-expect-error: there is no table 'departement'
      db.q.selectFrom('departement').selectAll()
      // @ts-expect-error: departemen has no column 'nama_departemen'
      db.q.selectFrom('departemen').select('nama_departemen')
      // @ts-expect-error: a Rupiah is a number, not text
      db.q.updateTable('pembelian_ban').set({ grand_total: 'seribu' })
    }
    expect(typeof misspelt).toBe('function')
    const rows = await db.q.selectFrom('departemen').select(['kode_departemen', 'nama']).orderBy('id').execute()
    expect(rows.length).toBeGreaterThan(0)
    expect(rows[0]!.kode_departemen).toMatch(/^DP\d{6}$/)
  })

  it('nests a list and an object as JSON text, sorts case-blind, and tells the time, on both databases', async () => {
    const { url } = await freshDatabase({ seeded: false })
    const db = track(await openDatabase(url))
    await db.q
      .insertInto('departemen')
      .values([
        { kode_departemen: 'DP900001', nama: 'beta' },
        { kode_departemen: 'DP900002', nama: 'Alfa' },
        { kode_departemen: 'DP900003', nama: 'Gamma' },
      ])
      .execute()
    const sorted = await db.q
      .selectFrom('departemen')
      .select('nama')
      .orderBy((eb) => caseBlind(eb.ref('nama')))
      .execute()
    expect(sorted.map((r) => r.nama)).toEqual(['Alfa', 'beta', 'Gamma'])

    const row = await db.q
      .selectNoFrom((eb) => [
        jsonArrayFrom(
          db,
          eb
            .selectFrom('departemen')
            .select(['kode_departemen', 'nama'])
            .where('kode_departemen', '>=', 'DP900002')
            .orderBy('kode_departemen'),
        ).as('list'),
        jsonArrayFrom(db, eb.selectFrom('departemen').select('id').where('kode_departemen', '=', 'none')).as('empty'),
        jsonObjectFrom(db, eb.selectFrom('departemen').select(['kode_departemen']).where('kode_departemen', '=', 'DP900001')).as('one'),
        nowMoment(db).as('now'),
      ])
      .executeTakeFirstOrThrow()
    expect(parseJson(row.list)).toEqual([
      { kode_departemen: 'DP900002', nama: 'Alfa' },
      { kode_departemen: 'DP900003', nama: 'Gamma' },
    ])
    expect(parseJson(row.empty)).toEqual([])
    expect(parseJson(row.one)).toEqual({ kode_departemen: 'DP900001' })
    expect(row.now).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)

    await db.tx(async () => {
      const locked = await db.q
        .selectFrom('departemen')
        .select('id')
        .where('kode_departemen', '=', 'DP900001')
        .$call(forUpdate(db))
        .executeTakeFirst()
      expect(locked?.id).toBeGreaterThan(0)
    })
  })
})
