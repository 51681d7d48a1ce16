import { nextCode } from '../codes.ts'
import type { DB } from '../types.ts'
import { move } from '../stock.ts'
import { chunksOf } from './batch.ts'
import { addDays, int, makeRng, pick } from './random.ts'

/** The demo's parts: name, unit, category, minimum stock. */
export const SUKU_CADANG_DEMO: readonly { nama: string; satuan: string; kategori: string; stok_minimum: number }[] = [
  { nama: 'Oli Mesin 15W-40', satuan: 'liter', kategori: 'Oli', stok_minimum: 40 },
  { nama: 'Oli Gardan SAE 85W-140', satuan: 'liter', kategori: 'Oli', stok_minimum: 20 },
  { nama: 'Oli Transmisi SAE 90', satuan: 'liter', kategori: 'Oli', stok_minimum: 20 },
  { nama: 'Filter Oli', satuan: 'pcs', kategori: 'Filter', stok_minimum: 10 },
  { nama: 'Filter Solar', satuan: 'pcs', kategori: 'Filter', stok_minimum: 10 },
  { nama: 'Filter Udara', satuan: 'pcs', kategori: 'Filter', stok_minimum: 5 },
  { nama: 'Kampas Rem', satuan: 'set', kategori: 'Rem', stok_minimum: 4 },
  { nama: 'Minyak Rem DOT 3', satuan: 'botol', kategori: 'Rem', stok_minimum: 6 },
  { nama: 'Bearing Roda', satuan: 'pcs', kategori: 'Kaki-kaki', stok_minimum: 4 },
  { nama: 'Seal Roda', satuan: 'pcs', kategori: 'Kaki-kaki', stok_minimum: 4 },
  { nama: 'Gemuk Roda', satuan: 'kg', kategori: 'Kaki-kaki', stok_minimum: 5 },
  { nama: 'Timah Balancing', satuan: 'pcs', kategori: 'Ban', stok_minimum: 0 },
]

/** The demo's purchases: [day offset, posted, lines of [part index, quantity, price]]. */
const PURCHASES: readonly [number, boolean, readonly [number, number, number][]][] = [
  [
    -40,
    true,
    [
      [0, 200, 48_000],
      [1, 60, 52_000],
      [2, 40, 55_000],
      [3, 30, 65_000],
      [4, 30, 85_000],
    ],
  ],
  [
    -20,
    true,
    [
      [5, 6, 175_000],
      [6, 4, 450_000],
      [7, 12, 35_000],
      [8, 3, 320_000],
      [10, 10, 60_000],
    ],
  ],
  [
    -5,
    false,
    [
      [0, 40, 50_000],
      [3, 4, 66_000],
      [11, 200, 1_500],
    ],
  ],
]

