import { join } from 'node:path'
import { sql, type RawBuilder } from 'kysely'
import { describe, expect, it } from 'vitest'
import type { DB } from '../../api/types.ts'
import { openDatabase } from '../../api/db.ts'
import { today } from '../../api/http.ts'
import { positionsFor } from '../../api/routes/transaksi/common.ts'
import { seedDemo } from '../../api/seed.ts'
import { seedScale } from '../../api/seed/scale.ts'
import { addDays, seedTransaksiDemo } from '../../api/seed/transaksi.ts'
import { runProcess } from '../run-process.ts'
import { freshDatabase, makeApi, track } from './harness.ts'

/** The one number a counting query answers (`… AS n`). */
const n = async (db: DB, query: RawBuilder<unknown>) => Number((await query.$castTo<{ n: number }>().execute(db.q)).rows[0]!.n)

/** What must hold in any data set, demo or scale. */
async function expectConsistent(db: DB) {
  // grand_total of a purchase = the sum of its tyres.
  expect(
    await n(
      db,
      sql`SELECT COUNT(*) AS n FROM pembelian_ban p
    WHERE p.grand_total <> (SELECT COALESCE(SUM(harga), 0) FROM ban WHERE pembelian_ban_id = p.id)`,
    ),
  ).toBe(0)
  // A tyre is terpasang exactly when it sits on a position (a fitting line not removed).
  expect(
    await n(
      db,
      sql`SELECT COUNT(*) AS n FROM ban b WHERE (b.status = 'terpasang') <>
    EXISTS (SELECT 1 FROM detail_pemasangan_ban d WHERE d.ban_id = b.id AND d.dilepas = 0)`,
    ),
  ).toBe(0)
  // Every position is one of its vehicle type's.
  const details = await db.q
    .selectFrom('detail_pemasangan_ban as d')
    .innerJoin('kendaraan as k', 'k.id', 'd.kendaraan_id')
    .leftJoin('jenis_kendaraan as j', 'j.id', 'k.jenis_kendaraan_id')
    .select(['d.posisi_ban', 'j.total_ban'])
    .execute()
  for (const d of details) expect(positionsFor(d.total_ban)).toContain(d.posisi_ban)
  // Registered fittings: km and grand_total from their details; vehicle km at least the fitting km;
  // the fitting is not older than the purchase of its tyres.
  expect(
    await n(
      db,
      sql`SELECT COUNT(*) AS n FROM pemasangan_ban p WHERE
    p.grand_total <> (SELECT SUM(b.harga) FROM detail_pemasangan_ban d JOIN ban b ON b.id = d.ban_id WHERE d.pemasangan_ban_id = p.id)
    OR p.km <> (SELECT MAX(km_pemasangan) FROM detail_pemasangan_ban WHERE pemasangan_ban_id = p.id)`,
    ),
  ).toBe(0)
  expect(
    await n(
      db,
      sql`SELECT COUNT(*) AS n FROM detail_pemasangan_ban d JOIN kendaraan k ON k.id = d.kendaraan_id
    WHERE d.pemasangan_ban_id IS NOT NULL AND d.km_pemasangan > k.km`,
    ),
  ).toBe(0)
  expect(
    await n(
      db,
      sql`SELECT COUNT(*) AS n FROM detail_pemasangan_ban d JOIN pemasangan_ban f ON f.id = d.pemasangan_ban_id
    JOIN ban b ON b.id = d.ban_id JOIN pembelian_ban p ON p.id = b.pembelian_ban_id WHERE f.tanggal_awal < p.tanggal_awal`,
    ),
  ).toBe(0)
  // Serial numbers are unique.
  expect(await n(db, sql`SELECT COUNT(*) AS n FROM (SELECT no_seri FROM ban GROUP BY no_seri HAVING COUNT(*) > 1) dup`)).toBe(0)
}

