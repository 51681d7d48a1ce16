import type { DB } from '../types.ts'
import { createPerpanjangan, type JenisDokumen } from '../routes/transaksi/perpanjangan.ts'
import { atTime } from './batch.ts'
import { addDays, int, roundTo } from './random.ts'

/** The vehicle's column of each document's expiry. */
const EXPIRY_COLUMN = { STNK: 'expired_stnk', KIR: 'expired_kir' } as const satisfies Record<JenisDokumen, string>

/** The vehicle's expiry of `jenis` set to `date`. */
const setExpiry = (db: DB, jenis: JenisDokumen, kendaraanId: number, date: string) =>
  db.q
    .updateTable('kendaraan')
    .set(jenis === 'STNK' ? { expired_stnk: date } : { expired_kir: date })
    .where('id', '=', kendaraanId)
    .execute()

/**
 * Registration renewals in the demo, through the same function as the api: the four vehicles whose
 * STNK or KIR runs longest were renewed a year (KIR: six months) before, shortly before their old
 * date ran out; the older two are posted. Their expiries stay what the master seed gave them (the
 * renewal moved them there), so the due panel keeps its vehicles to renew.
 */
export async function seedPerpanjanganDemo(db: DB, day0: string) {
  const pick = async (jenis: JenisDokumen) => {
    const column = EXPIRY_COLUMN[jenis]
    return db.q
      .selectFrom('kendaraan')
      .select((eb) => ['id', eb.ref(column).as('tanggal')])
      .where(column, 'is not', null)
      .orderBy(column, 'desc')
      .orderBy('id')
      .limit(2)
      .$narrowType<{ tanggal: string }>()
      .execute()
  }
  const plan: { jenis: JenisDokumen; id: number; tanggal: string; months: number; biaya: number }[] = [
    ...(await pick('STNK')).map((v, i) => ({ jenis: 'STNK' as const, ...v, months: 12, biaya: [1_850_000, 2_275_000][i] })),
    ...(await pick('KIR')).map((v, i) => ({ jenis: 'KIR' as const, ...v, months: 6, biaya: [125_000, 150_000][i] })),
  ]
  for (const [i, p] of plan.entries()) {
    const lama = addDays(p.tanggal, -Math.round(p.months * 30.5))
    // The date as it was before the renewal (the renewal moves it, and the vehicle's STNK records, back here).
    await setExpiry(db, p.jenis, p.id, lama)
    if (p.jenis === 'STNK') await db.q.updateTable('stnk').set({ expired_stnk: lama }).where('kendaraan_id', '=', p.id).execute()
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
    if (i % 2 === 0) await db.q.updateTable('perpanjangan').set({ status: 'posting' }).where('id', '=', id).execute()
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
  const ids = (await db.q.selectFrom('kendaraan').select('id').where('id', '>', fromKendaraanId).orderBy('id').execute()).map((r) => r.id)
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
  const stamp = (status: 'posting' | 'unpost', id: number) =>
    db.q
      .updateTable('perpanjangan')
      .set({ status, created_at: atTime(db, 'tanggal_bayar', '10:00:00'), updated_at: atTime(db, 'tanggal_bayar', '10:00:00') })
      .where('id', '=', id)
      .execute()
  const monthAgo = addDays(day0, -30)
  for (const p of plan) {
    await setExpiry(db, p.jenis, p.kendaraan_id, p.lama)
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
    await stamp(posted ? 'posting' : 'unpost', id)
  }
  return plan.length
}
