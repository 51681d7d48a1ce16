import type { DB } from './types.ts'
import { invalid } from './http.ts'
import { forUpdate } from './sql.ts'

/**
 * The parts store's ledger: every change of a part's stock goes through `move`, inside the caller's
 * transaction (`db.tx`). It locks the part's row (FOR UPDATE on PostgreSQL; SQLite's transaction holds
 * the database's write lock), computes the movement's value at the part's moving average cost, appends
 * the movement to `mutasi_suku_cadang` (the Kartu Stok) and writes the part's new `stok` and
 * `nilai_stok`. Two work orders taking the last filter at once therefore take turns: the second sees
 * the first's balance and is refused.
 *
 * Valuation (the same on both databases: computed here, in whole Rupiah, never in SQL):
 * - In at a price (a purchase line): value = jumlah × harga.
 * - In without a price (a count above the books, a work order's line given back): at `nilai` when the
 *   caller knows it (the value the line took), else at the average cost, `averageCost`.
 * - Out (a work order's part, a count below the books, a purchase line undone): the value leaving is
 *   round(nilai_stok × jumlah / stok), half up; taking the whole stock takes its whole value, so no
 *   Rupiah is left on an empty shelf. Undoing a purchase line takes its own value back when the stock
 *   still holds at least that much value, else what is left.
 * - A stock that reaches 0 has value 0.
 *
 * Out beyond the stock on hand throws 422 with `field` and the message the screens show: 'Stok {nama}
 * tidak cukup: tersedia {stok} {satuan}, diminta {jumlah}.'
 */

export type MovementKind = 'pembelian' | 'perintah_kerja' | 'opname'

export type Movement = {
  partId: number
  /** The document's day ('YYYY-MM-DD'). */
  tanggal: string
  jenis: MovementKind
  dokumenId: number
  kodeDokumen: string
  /** > 0: in; < 0: out. */
  jumlah: number
  /** In only: the movement's value when known (a purchase line's subtotal, a taken line given back). */
  nilai?: number
  keterangan?: string | null
  userId?: number | null
  /** The form field a refusal names (422 {errors: {[field]: [message]}}): 'parts.0.jumlah'. */
  field?: string
}

export type MovementResult = {
  /** The value the movement added (> 0) or took (< 0). */
  nilai: number
  /** The average cost of one unit at the movement (what a work order's line records as its price). */
  harga: number
  saldo: number
  nilai_saldo: number
}

/** The average cost of one unit, whole Rupiah half up; 0 for an empty stock. */
export const averageCost = (stok: number, nilai: number) => (stok > 0 ? Math.round(nilai / stok) : 0)

/** The value of `jumlah` units leaving a stock of `stok` units worth `nilai`: half up, all of it when all leave. */
export const valueOut = (stok: number, nilai: number, jumlah: number) => (jumlah >= stok ? nilai : Math.round((nilai * jumlah) / stok))

export const notEnoughMessage = (nama: string, stok: number, satuan: string, jumlah: number) =>
  `Stok ${nama} tidak cukup: tersedia ${stok.toLocaleString('id-ID')} ${satuan}, diminta ${jumlah.toLocaleString('id-ID')}.`

/** The locked part, or undefined when there is none. */
export async function lockPart(db: DB, partId: number) {
  return await db.q
    .selectFrom('suku_cadang')
    .select(['id', 'nama', 'satuan', 'stok', 'nilai_stok'])
    .where('id', '=', partId)
    .$call(forUpdate(db))
    .executeTakeFirst()
}

/** Applies one movement (see above); throws 422 when it would take more than the stock on hand. */
export async function move(db: DB, m: Movement): Promise<MovementResult> {
  const part = await lockPart(db, m.partId)
  if (!part) throw invalid({ [m.field ?? 'suku_cadang_id']: ['Suku cadang tidak ditemukan.'] })
  const stok = Number(part.stok)
  const nilaiStok = Number(part.nilai_stok)
  let nilai: number
  if (m.jumlah >= 0) {
    nilai = m.nilai ?? averageCost(stok, nilaiStok) * m.jumlah
  } else {
    const out = -m.jumlah
    if (out > stok) throw invalid({ [m.field ?? 'jumlah']: [notEnoughMessage(part.nama, stok, part.satuan, out)] })
    nilai = -(m.nilai !== undefined ? Math.min(m.nilai, nilaiStok) : valueOut(stok, nilaiStok, out))
  }
  const saldo = stok + m.jumlah
  const nilaiSaldo = saldo === 0 ? 0 : Math.max(0, nilaiStok + nilai)
  await db.q
    .insertInto('mutasi_suku_cadang')
    .values({
      suku_cadang_id: m.partId,
      tanggal: m.tanggal,
      jenis: m.jenis,
      dokumen_id: m.dokumenId,
      kode_dokumen: m.kodeDokumen,
      masuk: Math.max(0, m.jumlah),
      keluar: Math.max(0, -m.jumlah),
      nilai,
      saldo,
      nilai_saldo: nilaiSaldo,
      keterangan: m.keterangan ?? null,
      user_id: m.userId ?? null,
    })
    .execute()
  await db.q.updateTable('suku_cadang').set({ stok: saldo, nilai_stok: nilaiSaldo }).where('id', '=', m.partId).execute()
  const jumlah = Math.abs(m.jumlah)
  return { nilai, harga: jumlah ? Math.round(Math.abs(nilai) / jumlah) : 0, saldo, nilai_saldo: nilaiSaldo }
}