describe('demo seed (transactions)', () => {
  it('makes STNK, purchases, fittings and staged lines that follow the rules', async () => {
    const api = await makeApi()
    const db = api.db
    const day0 = today()
    // ~8 STNK, each tied to a vehicle, with its numbers.
    expect(await n(db, sql`SELECT COUNT(*) AS n FROM stnk`)).toBe(8)
    expect(
      await n(
        db,
        sql`SELECT COUNT(*) AS n FROM stnk s JOIN kendaraan k ON k.id = s.kendaraan_id
      WHERE s.no_pol IS NOT DISTINCT FROM k.no_pol AND s.no_rangka IS NOT DISTINCT FROM k.no_rangka
        AND s.jenis_kendaraan_id IS NOT DISTINCT FROM k.jenis_kendaraan_id`,
      ),
    ).toBe(8)
    // ~25 purchases over the last three months, 4–8 tyres each at Rp 1.200.000 – 4.500.000, mixed statuses.
    expect(await n(db, sql`SELECT COUNT(*) AS n FROM pembelian_ban`)).toBe(25)
    expect(
      await n(db, sql`SELECT COUNT(*) AS n FROM pembelian_ban WHERE tanggal_awal < ${addDays(day0, -92)} OR tanggal_awal > ${day0}`),
    ).toBe(0)
    expect(await n(db, sql`SELECT COUNT(*) AS n FROM pembelian_ban WHERE status = 'posting'`)).toBeGreaterThan(5)
    expect(await n(db, sql`SELECT COUNT(*) AS n FROM pembelian_ban WHERE status = 'unpost'`)).toBeGreaterThan(3)
    expect(
      await n(
        db,
        sql`SELECT COUNT(*) AS n FROM (SELECT pembelian_ban_id FROM ban GROUP BY pembelian_ban_id HAVING COUNT(*) < 4 OR COUNT(*) > 8) odd`,
      ),
    ).toBe(0)
    expect(await n(db, sql`SELECT COUNT(*) AS n FROM ban WHERE harga < 1200000 OR harga > 4500000`)).toBe(0)
    // ~10 fittings on vehicles of several types, mixed statuses; vehicles with staged lines.
    expect(await n(db, sql`SELECT COUNT(*) AS n FROM pemasangan_ban`)).toBe(10)
    expect(
      await n(
        db,
        sql`SELECT COUNT(DISTINCT j.total_ban) AS n FROM pemasangan_ban p JOIN kendaraan k ON k.id = p.kendaraan_id
      JOIN jenis_kendaraan j ON j.id = k.jenis_kendaraan_id`,
      ),
    ).toBeGreaterThanOrEqual(4)
    expect(await n(db, sql`SELECT COUNT(*) AS n FROM pemasangan_ban WHERE status = 'posting'`)).toBeGreaterThan(2)
    expect(await n(db, sql`SELECT COUNT(*) AS n FROM pemasangan_ban WHERE status = 'unpost'`)).toBeGreaterThan(2)
    expect(
      await n(db, sql`SELECT COUNT(*) AS n FROM pemasangan_ban WHERE tanggal_awal < ${addDays(day0, -92)} OR tanggal_awal > ${day0}`),
    ).toBe(0)
    expect(await n(db, sql`SELECT COUNT(DISTINCT kendaraan_id) AS n FROM detail_pemasangan_ban WHERE pemasangan_ban_id IS NULL`)).toBe(2)
    // Enough tyres in stock for new fittings.
    expect(await n(db, sql`SELECT COUNT(*) AS n FROM ban WHERE status = 'stok'`)).toBeGreaterThan(60)
    await expectConsistent(db)

    // Through the api: a staged vehicle shows its lines; one of them can be registered.
    await api.login()
    const staged = (
      await db.q.selectFrom('detail_pemasangan_ban').select('kendaraan_id').distinct().where('pemasangan_ban_id', 'is', null).execute()
    )[0]!
    const list = await api.get(`/api/pemasangan-ban/detail-list-ban/${staged.kendaraan_id}`)
    expect(list.json.data.length).toBeGreaterThanOrEqual(2)
    expect((await api.post(`/api/pemasangan-ban/add-pemasangan/${staged.kendaraan_id}`)).status).toBe(201)
  })

  it('works on its own when the master tables are empty', async () => {
    const db = track(await openDatabase((await freshDatabase()).url))
    await db.tx(async () => seedTransaksiDemo(db, { today: '2025-06-30' }))
    expect(await n(db, sql`SELECT COUNT(*) AS n FROM kendaraan`)).toBeGreaterThanOrEqual(8)
    expect(await n(db, sql`SELECT COUNT(DISTINCT total_ban) AS n FROM jenis_kendaraan`)).toBe(4)
    expect(await n(db, sql`SELECT COUNT(*) AS n FROM stnk`)).toBe(8)
    expect(await n(db, sql`SELECT COUNT(*) AS n FROM pembelian_ban`)).toBe(25)
    expect(await n(db, sql`SELECT COUNT(*) AS n FROM pemasangan_ban`)).toBe(10)
    expect(await n(db, sql`SELECT COUNT(*) AS n FROM pembelian_ban WHERE tanggal_awal NOT BETWEEN '2025-03-30' AND '2025-06-30'`)).toBe(0)
    await expectConsistent(db)
  })
})

