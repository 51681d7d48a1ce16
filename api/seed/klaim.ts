import type { AuthUser, DB } from '../types.ts'
import { registerRemoval, stageRemoval } from '../routes/transaksi/pelepasan.ts'
import { createKlaim, decideKlaim } from '../routes/transaksi/klaim.ts'
import { actorOf } from '../routes/transaksi/riwayat.ts'
import { addDays } from './random.ts'

/**
 * Tyre claims in the demo, through the same functions as the api (so the figures follow its rules):
 * the demo's scrapped tyre (Pecah, in the older posted removal) claimed from its supplier, approved
 * and posted; and a new removal of two tyres of a vehicle that has run little since its fitting — one
 * Pecah, charged to the vehicle's driver (Diajukan), one Klaim Garansi, refused by the supplier
 * (Ditolak). So Klaim Ban, its inquiry and the cost report's net column show real figures.
 */
export async function seedKlaimDemo(db: DB, day0: string) {
  const admin = (await db.prepare("SELECT id, kode_user FROM users WHERE kode_user = 'admin'").get()) as AuthUser | undefined
  if (!admin) return
  const workshopId = ((await db.prepare("SELECT id FROM users WHERE kode_user = 'hendra.gudang'").get()) as { id: number } | undefined)?.id
  const workshop = await actorOf(db, workshopId ?? admin.id)

  const scrapped = (await db
    .prepare(
      `SELECT l.id, p.tanggal_awal FROM detail_pelepasan_ban l JOIN pelepasan_ban p ON p.id = l.pelepasan_ban_id
       WHERE l.alasan = 'Pecah' ORDER BY l.id LIMIT 1`,
    )
    .get()) as { id: number; tanggal_awal: string } | undefined
  if (scrapped) {
    const tanggal = addDays(scrapped.tanggal_awal, 2) < day0 ? addDays(scrapped.tanggal_awal, 2) : day0
    const id = await createKlaim(db, admin, {
      detail_pelepasan_ban_id: scrapped.id,
      tanggal_awal: tanggal,
      jenis: 'Garansi Supplier',
      supplier_id: null,
      karyawan_id: null,
      nilai_klaim: null,
      alasan_ubah_nilai: null,
      keterangan: 'Pecah samping sebelum target km',
    })
    await decideKlaim(db, id, 'Disetujui')
    await db.prepare("UPDATE klaim_ban SET status = 'posting' WHERE id = ?").run(id)
  }

  // A vehicle with two registered tyres, untouched by removals and rotations, that has run little.
  const lines = (await db
    .prepare(
      `SELECT d.id, d.kendaraan_id, d.posisi_ban, d.km_pemasangan, f.tanggal_awal AS tanggal, k.km, k.user_id
       FROM detail_pemasangan_ban d JOIN pemasangan_ban f ON f.id = d.pemasangan_ban_id JOIN kendaraan k ON k.id = d.kendaraan_id
       WHERE d.dilepas = 0
         AND NOT EXISTS (SELECT 1 FROM detail_pelepasan_ban x WHERE x.kendaraan_id = d.kendaraan_id)
         AND NOT EXISTS (SELECT 1 FROM detail_rotasi_ban r WHERE r.kendaraan_id = d.kendaraan_id)
         AND NOT EXISTS (SELECT 1 FROM detail_pemasangan_ban o WHERE o.kendaraan_id = d.kendaraan_id AND k.km - o.km_pemasangan > 10000)
       ORDER BY d.kendaraan_id, d.posisi_ban`,
    )
    .all()) as {
    id: number
    kendaraan_id: number
    posisi_ban: string
    km_pemasangan: number
    tanggal: string
    km: number
    user_id: number | null
  }[]
  const vehicle = lines.find((l) => lines.filter((o) => o.kendaraan_id === l.kendaraan_id).length >= 2)
  if (!vehicle) return
  const [a, b] = lines.filter((l) => l.kendaraan_id === vehicle.kendaraan_id)
  const tanggal = addDays(day0, -5) > a.tanggal ? addDays(day0, -5) : a.tanggal
  const km = Math.max(a.km, a.km_pemasangan, b.km_pemasangan) + 21_400
  const stage = (l: typeof a, alasan: 'Pecah' | 'Klaim Garansi', keterangan: string) =>
    stageRemoval(
      db,
      workshop,
      {
        kendaraan_id: l.kendaraan_id,
        posisi_ban: l.posisi_ban,
        km_pelepasan: km,
        alasan,
        tujuan: 'afkir',
        tebal_tapak: 8,
        keterangan,
        pelepasan_ban_id: null,
      },
      { tanggal },
    )
  const pecah = await stage(a, 'Pecah', 'Pecah kena lubang; pengemudi lalai')
  const garansi = await stage(b, 'Klaim Garansi', 'Benjol pada dinding ban')
  await registerRemoval(db, vehicle.kendaraan_id, tanggal)
  await db
    .prepare("UPDATE riwayat_ban SET created_at = tanggal || ' 14:00:00' WHERE detail_pelepasan_ban_id IN (?, ?) AND jenis = 'lepas'")
    .run(pecah, garansi)
  await db
    .prepare(
      "UPDATE pelepasan_ban SET created_at = tanggal_awal || ' 14:00:00', updated_at = tanggal_awal || ' 14:00:00' WHERE kendaraan_id = ?",
    )
    .run(vehicle.kendaraan_id)

  const driver = ((await db
    .prepare(
      `SELECT u.karyawan_id FROM users u WHERE u.karyawan_id IS NOT NULL AND (u.id = ? OR u.kode_user LIKE '%.driver')
       ORDER BY CASE WHEN u.id = ? THEN 0 ELSE 1 END, u.id LIMIT 1`,
    )
    .get(vehicle.user_id ?? 0, vehicle.user_id ?? 0)) ??
    (await db.prepare('SELECT id AS karyawan_id FROM karyawan ORDER BY id LIMIT 1').get())) as { karyawan_id: number } | undefined
  const claimDate = addDays(tanggal, 1)
  const ditolak = await createKlaim(db, admin, {
    detail_pelepasan_ban_id: garansi,
    tanggal_awal: claimDate,
    jenis: 'Garansi Supplier',
    supplier_id: null,
    karyawan_id: null,
    nilai_klaim: null,
    alasan_ubah_nilai: null,
    keterangan: 'Supplier menilai kerusakan akibat pemakaian',
  })
  await decideKlaim(db, ditolak, 'Ditolak')
  if (driver) {
    await createKlaim(db, admin, {
      detail_pelepasan_ban_id: pecah,
      tanggal_awal: claimDate,
      jenis: 'Karyawan',
      supplier_id: null,
      karyawan_id: driver.karyawan_id,
      nilai_klaim: null,
      alasan_ubah_nilai: null,
      keterangan: null,
    })
  }
  await db.prepare("UPDATE klaim_ban SET created_at = tanggal_awal || ' 09:00:00', updated_at = tanggal_awal || ' 09:00:00'").run()
}
