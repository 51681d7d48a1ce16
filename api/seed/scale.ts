import { CODE_PREFIX, type CodeEntity } from '../codes.ts'
import type { DB } from '../types.ts'
import { today } from '../http.ts'
import { KONDISI_BAN, positionsFor, WARNA } from '../routes/transaksi/common.ts'
import { seedScaleLifecycle, type LifecycleCounts } from './lifecycle.ts'
import { seedScaleRounds, type RoundsCounts } from './rounds.ts'
import { seedScalePerpanjangan } from './perpanjangan.ts'
import { addDays, int, makeRng, pick, roundTo } from './random.ts'

export type ScaleCounts = {
  jenis_kendaraan: number
  supplier: number
  ukuran: number
  merek: number
  typeban: number
  kendaraan: number
  pembelian_ban: number
  ban: number
  pemasangan_ban: number
  detail_pemasangan_ban: number
  staged: number
  perpanjangan: number
} & LifecycleCounts &
  RoundsCounts

/**
 * Reserves `count` codes of an entity in one statement (the sequence jumps by count) and hands them
 * out in order. Same format as nextCode: prefix + 6-digit (or longer) sequence.
 */
async function reserveCodes(db: DB, entity: CodeEntity, count: number) {
  const prefix = CODE_PREFIX[entity]
  const { value } = (await db
    .prepare(
      `INSERT INTO code_sequences (prefix, value) VALUES (?, ?)
       ON CONFLICT(prefix) DO UPDATE SET value = code_sequences.value + excluded.value RETURNING value`,
    )
    .get(prefix, count)) as { value: number }
  let current = value - count
  return () => {
    current += 1
    return { code: prefix + String(current).padStart(6, '0'), n: current }
  }
}

type PlannedPurchase = { vehicle: number; supplierId: number; alamat: string | null; date: string; lines: number }
type StockTyre = { id: number; harga: number }

/**
 * A large data set for benchmarks: n vehicles (with 4 vehicle types and suppliers of their own; tyre
 * sizes, brands and types are reused, or made when there are none), about two purchases of 4–10 tyres
 * per vehicle and about one fitting per vehicle, spread over the last 12 months, mixed posted and
 * unposted, plus staged lines on about 5% of the vehicles, and about one STNK and one KIR renewal per
 * vehicle (perpanjangan.ts). One transaction, prepared statements.
 */
