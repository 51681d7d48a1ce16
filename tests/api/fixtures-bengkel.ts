import type { DB } from '../../api/types.ts'
import { move } from '../../api/stock.ts'
import { today } from '../../api/http.ts'

/**
 * The parts store for the work orders' tests, written straight into the database (the parts' own api,
 * with its SC codes, belongs to the extension 'suku-cadang': a code of its own here): a part, and its opening stock through the ledger (a count,
 * `opname`), so stok, nilai_stok and the Kartu Stok agree as the api's own movements leave them.
 */

let unique = 0

/** A new part with `stok` units worth `nilai` Rupiah in stock (none when 0). Answers its id. */
export async function insertPart(db: DB, o: { nama?: string; satuan?: string; stok?: number; nilai?: number } = {}) {
  // A number of its own for every part (a part named by the caller too): two parts made in one
  // millisecond took one code, and a test failed by chance on 'UNIQUE constraint failed'.
  const n = ++unique
  const nama = o.nama ?? `Part Uji ${process.pid}-${Date.now().toString(36)}-${n}`
  const { id } = await db.q
    .insertInto('suku_cadang')
    .values({ kode_suku_cadang: `SCU${process.pid}${Date.now().toString(36)}-${n}`.toUpperCase(), nama, satuan: o.satuan ?? 'pcs' })
    .returning('id')
    .executeTakeFirstOrThrow()
  if (o.stok) await putStock(db, id, o.stok, o.nilai ?? 0)
  return id
}

/** `jumlah` units worth `nilai` in (a count above the books). */
export async function putStock(db: DB, partId: number, jumlah: number, nilai: number) {
  await db.tx(async () => {
    await move(db, { partId, tanggal: today(), jenis: 'opname', dokumenId: 0, kodeDokumen: 'SO-UJI', jumlah, nilai })
  })
}

/** A part's stock and value, as stored. */
export async function stockOf(db: DB, partId: number) {
  const r = await db.q.selectFrom('suku_cadang').select(['stok', 'nilai_stok']).where('id', '=', partId).executeTakeFirstOrThrow()
  return { stok: Number(r.stok), nilai_stok: Number(r.nilai_stok) }
}

/** A part's ledger, in order: [masuk, keluar, nilai, saldo, keterangan]. */
export async function ledgerOf(db: DB, partId: number) {
  const rows = await db.q
    .selectFrom('mutasi_suku_cadang')
    .select(['jenis', 'masuk', 'keluar', 'nilai', 'saldo', 'nilai_saldo', 'keterangan', 'kode_dokumen'])
    .where('suku_cadang_id', '=', partId)
    .orderBy('id')
    .execute()
  return rows.map((r) => ({
    ...r,
    masuk: Number(r.masuk),
    keluar: Number(r.keluar),
    nilai: Number(r.nilai),
    saldo: Number(r.saldo),
    nilai_saldo: Number(r.nilai_saldo),
  }))
}
