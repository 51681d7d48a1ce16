import { nextCode } from '../../api/codes.ts'
import type { DB } from '../../api/types.ts'
import type { Json, makeApi } from './harness.ts'

/**
 * Master rows for the transaction tests, inserted with SQL so the tests do not depend on the master
 * seed or the master routes: two suppliers, a size, a brand, a tyre type, the four vehicle types
 * (6, 10, 18, 22 tyres) and one vehicle of each type at km 100000.
 */
export type Masters = {
  supplierId: number
  supplier2Id: number
  ukuranId: number
  merekId: number
  typebanId: number
  jenis: Record<6 | 10 | 18 | 22, number>
  kendaraan: Record<6 | 10 | 18 | 22, number>
}

export type Api = Awaited<ReturnType<typeof makeApi>>

let unique = 0
/** A serial number no other test (and not the demo seed) uses. */
export const serial = (tag = 'T') => `${tag}-${process.pid}-${Date.now().toString(36)}-${++unique}`

export async function insertMasters(db: DB): Promise<Masters> {
  const ins = (sql: string, ...params: unknown[]) => db.prepare(sql).insert(...params)
  const code = (e: Parameters<typeof nextCode>[1]) => nextCode(db, e)
  const supplierId = await ins(
    'INSERT INTO supplier (kode_supplier, nama_supp, alamat, telp) VALUES (?, ?, ?, ?)',
    await code('supplier'),
    'PT Uji Ban Satu',
    'Jl. Uji No. 1, Tegal',
    '0283-111111',
  )
  const supplier2Id = await ins(
    'INSERT INTO supplier (kode_supplier, nama_supp, alamat, telp) VALUES (?, ?, ?, ?)',
    await code('supplier'),
    'CV Uji Ban Dua',
    'Jl. Uji No. 2, Brebes',
    '0283-222222',
  )
  const ukuranId = await ins('INSERT INTO ukuran (kode_ukuran_ban, nama) VALUES (?, ?)', await code('ukuran'), 'UJI 11.00-20')
  const merekId = await ins('INSERT INTO merek (kode_merek, nama_merek) VALUES (?, ?)', await code('merek'), 'Merek Uji')
  const typebanId = await ins('INSERT INTO typeban (kode_type, nama_type) VALUES (?, ?)', await code('typeban'), 'Type Uji')
  const jenis = {} as Masters['jenis']
  const kendaraan = {} as Masters['kendaraan']
  for (const total of [6, 10, 18, 22] as const) {
    jenis[total] = await ins(
      'INSERT INTO jenis_kendaraan (kode_jenis_kendaraan, nama_jenis_kendaraan, total_ban) VALUES (?, ?, ?)',
      await code('jenis_kendaraan'),
      `Jenis Uji ${total} Ban`,
      total,
    )
    kendaraan[total] = await insertVehicle(db, jenis[total], 100_000, `UJI-${total}`)
  }
  return { supplierId, supplier2Id, ukuranId, merekId, typebanId, jenis, kendaraan }
}

export async function insertVehicle(db: DB, jenisId: number | null, km: number, noKabin = `UJI-${++unique}`) {
  return await db
    .prepare(
      `INSERT INTO kendaraan (kode_kendaraan, no_kabin, no_pol, no_rangka, no_mesin, jenis_kendaraan_id, km)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .insert(await nextCode(db, 'kendaraan'), noKabin, `G ${1000 + unique} UJ`, `RANGKA-${noKabin}`, `MESIN-${noKabin}`, jenisId, km)
}

/** Buys tyres through the api (JSON body) and answers the saved purchase. */
export async function buyTyres(
  api: Api,
  m: Masters,
  serials: string[],
  opts: { harga?: number | string; tanggal_awal?: string; supplierId?: number } = {},
): Promise<Json> {
  const res = await api.post('/api/pembelian-ban/add', {
    json: {
      supplier_id: opts.supplierId ?? m.supplierId,
      tanggal_awal: opts.tanggal_awal,
      ban: serials.map((no_seri) => ({
        no_seri,
        ukuran_id: m.ukuranId,
        merek_id: m.merekId,
        typeban_id: m.typebanId,
        kondisi_ban: 'BARU',
        harga: opts.harga ?? 2_000_000,
      })),
    },
  })
  if (res.status !== 201) throw new Error(`buyTyres: ${res.status} ${JSON.stringify(res.json)}`)
  return res.json.data
}

/** Stages a tyre on a position (POST /api/pemasangan-ban/detail-ban), answering the raw response. */
export function stageTyre(
  api: Api,
  body: { kendaraan_id: number; no_seri: string; posisi_ban: string; km_pemasangan?: number | string; target_presentase?: number | string },
) {
  return api.post('/api/pemasangan-ban/detail-ban', { json: { km_pemasangan: 100_000, ...body } })
}

export const tyreBySerial = async (db: DB, noSeri: string) =>
  (await db.prepare('SELECT id, kode_ban, status, harga, pembelian_ban_id FROM ban WHERE no_seri = ?').get(noSeri)) as
    { id: number; kode_ban: string; status: string; harga: number; pembelian_ban_id: number } | undefined

export const vehicleKm = async (db: DB, id: number) =>
  ((await db.prepare('SELECT km FROM kendaraan WHERE id = ?').get(id)) as { km: number }).km

/** A fitting of the given vehicle made through the api: stage the serials on the positions, then register. */
export async function makeFitting(api: Api, kendaraanId: number, lines: { no_seri: string; posisi_ban: string; km?: number }[]) {
  for (const l of lines) {
    const res = await stageTyre(api, {
      kendaraan_id: kendaraanId,
      no_seri: l.no_seri,
      posisi_ban: l.posisi_ban,
      km_pemasangan: l.km ?? 100_000,
    })
    if (res.status !== 201) throw new Error(`stage: ${res.status} ${JSON.stringify(res.json)}`)
  }
  const res = await api.post(`/api/pemasangan-ban/add-pemasangan/${kendaraanId}`)
  if (res.status !== 201) throw new Error(`add-pemasangan: ${res.status} ${JSON.stringify(res.json)}`)
  return res.json.data as Json
}