describe('scale seed', () => {
  it('adds n vehicles with purchases, tyres and fittings in proportion, consistently', async () => {
    const db = track(await openDatabase((await freshDatabase()).url))
    await seedDemo(db, { adminPassword: 'admin' })
    const before = {
      kendaraan: await n(db, sql`SELECT COUNT(*) AS n FROM kendaraan`),
      pembelian: await n(db, sql`SELECT COUNT(*) AS n FROM pembelian_ban`),
      ban: await n(db, sql`SELECT COUNT(*) AS n FROM ban`),
      pemasangan: await n(db, sql`SELECT COUNT(*) AS n FROM pemasangan_ban`),
    }
    const counts = await seedScale(db, 200, { today: '2025-06-30' })
    expect(counts.kendaraan).toBe(200)
    expect(await n(db, sql`SELECT COUNT(*) AS n FROM kendaraan`)).toBe(before.kendaraan + 200)
    expect(await n(db, sql`SELECT COUNT(*) AS n FROM pembelian_ban`)).toBe(before.pembelian + counts.pembelian_ban)
    expect(await n(db, sql`SELECT COUNT(*) AS n FROM ban`)).toBe(before.ban + counts.ban)
    expect(await n(db, sql`SELECT COUNT(*) AS n FROM pemasangan_ban`)).toBe(before.pemasangan + counts.pemasangan_ban)
    expect(counts.pembelian_ban).toBeGreaterThan(300)
    expect(counts.pembelian_ban).toBeLessThan(500)
    expect(counts.ban / counts.pembelian_ban).toBeGreaterThan(5)
    expect(counts.ban / counts.pembelian_ban).toBeLessThan(9)
    expect(counts.pemasangan_ban).toBeGreaterThan(150)
    expect(counts.pemasangan_ban).toBeLessThanOrEqual(200)
    expect(counts.staged).toBeGreaterThan(0)
    // The workshop's rounds on the scale's vehicles, each following the api's rules.
    expect(counts.rotasi_ban).toBeGreaterThan(0)
    expect(counts.pemeriksaan_ban).toBeGreaterThan(50)
    expect(counts.klaim_ban).toBeGreaterThan(0)
    expect(await n(db, sql`SELECT COUNT(*) AS n FROM pemeriksaan_ban`)).toBeGreaterThanOrEqual(counts.pemeriksaan_ban)
    expect(await n(db, sql`SELECT COUNT(*) AS n FROM klaim_ban WHERE nilai_klaim < 0`)).toBe(0)
    expect(await n(db, sql`SELECT COUNT(*) AS n FROM prakiraan_ban`)).toBeGreaterThan(100)
    expect(await n(db, sql`SELECT COUNT(*) AS n FROM detail_pemasangan_ban`)).toBeGreaterThanOrEqual(counts.detail_pemasangan_ban)
    // About one vehicle in twenty with a plan of its own for one item.
    expect(counts.jadwal_servis_kendaraan).toBeGreaterThan(0)
    expect(counts.jadwal_servis_kendaraan).toBeLessThan(counts.kendaraan / 5)
    expect(await n(db, sql`SELECT COUNT(*) AS n FROM jadwal_servis_kendaraan`)).toBeGreaterThanOrEqual(counts.jadwal_servis_kendaraan)
    // Work orders of a fifth of the vehicles, each with its reading and two service lines.
    expect(counts.perintah_kerja).toBeGreaterThan(20)
    expect(counts.perintah_kerja).toBeLessThan(80)
    expect(await n(db, sql`SELECT COUNT(*) AS n FROM km_kendaraan WHERE sumber = 'perintah_kerja'`)).toBeGreaterThanOrEqual(
      counts.perintah_kerja,
    )
    expect(await n(db, sql`SELECT COUNT(*) AS n FROM perintah_kerja WHERE kode_perintah_kerja NOT LIKE 'PK%'`)).toBe(0)
    // Spread over the last 12 months, mixed statuses, codes in the usual format.
    const scaleRows = sql`pembelian_ban WHERE id > ${before.pembelian}`
    expect(await n(db, sql`SELECT COUNT(*) AS n FROM ${scaleRows} AND tanggal_awal NOT BETWEEN '2024-07-01' AND '2025-06-30'`)).toBe(0)
    const days = await db.q.selectFrom('pembelian_ban').select('tanggal_awal').where('id', '>', before.pembelian).execute()
    expect(new Set(days.map((r) => r.tanggal_awal.slice(0, 7))).size).toBeGreaterThanOrEqual(12)
    expect(await n(db, sql`SELECT COUNT(*) AS n FROM ${scaleRows} AND status = 'posting'`)).toBeGreaterThan(50)
    expect(await n(db, sql`SELECT COUNT(*) AS n FROM ${scaleRows} AND status = 'unpost'`)).toBeGreaterThan(50)
    expect(
      (await db.q.selectFrom('ban').select('kode_ban').execute()).map((r) => r.kode_ban).filter((kode) => !/^BN\d{6}/.test(kode)),
    ).toEqual([])
    // About one STNK and one KIR renewal per vehicle, paid in the last 12 months, mixed posted and unposted;
    // each vehicle's expiry is its latest renewal's new date, after the old one.
    const renewals = sql`perpanjangan p JOIN kendaraan k ON k.id = p.kendaraan_id WHERE k.no_kabin LIKE 'S-%'`
    expect(counts.perpanjangan).toBeGreaterThan(370)
    expect(counts.perpanjangan).toBeLessThanOrEqual(400)
    expect(await n(db, sql`SELECT COUNT(*) AS n FROM ${renewals}`)).toBe(counts.perpanjangan)
    expect(await n(db, sql`SELECT COUNT(*) AS n FROM ${renewals} AND p.tanggal_bayar NOT BETWEEN '2024-07-01' AND '2025-06-30'`)).toBe(0)
    expect(await n(db, sql`SELECT COUNT(*) AS n FROM ${renewals} AND p.status = 'posting'`)).toBeGreaterThan(100)
    expect(await n(db, sql`SELECT COUNT(*) AS n FROM ${renewals} AND p.status = 'unpost'`)).toBeGreaterThan(50)
    expect(await n(db, sql`SELECT COUNT(*) AS n FROM ${renewals} AND (p.expired_lama IS NULL OR p.expired_baru <= p.expired_lama)`)).toBe(0)
    expect(
      await n(
        db,
        sql`SELECT COUNT(*) AS n FROM ${renewals} AND p.expired_baru <>
           CASE p.jenis_dokumen WHEN 'KIR' THEN k.expired_kir ELSE k.expired_stnk END`,
      ),
    ).toBe(0)
    await expectConsistent(db)
    // The scale seed grows with each domain (parts, work orders): 30 s was no longer enough on PostgreSQL under load.
  }, 120_000)
})

// The usage on a missing or invalid --scale needs no database: tests/unit/seed-cli.test.ts.
describe('npm run seed -- --scale N', () => {
  const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx')
  const run = (args: string[], env: Record<string, string> = {}) =>
    runProcess(tsx, ['api/seed-cli.ts', ...args], { env: { ...process.env, ...env }, timeoutMs: 60_000 })

  it('seeds the database of DATABASE_URL and prints counts and time', async () => {
    const { url } = await freshDatabase()
    const res = await run(['--scale', '7'], { DATABASE_URL: url, ADMIN_PASSWORD: 'rahasia' })
    expect(res.status, res.stderr).toBe(0)
    expect(res.stdout).toMatch(/kendaraan\s+7\n/)
    expect(res.stdout).toMatch(/Scale data: \d+ ms/)
    const db = track(await openDatabase(url))
    // The demo data came first (empty database), then the 7 vehicles.
    expect(await n(db, sql`SELECT COUNT(*) AS n FROM kendaraan WHERE no_kabin LIKE 'S-%'`)).toBe(7)
    expect(await n(db, sql`SELECT COUNT(*) AS n FROM users WHERE kode_user = 'admin'`)).toBe(1)
  }, 60_000)
})