export async function seedScale(db: DB, n: number, opts: { today?: string; seed?: number } = {}): Promise<ScaleCounts> {
  if (!Number.isSafeInteger(n) || n < 1) throw new Error('n must be a positive integer')
  const day0 = opts.today ?? today()
  const rng = makeRng(opts.seed ?? 1000003 + n)
  const counts: ScaleCounts = {
    jenis_kendaraan: 0,
    supplier: 0,
    ukuran: 0,
    merek: 0,
    typeban: 0,
    kendaraan: 0,
    pembelian_ban: 0,
    ban: 0,
    pemasangan_ban: 0,
    detail_pemasangan_ban: 0,
    staged: 0,
    perpanjangan: 0,
    pelepasan_ban: 0,
    detail_pelepasan_ban: 0,
    vulkanisir_ban: 0,
    riwayat_ban: 0,
    rotasi_ban: 0,
    pemeriksaan_ban: 0,
    klaim_ban: 0,
  }

  await db.tx(async () => {
    const firstDetailId = ((await db.prepare('SELECT COALESCE(MAX(id), 0) AS n FROM detail_pemasangan_ban').get()) as { n: number }).n
    const firstKendaraanId = ((await db.prepare('SELECT COALESCE(MAX(id), 0) AS n FROM kendaraan').get()) as { n: number }).n
    // ---- master rows -----------------------------------------------------------------------------------
    const typeDefs = [
      { nama: 'Engkel 6 Ban', total_ban: 6, panjang: 6.0 },
      { nama: 'Tronton 10 Ban', total_ban: 10, panjang: 11.5 },
      { nama: 'Trailer 18 Ban', total_ban: 18, panjang: 16.0 },
      { nama: 'Trailer 22 Ban', total_ban: 22, panjang: 18.0 },
    ]
    const typeCode = await reserveCodes(db, 'jenis_kendaraan', typeDefs.length)
    const insType = db.prepare(
      `INSERT INTO jenis_kendaraan (kode_jenis_kendaraan, qrcode_jenis_kendaraan, nama_jenis_kendaraan, panjang, lebar, tinggi, total_ban)
       VALUES (?, ?, ?, ?, 2.5, 3.8, ?)`,
    )
    const types: { id: number; total_ban: number }[] = []
    for (const t of typeDefs) {
      const { code } = typeCode()
      const id = await insType.insert(code, code, `${t.nama} (${code})`, t.panjang, t.total_ban)
      types.push({ id, total_ban: t.total_ban })
    }
    counts.jenis_kendaraan = types.length

    const supplierCount = Math.max(3, Math.ceil(n / 25))
    const supplierCode = await reserveCodes(db, 'supplier', supplierCount)
    const insSupplier = db.prepare(
      'INSERT INTO supplier (kode_supplier, qrcode_supplier, nama_supp, nama_person, telp, alamat) VALUES (?, ?, ?, ?, ?, ?)',
    )
    const suppliers: { id: number; alamat: string }[] = []
    for (let i = 0; i < supplierCount; i++) {
      const { code } = supplierCode()
      const alamat = `Jl. ${pick(rng, STREETS)} No. ${int(rng, 1, 250)}, ${pick(rng, CITIES)}`
      const id = await insSupplier.insert(
        code,
        code,
        `${pick(rng, COMPANY_FORMS)} ${pick(rng, COMPANY_WORDS)} Ban ${i + 1}`,
        pick(rng, PEOPLE),
        `08${int(rng, 11, 59)}${String(int(rng, 0, 99_999_999)).padStart(8, '0')}`,
        alamat,
      )
      suppliers.push({ id, alamat })
    }
    counts.supplier = supplierCount

    const reuseOrMake = async (table: 'ukuran' | 'merek' | 'typeban', cols: string, names: string[]) => {
      const ids = ((await db.prepare(`SELECT id FROM ${table} ORDER BY id`).all()) as { id: number }[]).map((r) => r.id)
      if (ids.length) return ids
      const next = await reserveCodes(db, table, names.length)
      const ins = db.prepare(`INSERT INTO ${table} (${cols}) VALUES (?, ?, ?)`)
      counts[table] = names.length
      const made: number[] = []
      for (const nama of names) {
        const { code } = next()
        made.push(await ins.insert(code, code, nama))
      }
      return made
    }
    const ukuran = await reuseOrMake('ukuran', 'kode_ukuran_ban, qrcode_ukuran, nama', [
      '11.00-20',
      '10.00-20',
      '295/80 R22.5',
      '12R22.5',
      '7.50-16',
    ])
    const merek = await reuseOrMake('merek', 'kode_merek, qrcode_merek, nama_merek', [
      'Bridgestone',
      'Gajah Tunggal',
      'Dunlop',
      'Goodyear',
      'Michelin',
      'Achilles',
    ])
    const typeban = await reuseOrMake('typeban', 'kode_type, qrcode_type, nama_type', ['Radial', 'Bias', 'Tubeless'])

    // ---- vehicles --------------------------------------------------------------------------------------------
    const vehicleCode = await reserveCodes(db, 'kendaraan', n)
    const insVehicle = db.prepare(
      `INSERT INTO kendaraan (kode_kendaraan, qrcode_kendaraan, no_kabin, no_pol, no_rangka, no_mesin, jenis_kendaraan_id, warna, km)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    const vehicles: { id: number; km: number; positions: string[] }[] = []
    for (let i = 0; i < n; i++) {
      const { code, n: seq } = vehicleCode()
      const type = types[Math.floor(rng() * types.length)]
      const km = roundTo(int(rng, 5_000, 300_000), 10)
      const id = await insVehicle.insert(
        code,
        code,
        `S-${seq}`,
        `${pick(rng, PLATE_AREAS)} ${int(rng, 1000, 9999)} ${pick(rng, PLATE_SUFFIX)}`,
        `MHF${String(seq).padStart(10, '0')}`,
        `E13C${String(seq).padStart(8, '0')}`,
        type.id,
        pick(rng, WARNA),
        km,
      )
      vehicles.push({ id, km, positions: positionsFor(type.total_ban) })
    }
    counts.kendaraan = n

    // ---- purchases: ~2 per vehicle, 4–10 tyres each, over the last 365 days ---------------------------------------
    const planned: PlannedPurchase[] = []
    vehicles.forEach((_, v) => {
      const k = int(rng, 1, 3)
      for (let i = 0; i < k; i++) {
        const s = suppliers[Math.floor(rng() * suppliers.length)]
        planned.push({ vehicle: v, supplierId: s.id, alamat: s.alamat, date: addDays(day0, -int(rng, 0, 364)), lines: int(rng, 4, 10) })
      }
    })
    planned.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    const tyreTotal = planned.reduce((s, p) => s + p.lines, 0)
    const purchaseCode = await reserveCodes(db, 'pembelian_ban', planned.length)
    const tyreCode = await reserveCodes(db, 'ban', tyreTotal)
    const insPurchase = db.prepare(
      `INSERT INTO pembelian_ban (kode_pembelian_ban, supplier_id, alamat, grand_total, status, tanggal_awal) VALUES (?, ?, ?, ?, ?, ?)`,
    )
    const insTyre = db.prepare(
      `INSERT INTO ban (kode_ban, no_seri, pembelian_ban_id, ukuran_id, merek_id, typeban_id, kondisi_ban, harga, status)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'stok')`,
    )
    const setTotal = db.prepare('UPDATE pembelian_ban SET grand_total = ? WHERE id = ?')
    // Per vehicle: its purchases in date order, each with the tyres still in stock.
    const purchasesOf: { date: string; stock: StockTyre[] }[][] = vehicles.map(() => [])
    const monthAgo = addDays(day0, -30)
    for (const p of planned) {
      const posted = p.date < monthAgo ? rng() < 0.75 : rng() < 0.3
      const purchaseId = await insPurchase.insert(purchaseCode().code, p.supplierId, p.alamat, 0, posted ? 'posting' : 'unpost', p.date)
      const product = {
        ukuran: pick(rng, ukuran),
        merek: pick(rng, merek),
        typeban: pick(rng, typeban),
        harga: roundTo(int(rng, 1_200_000, 4_500_000), 25_000),
      }
      const kondisi = rng() < 0.8 ? 'BARU' : pick(rng, KONDISI_BAN)
      const stock: StockTyre[] = []
      let total = 0
      for (let l = 0; l < p.lines; l++) {
        const { code, n: seq } = tyreCode()
        const id = await insTyre.insert(
          code,
          `SR${String(seq).padStart(9, '0')}`,
          purchaseId,
          product.ukuran,
          product.merek,
          product.typeban,
          kondisi,
          product.harga,
        )
        stock.push({ id, harga: product.harga })
        total += product.harga
      }
      await setTotal.run(total, purchaseId)
      purchasesOf[p.vehicle].push({ date: p.date, stock })
    }
    counts.pembelian_ban = planned.length
    counts.ban = tyreTotal

    // ---- fittings: ~1 per vehicle, from its first purchase, after that purchase -------------------------------------
    type PlannedFitting = { vehicle: number; date: string; tyres: StockTyre[]; km: number }
    const fittings: PlannedFitting[] = []
    vehicles.forEach((v, i) => {
      if (rng() >= 0.9) return
      const first = purchasesOf[i][0]
      const daysSince = Math.round((Date.parse(day0) - Date.parse(first.date)) / 86_400_000)
      const count = int(rng, 2, Math.min(v.positions.length, first.stock.length))
      fittings.push({
        vehicle: i,
        date: addDays(first.date, int(rng, 0, daysSince)),
        tyres: first.stock.splice(0, count),
        km: v.km + int(rng, 500, 20_000),
      })
    })
    fittings.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    const fittingCode = await reserveCodes(db, 'pemasangan_ban', fittings.length)
    const insFitting = db.prepare(
      `INSERT INTO pemasangan_ban (kode_pemasangan, kendaraan_id, supplier_id, km, grand_total, status, tanggal_awal) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    const insDetail = db.prepare(
      `INSERT INTO detail_pemasangan_ban (pemasangan_ban_id, kendaraan_id, ban_id, posisi_ban, km_pemasangan, target_presentase)
       VALUES (?, ?, ?, ?, ?, ?)`,
    )
    const fitTyre = db.prepare("UPDATE ban SET status = 'terpasang' WHERE id = ?")
    const setKm = db.prepare('UPDATE kendaraan SET km = ? WHERE id = ? AND km < ?')
    const supplierOfTyre = db.prepare('SELECT p.supplier_id FROM ban b JOIN pembelian_ban p ON p.id = b.pembelian_ban_id WHERE b.id = ?')
    const usedPositions = vehicles.map(() => 0)
    for (const f of fittings) {
      const v = vehicles[f.vehicle]
      const total = f.tyres.reduce((s, t) => s + t.harga, 0)
      const supplierId = ((await supplierOfTyre.get(f.tyres[0].id)) as { supplier_id: number }).supplier_id
      const fittingId = await insFitting.insert(
        fittingCode().code,
        v.id,
        supplierId,
        f.km,
        total,
        rng() < 0.6 ? 'posting' : 'unpost',
        f.date,
      )
      for (const t of f.tyres) {
        await insDetail.run(fittingId, v.id, t.id, v.positions[usedPositions[f.vehicle]++], f.km, pick(rng, [60000, 70000, 80000]))
        await fitTyre.run(t.id)
      }
      await setKm.run(f.km, v.id, f.km)
      v.km = Math.max(v.km, f.km)
      counts.detail_pemasangan_ban += f.tyres.length
    }
    counts.pemasangan_ban = fittings.length

    // ---- staged lines (the create screen) on ~5% of the vehicles ----------------------------------------------------
    for (const [i, v] of vehicles.entries()) {
      if (rng() >= 0.05) continue
      const stock = purchasesOf[i].flatMap((p) => p.stock)
      const count = Math.min(int(rng, 1, 2), stock.length, v.positions.length - usedPositions[i])
      for (const t of stock.slice(0, count)) {
        await insDetail.run(null, v.id, t.id, v.positions[usedPositions[i]++], v.km + int(rng, 0, 500), 70000)
        await fitTyre.run(t.id)
        counts.staged += 1
        counts.detail_pemasangan_ban += 1
      }
    }

    // ---- the tyres' history; removals, retreads and scrap of this run's fittings -------------------------------
    Object.assign(counts, await seedScaleLifecycle(db, rng, day0, firstDetailId))
    // ---- rotations, inspection rounds and claims on this run's vehicles -------------------------------------
    Object.assign(counts, await seedScaleRounds(db, rng, day0, firstKendaraanId))
    // ---- STNK and KIR renewals of this run's vehicles ----------------------------------------------------------
    counts.perpanjangan = await seedScalePerpanjangan(db, rng, day0, firstKendaraanId)
  })
  return counts
}

const STREETS = ['Gajah Mada', 'Sudirman', 'Ahmad Yani', 'Diponegoro', 'Pemuda', 'Veteran', 'Raya Pantura', 'Industri']
const CITIES = ['Tegal', 'Brebes', 'Semarang', 'Pekalongan', 'Cirebon', 'Jakarta Utara', 'Surabaya', 'Bekasi']
const COMPANY_FORMS = ['PT', 'CV', 'UD']
const COMPANY_WORDS = ['Sumber', 'Mitra', 'Karya', 'Jaya', 'Sentosa', 'Makmur', 'Abadi', 'Prima']
const PEOPLE = ['Hendra Wijaya', 'Siti Rahmawati', 'Agus Setiawan', 'Dewi Lestari', 'Bambang Sutrisno', 'Rina Kurniasih']
const PLATE_AREAS = ['G', 'H', 'B', 'D', 'L', 'E', 'K']
const PLATE_SUFFIX = ['AB', 'BC', 'KL', 'TS', 'UV', 'XY', 'DE', 'FG']
