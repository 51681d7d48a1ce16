import type { DB } from '../types.ts'
import { createPerpanjangan, type JenisDokumen } from '../routes/transaksi/perpanjangan.ts'
import { addDays, int, roundTo } from './random.ts'

/**
 * Registration renewals in the demo, through the same function as the api: the four vehicles whose
 * STNK or KIR runs longest were renewed a year (KIR: six months) before, shortly before their old
 * date ran out; the older two are posted. Their expiries stay what the master seed gave them (the
 * renewal moved them there), so the due panel keeps its vehicles to renew.
 */
export async function seedPerpanjanganDemo(db: DB, day0: string) {
  const pick = async (jenis: JenisDokumen) => {
    const column = jenis === 'STNK' ? 'expired_stnk' : 'expired_kir'
    return (await db
      .prepare(`SELECT id, ${column} AS tanggal FROM kendaraan WHERE ${column} IS NOT NULL ORDER BY ${column} DESC, id LIMIT 2`)
      .all()) as { id: number; tanggal: string }[]
  }
  const plan: { jenis: JenisDokumen; id: number; tanggal: string; months: number; biaya: number }[] = [
    ...(await pick('STNK')).map((v, i) => ({ jenis: 'STNK' as const, ...v, months: 12, biaya: [1_850_000, 2_275_000][i] })),
    ...(await pick('KIR')).map((v, i) => ({ jenis: 'KIR' as const, ...v, months: 6, biaya: [125_000, 150_000][i] })),
  ]
  for (const [i, p] of plan.entries()) {
    const lama = addDays(p.tanggal, -Math.round(p.months * 30.5))
    const column = p.jenis === 'STNK' ? 'expired_stnk' : 'expired_kir'
    // The date as it was before the renewal (the renewal moves it, and the vehicle's STNK records, back here).
    await db.prepare(`UPDATE kendaraan SET ${column} = ? WHERE id = ?`).run(lama, p.id)
    if (p.jenis === 'STNK') await db.prepare('UPDATE stnk SET expired_stnk = ? WHERE kendaraan_id = ?').run(lama, p.id)
    const bayar = addDays(lama, -5) < day0 ? addDays(lama, -5) : day0
    const id = await createPerpanjangan(
      db,
      {
        kendaraan_id: p.id,
        jenis_dokumen: p.jenis,
        expired_baru: p.tanggal,
        biaya: p.biaya,
        tanggal_bayar: bayar,
        keterangan: p.jenis === 'STNK' ? 'Perpanjangan tahunan di Samsat' : 'Uji KIR berkala di Dishub',
      },
      null,
    )
    if (i % 2 === 0) await db.prepare("UPDATE perpanjangan SET status = 'posting' WHERE id = ?").run(id)
  }
}

/**
 * The scale seed's renewals on its own vehicles (id above `fromKendaraanId`), through the same function
 * as the api: on about 97% of the vehicles a yearly STNK renewal paid in the last 12 months and on
 * about 97% a six-monthly KIR renewal paid in the last 6 months, each paid up to two weeks before the
 * old date ran out (the vehicle's date is set to that old date first; the renewal moves it on). Saved
 * in payment order (codes and ids follow the dates); older than a month mostly posted, newer mostly not.
 */
export async function seedScalePerpanjangan(db: DB, rng: () => number, day0: string, fromKendaraanId: number): Promise<number> {
  const ids = (await db.prepare('SELECT id FROM kendaraan WHERE id > ? ORDER BY id').pluck().all(fromKendaraanId)) as number[]
  const plan: { kendaraan_id: number; jenis: JenisDokumen; bayar: string; lama: string; baru: string; biaya: number }[] = []
  for (const kendaraan_id of ids) {
    if (rng() < 0.97) {
      const bayar = addDays(day0, -int(rng, 0, 364))
      const lama = addDays(bayar, int(rng, 0, 14))
      plan.push({
        kendaraan_id,
        jenis: 'STNK',
        bayar,
        lama,
        baru: addDays(lama, 365),
        biaya: roundTo(int(rng, 900_000, 4_500_000), 25_000),
      })
    }
    if (rng() < 0.97) {
      const bayar = addDays(day0, -int(rng, 0, 181))
      const lama = addDays(bayar, int(rng, 0, 14))
      plan.push({ kendaraan_id, jenis: 'KIR', bayar, lama, baru: addDays(lama, 182), biaya: roundTo(int(rng, 100_000, 250_000), 5_000) })
    }
  }
  plan.sort((a, b) => (a.bayar < b.bayar ? -1 : a.bayar > b.bayar ? 1 : 0))
  const setOld = {
    STNK: db.prepare('UPDATE kendaraan SET expired_stnk = ? WHERE id = ?'),
    KIR: db.prepare('UPDATE kendaraan SET expired_kir = ? WHERE id = ?'),
  }
  const stamp = db.prepare(
    "UPDATE perpanjangan SET status = ?, created_at = tanggal_bayar || ' 10:00:00', updated_at = tanggal_bayar || ' 10:00:00' WHERE id = ?",
  )
  const monthAgo = addDays(day0, -30)
  for (const p of plan) {
    await setOld[p.jenis].run(p.lama, p.kendaraan_id)
    const id = await createPerpanjangan(
      db,
      {
        kendaraan_id: p.kendaraan_id,
        jenis_dokumen: p.jenis,
        expired_baru: p.baru,
        biaya: p.biaya,
        tanggal_bayar: p.bayar,
        keterangan: p.jenis === 'STNK' ? 'Perpanjangan tahunan di Samsat' : 'Uji KIR berkala di Dishub',
      },
      null,
    )
    const posted = p.bayar < monthAgo ? rng() < 0.75 : rng() < 0.3
    await stamp.run(posted ? 'posting' : 'unpost', id)
  }
  return plan.length
}
