import { z } from 'zod'
import { idParam, invalid, notFound } from '../../http.ts'
import { choice, date, foreignId, requiredText, text, WARNA } from './fields.ts'
import { readOne, resourceRoutes } from './resource.ts'
import { kmRule, optionalWholeField } from '../../numbers.ts'
import { col } from '../../paged.ts'
import type { DB } from '../../types.ts'

/**
 * Kendaraan with jenis_kendaraan {id, nama_jenis_kendaraan, total_ban},
 * golongan {id, nama_golongan} and the driver user {id, kode_user, nama_user, karyawan {nama_lengkap}}.
 */
export const kendaraanSelect = (db: DB) =>
  db.q
    .selectFrom('kendaraan as t')
    .leftJoin('jenis_kendaraan as j', 'j.id', 't.jenis_kendaraan_id')
    .leftJoin('golongan as g', 'g.id', 't.golongan_id')
    .leftJoin('users as u', 'u.id', 't.user_id')
    .leftJoin('karyawan as uk', 'uk.id', 'u.karyawan_id')
    .selectAll('t')
    .select([
      'j.id as jenis_kendaraan__id',
      'j.nama_jenis_kendaraan as jenis_kendaraan__nama_jenis_kendaraan',
      'j.total_ban as jenis_kendaraan__total_ban',
      'g.id as golongan__id',
      'g.nama_golongan as golongan__nama_golongan',
      'u.id as user__id',
      'u.kode_user as user__kode_user',
      'u.nama_user as user__nama_user',
      'uk.nama_lengkap as user__karyawan__nama_lengkap',
    ])

export function kendaraanRoutes() {
  const r = resourceRoutes({
    path: 'kendaraan',
    label: 'Kendaraan',
    table: 'kendaraan',
    code: { entity: 'kendaraan', column: 'kode_kendaraan', qrColumn: 'qrcode_kendaraan' },
    schema: z.object({
      no_kabin: requiredText('No Kabin Kendaraan tidak boleh kosong!'),
      gpsid: text(),
      list_vehicle_id: text(),
      no_pol: text(50),
      no_rangka: text(100),
      no_mesin: text(100),
      jenis_kendaraan_id: foreignId('Jenis kendaraan tidak valid.'),
      warna: choice(WARNA, `Warna harus salah satu dari: ${WARNA.join(', ')}.`),
      expired_kir: date('Expired KIR harus berupa tanggal (YYYY-MM-DD).'),
      expired_stnk: date('Expired STNK harus berupa tanggal (YYYY-MM-DD).'),
      golongan_id: foreignId('Golongan tidak valid.'),
      user_id: foreignId('Driver tidak valid.'),
      km: optionalWholeField(kmRule('Km'), {
        notNumber: 'Km harus berupa bilangan bulat 0 atau lebih.',
        belowMin: 'Km harus berupa bilangan bulat 0 atau lebih.',
      }),
    }),
    files: ['gambar_barcodesolar', 'gambar_stnk'],
    references: [
      { field: 'jenis_kendaraan_id', table: 'jenis_kendaraan', message: 'Jenis kendaraan yang dipilih tidak ditemukan.' },
      { field: 'golongan_id', table: 'golongan', message: 'Golongan yang dipilih tidak ditemukan.' },
      { field: 'user_id', table: 'users', message: 'Driver (user) yang dipilih tidak ditemukan.' },
    ],
    select: kendaraanSelect,
    // The Kendaraan screen and the vehicle choices of the pemasangan, pelepasan and STNK forms page a large fleet.
    paged: {
      search: [col('t.kode_kendaraan'), col('t.no_kabin'), col('t.no_pol'), col('j.nama_jenis_kendaraan')],
      // The Kendaraan screen searches its cabin numbers only.
      searchIn: { no_kabin: col('t.no_kabin') },
      sort: {
        id: { expr: col('t.id') },
        kode_kendaraan: { expr: col('t.kode_kendaraan'), text: true },
        no_kabin: { expr: col('t.no_kabin'), text: true },
        no_pol: { expr: col('t.no_pol'), text: true },
      },
      order: [col('t.id')],
    },
    // Jatuh Tempo reads only the vehicles with a registration or KIR expiry in its window.
    dueDates: ['t.expired_stnk', 't.expired_kir'],
    beforeSave: async ({ db, values, old }) => {
      // km is NOT NULL: an absent km is 0 on create and keeps the odometer on update.
      values.km ??= old ? old.km : 0
      // Ban positions depend on the vehicle type; do not change it under fitted ban. The vehicle's row
      // is locked (the update reads it FOR UPDATE), as a pemasangan save locks it: no ban is fitted meanwhile.
      if (old && values.jenis_kendaraan_id !== old.jenis_kendaraan_id) {
        const fitted = await db.q
          .selectFrom('detail_pemasangan_ban as d')
          .select('d.id')
          .where('d.kendaraan_id', '=', Number(old.id))
          .where('d.dilepas', '=', 0)
          .limit(1)
          .executeTakeFirst()
        if (fitted) {
          throw invalid({
            jenis_kendaraan_id: ['Jenis kendaraan tidak dapat diubah selama masih ada ban terpasang pada kendaraan ini.'],
          })
        }
      }
    },
  })

  r.get('/kendaraan/:id/show', async (c) => {
    const data = await readOne(kendaraanSelect(c.get('db')), idParam(c, 'id', 'Kendaraan'))
    if (!data) throw notFound('Kendaraan')
    return c.json({ data })
  })

  return r
}
