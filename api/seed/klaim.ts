import type { DB } from '../types.ts'
import { registerPelepasan, stagePelepasan } from '../routes/transaksi/pelepasan.ts'
import { createKlaim, decideKlaim } from '../routes/transaksi/klaim.ts'
import { actorOf } from '../routes/transaksi/riwayat.ts'
import { atTime } from './batch.ts'
import { addDays } from './random.ts'

/**
 * Tyre claims in the demo, through the same functions as the api (so the figures follow its rules):
 * the demo's scrapped tyre (Pecah, in the older posted pelepasan) claimed from its supplier, approved
 * and posted; and a new pelepasan of two tyres of a vehicle that has run little since its pemasangan — one
 * Pecah, charged to the vehicle's driver (Diajukan), one Klaim Garansi, refused by the supplier
 * (Ditolak). So Klaim Ban, its inquiry and the cost report's net column show real figures.
 */
export async function seedKlaimDemo(db: DB, day0: string) {
  const userOf = (kode: string) => db.q.selectFrom('users').select(['id', 'kode_user']).where('kode_user', '=', kode).executeTakeFirst()
  const admin = await userOf('admin')
  if (!admin) return
  const workshopId = (await userOf('hendra.gudang'))?.id
  const workshop = await actorOf(db, workshopId ?? admin.id)

  const scrapped = await db.q
    .selectFrom('detail_pelepasan_ban as l')
    .innerJoin('pelepasan_ban as p', 'p.id', 'l.pelepasan_ban_id')
    .select(['l.id', 'p.tanggal_awal'])
    .where('l.alasan', '=', 'Pecah')
    .orderBy('l.id')
    .limit(1)
    .executeTakeFirst()
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
    await db.q.updateTable('klaim_ban').set({ status: 'posting' }).where('id', '=', id).execute()
  }

  // A vehicle with two registered tyres, untouched by pelepasan and rotations, that has run little.
  const lines = await db.q
    .selectFrom('detail_pemasangan_ban as d')
    .innerJoin('pemasangan_ban as f', 'f.id', 'd.pemasangan_ban_id')
    .innerJoin('kendaraan as k', 'k.id', 'd.kendaraan_id')
    .select(['d.id', 'd.kendaraan_id', 'd.posisi_ban', 'd.km_pemasangan', 'f.tanggal_awal as tanggal', 'k.km', 'k.user_id'])
    .where('d.dilepas', '=', 0)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('detail_pelepasan_ban as x').select('x.id').whereRef('x.kendaraan_id', '=', 'd.kendaraan_id'))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('detail_rotasi_ban as r').select('r.id').whereRef('r.kendaraan_id', '=', 'd.kendaraan_id'))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('detail_pemasangan_ban as o')
            .select('o.id')
            .whereRef('o.kendaraan_id', '=', 'd.kendaraan_id')
            .where((eb) => eb(eb('k.km', '-', eb.ref('o.km_pemasangan')), '>', 10000)),
        ),
      ),
    )
    .orderBy('d.kendaraan_id')
    .orderBy('d.posisi_ban')
    .execute()
  const vehicle = lines.find((l) => lines.filter((o) => o.kendaraan_id === l.kendaraan_id).length >= 2)
  if (!vehicle) return
  const [a, b] = lines.filter((l) => l.kendaraan_id === vehicle.kendaraan_id)
  const tanggal = addDays(day0, -5) > a.tanggal ? addDays(day0, -5) : a.tanggal
  const km = Math.max(a.km, a.km_pemasangan, b.km_pemasangan) + 21_400
  const stage = (l: typeof a, alasan: 'Pecah' | 'Klaim Garansi', keterangan: string) =>
    stagePelepasan(
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
  await registerPelepasan(db, vehicle.kendaraan_id, tanggal)
  await db.q
    .updateTable('riwayat_ban')
    .set({ created_at: atTime(db, 'tanggal', '14:00:00') })
    .where('detail_pelepasan_ban_id', 'in', [pecah, garansi])
    .where('jenis', '=', 'lepas')
    .execute()
  await db.q
    .updateTable('pelepasan_ban')
    .set({ created_at: atTime(db, 'tanggal_awal', '14:00:00'), updated_at: atTime(db, 'tanggal_awal', '14:00:00') })
    .where('kendaraan_id', '=', vehicle.kendaraan_id)
    .execute()

  const driverUser = vehicle.user_id ?? 0
  const driver =
    (await db.q
      .selectFrom('users as u')
      .select('u.karyawan_id')
      .where('u.karyawan_id', 'is not', null)
      .where((eb) => eb.or([eb('u.id', '=', driverUser), eb('u.kode_user', 'like', '%.driver')]))
      .orderBy((eb) => eb.case().when('u.id', '=', driverUser).then(0).else(1).end())
      .orderBy('u.id')
      .limit(1)
      .executeTakeFirst()) ?? (await db.q.selectFrom('karyawan').select('id as karyawan_id').orderBy('id').limit(1).executeTakeFirst())
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
  await db.q
    .updateTable('klaim_ban')
    .set({ created_at: atTime(db, 'tanggal_awal', '09:00:00'), updated_at: atTime(db, 'tanggal_awal', '09:00:00') })
    .execute()
}