async function insertPurchase(
  db: DB,
  supplierId: number,
  tanggal: string,
  lines: readonly { partId: number; jumlah: number; harga: number }[],
  status: 'unpost' | 'posting',
  userId: number | null,
) {
  const kode = await nextCode(db, 'pembelian_suku_cadang')
  const { id } = await db.q
    .insertInto('pembelian_suku_cadang')
    .values({
      kode_pembelian_suku_cadang: kode,
      supplier_id: supplierId,
      tanggal_awal: tanggal,
      grand_total: lines.reduce((s, l) => s + l.jumlah * l.harga, 0),
      status,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  for (const l of lines) {
    const subtotal = l.jumlah * l.harga
    await db.q
      .insertInto('detail_pembelian_suku_cadang')
      .values({ pembelian_suku_cadang_id: id, suku_cadang_id: l.partId, jumlah: l.jumlah, harga: l.harga, subtotal })
      .execute()
    await move(db, {
      partId: l.partId,
      tanggal,
      jenis: 'pembelian',
      dokumenId: id,
      kodeDokumen: kode,
      jumlah: l.jumlah,
      nilai: subtotal,
      userId,
    })
  }
  return id
}

/**
 * The parts store in the demo: twelve parts, three purchases (two posted) through the stock ledger
 * (api/stock.ts), and a count that found a filter missing. Some parts stay at or below their minimum
 * (Filter Udara, Kampas Rem, Bearing Roda, Seal Roda with none bought). Needs a supplier.
 */
export async function seedSukuCadangDemo(db: DB, day0: string): Promise<number> {
  const supplier = await db.q.selectFrom('supplier').select('id').orderBy('id').executeTakeFirst()
  const admin = await db.q.selectFrom('users').select('id').where('kode_user', '=', 'admin').executeTakeFirst()
  const userId = admin?.id ?? null
  const ids: number[] = []
  for (const p of SUKU_CADANG_DEMO) {
    const { id } = await db.q
      .insertInto('suku_cadang')
      .values({ kode_suku_cadang: await nextCode(db, 'suku_cadang'), ...p })
      .returning('id')
      .executeTakeFirstOrThrow()
    ids.push(id)
  }
  if (!supplier) return ids.length
  for (const [offset, posted, lines] of PURCHASES) {
    await insertPurchase(
      db,
      supplier.id,
      addDays(day0, offset),
      lines.map(([i, jumlah, harga]) => ({ partId: ids[i]!, jumlah, harga })),
      posted ? 'posting' : 'unpost',
      userId,
    )
  }
  // A count: one Filter Oli not found on the shelf.
  const filterOli = ids[3]!
  const part = await db.q.selectFrom('suku_cadang').select('stok').where('id', '=', filterOli).executeTakeFirstOrThrow()
  const stok = Number(part.stok)
  const kode = await nextCode(db, 'stok_opname')
  const tanggal = addDays(day0, -2)
  const { id } = await db.q
    .insertInto('stok_opname')
    .values({
      kode_stok_opname: kode,
      suku_cadang_id: filterOli,
      tanggal,
      stok_sistem: stok,
      stok_fisik: stok - 1,
      selisih: -1,
      nilai_selisih: 0,
      alasan: 'Selisih hitung fisik akhir bulan',
      user_id: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const moved = await move(db, {
    partId: filterOli,
    tanggal,
    jenis: 'opname',
    dokumenId: id,
    kodeDokumen: kode,
    jumlah: -1,
    keterangan: 'Selisih hitung fisik akhir bulan',
    userId,
  })
  await db.q.updateTable('stok_opname').set({ nilai_selisih: moved.nilai }).where('id', '=', id).execute()
  return ids.length
}

const NAMES = [
  'Oli Mesin',
  'Filter Oli',
  'Filter Solar',
  'Filter Udara',
  'Kampas Rem',
  'Bearing Roda',
  'Seal',
  'Baut Roda',
  'Lampu',
  'Sekring',
]
const UNITS = ['pcs', 'pcs', 'pcs', 'liter', 'set', 'botol', 'kg', 'meter', 'unit'] as const

/**
 * The scale seed's parts store: `n / 30` parts (at least 50, at most 500), each named with its code
 * (unique across runs), and a purchase per three parts with three lines, in through the ledger. Its own
 * generator; many parts a statement.
 */
export async function seedScaleSukuCadang(
  db: DB,
  seed: number,
  day0: string,
  n: number,
): Promise<{ suku_cadang: number; pembelian_suku_cadang: number }> {
  const rng = makeRng(seed)
  const count = Math.max(50, Math.min(500, Math.round(n / 30)))
  const supplier = await db.q.selectFrom('supplier').select('id').orderBy('id').executeTakeFirst()
  const rows = []
  for (let i = 0; i < count; i++) {
    const kode = await nextCode(db, 'suku_cadang')
    rows.push({
      kode_suku_cadang: kode,
      nama: `${pick(rng, NAMES)} ${kode}`,
      satuan: pick(rng, UNITS),
      kategori: pick(rng, ['Oli', 'Filter', 'Rem', 'Kaki-kaki', 'Kelistrikan']),
      stok_minimum: int(rng, 0, 20),
    })
  }
  const ids: number[] = []
  for (const chunk of chunksOf(rows, 6)) {
    const made = await db.q.insertInto('suku_cadang').values(chunk).returning('id').execute()
    ids.push(...made.map((r) => r.id))
  }
  if (!supplier) return { suku_cadang: ids.length, pembelian_suku_cadang: 0 }
  let purchases = 0
  for (let i = 0; i + 2 < ids.length; i += 3) {
    const lines = [ids[i]!, ids[i + 1]!, ids[i + 2]!].map((partId) => ({ partId, jumlah: int(rng, 1, 50), harga: int(rng, 1, 500) * 1000 }))
    await insertPurchase(db, supplier.id, addDays(day0, -int(rng, 0, 364)), lines, rng() < 0.7 ? 'posting' : 'unpost', null)
    purchases++
  }
  return { suku_cadang: ids.length, pembelian_suku_cadang: purchases }
}
