import type { DB } from '../types.ts'
import { createPerpanjangan, type JenisDokumen } from '../routes/transaksi/perpanjangan.ts'
import { addDays } from './random.ts'

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
