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
  /** The id of the one row an INSERT made. */
  const idOf = async (insert: Promise<{ id: number }>) => (await insert).id
  const code = (e: Parameters<typeof nextCode>[1]) => nextCode(db, e)
  const supplierId = await idOf(
    db.q
      .insertInto('supplier')
      .values({ kode_supplier: await code('supplier'), nama_supp: 'PT Uji Ban Satu', alamat: 'Jl. Uji No. 1, Tegal', telp: '0283-111111' })
      .returning('id')
      .executeTakeFirstOrThrow(),
  )
  const supplier2Id = await idOf(
    db.q
      .insertInto('supplier')
      .values({ kode_supplier: await code('supplier'), nama_supp: 'CV Uji Ban Dua', alamat: 'Jl. Uji No. 2, Brebes', telp: '0283-222222' })
      .returning('id')
      .executeTakeFirstOrThrow(),
  )
  const ukuranId = await idOf(
    db.q
      .insertInto('ukuran')
      .values({ kode_ukuran_ban: await code('ukuran'), nama: 'UJI 11.00-20' })
      .returning('id')
      .executeTakeFirstOrThrow(),
  )
  const merekId = await idOf(
    db.q
      .insertInto('merek')
      .values({ kode_merek: await code('merek'), nama_merek: 'Merek Uji' })
      .returning('id')
      .executeTakeFirstOrThrow(),
  )
  const typebanId = await idOf(
    db.q
      .insertInto('typeban')
      .values({ kode_type: await code('typeban'), nama_type: 'Type Uji' })
      .returning('id')
      .executeTakeFirstOrThrow(),
  )
  const jenis = {} as Masters['jenis']
  const kendaraan = {} as Masters['kendaraan']
  for (const total of [6, 10, 18, 22] as const) {
    jenis[total] = await idOf(
      db.q
        .insertInto('jenis_kendaraan')
        .values({ kode_jenis_kendaraan: await code('jenis_kendaraan'), nama_jenis_kendaraan: `Jenis Uji ${total} Ban`, total_ban: total })
        .returning('id')
        .executeTakeFirstOrThrow(),
    )
    kendaraan[total] = await insertVehicle(db, jenis[total], 100_000, `UJI-${total}`)
  }
  return { supplierId, supplier2Id, ukuranId, merekId, typebanId, jenis, kendaraan }
}

export async function insertVehicle(db: DB, jenisId: number | null, km: number, noKabin = `UJI-${++unique}`) {
  const kode = await nextCode(db, 'kendaraan')
  const { id } = await db.q
    .insertInto('kendaraan')
    .values({
      kode_kendaraan: kode,
      no_kabin: noKabin,
      no_pol: `G ${1000 + unique} UJ`,
      no_rangka: `RANGKA-${noKabin}`,
      no_mesin: `MESIN-${noKabin}`,
      jenis_kendaraan_id: jenisId,
      km,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
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
  db.q.selectFrom('ban').select(['id', 'kode_ban', 'status', 'harga', 'pembelian_ban_id']).where('no_seri', '=', noSeri).executeTakeFirst()

export const vehicleKm = async (db: DB, id: number) =>
  (await db.q.selectFrom('kendaraan').select('km').where('id', '=', id).executeTakeFirstOrThrow()).km

/** A pemasangan of the given vehicle made through the api: stage the serials on the positions, then register. */
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
