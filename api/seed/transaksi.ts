import { nextCode } from '../codes.ts'
import type { DB } from '../types.ts'
import { today } from '../http.ts'
import { positionsFor, WARNA } from '../routes/transaksi/common.ts'
import { seedLifecycleDemo } from './lifecycle.ts'
import { seedKlaimDemo } from './klaim.ts'
import { seedPerpanjanganDemo } from './perpanjangan.ts'
import { seedRotationDemo } from './rotasi.ts'
import { seedInspectionDemo } from './pemeriksaan.ts'
import { addDays, int, makeRng, pick, roundTo } from './random.ts'

export { addDays, makeRng } from './random.ts'

/**
 * Demo transactions: STNK tied to vehicles, tyre purchases over the last three months with
 * their tyres, fittings on vehicles of different types, and a few staged (unregistered) fitting lines
 * so the create screen has something; then the tyres' history, removals, a retread and a scrapped
 * tyre (api/seed/lifecycle.ts). Runs inside the demo-seed transaction, after seedMasterDemo;
 * master tables that are still empty get the few rows this needs.
 */
export async function seedTransaksiDemo(db: DB, opts: { today?: string; seed?: number } = {}) {
  const day0 = opts.today ?? today()
  const rng = makeRng(opts.seed ?? 20240917)
  const m = await ensureMasters(db, rng)

  // ---- STNK: the first eight vehicles -----------------------------------------------------------------
  const insertStnk = db.prepare(
    `INSERT INTO stnk (kode_stnk, qrcode_stnk, nama_pemilik, alamat, merek, type, model, kendaraan_id, no_pol, no_rangka,
       no_mesin, jenis_kendaraan_id, tahun_pembuatan, warna, warna_tnkb, tahun_registrasi, nomor_bpkb, expired_stnk)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const hasStnk = db.prepare('SELECT 1 FROM stnk WHERE kendaraan_id = ?')
  for (const [i, v] of m.vehicles.slice(0, 8).entries()) {
    if (await hasStnk.get(v.id)) continue
    const truckList = TRUCKS[v.total_ban === 6 || v.total_ban == null ? 6 : v.total_ban === 10 ? 10 : 18]
    const truck = truckList[i % truckList.length]
    const made = 2014 + ((i * 3) % 9)
    const kode = await nextCode(db, 'stnk')
    await insertStnk.run(
      kode,
      kode,
      OWNERS[i % OWNERS.length].nama,
      OWNERS[i % OWNERS.length].alamat,
      truck.merek,
      truck.type,
      truck.model,
      v.id,
      v.no_pol,
      v.no_rangka,
      v.no_mesin,
      v.jenis_kendaraan_id,
      made,
      v.warna ?? COLOURS[i % COLOURS.length],
      'Kuning',
      made + (i % 2),
      `P-${String(4821730 + i * 7919).slice(0, 7)}`,
      // The vehicle's own expiry when it has one; else some already expired, some about to, most later.
      v.expired_stnk ?? addDays(day0, [-12, 9, 25, 48, 120, 210, 300, 365][i % 8] + i),
    )
  }

  // ---- purchases: 25 over the last 90 days, 4–8 tyres each --------------------------------------------
  const insertPurchase = db.prepare(
    `INSERT INTO pembelian_ban (kode_pembelian_ban, supplier_id, alamat, grand_total, status, tanggal_awal)
     VALUES (?, ?, ?, ?, ?, ?)`,
  )
  const insertTyre = db.prepare(
    `INSERT INTO ban (kode_ban, no_seri, pembelian_ban_id, ukuran_id, merek_id, typeban_id, kondisi_ban, harga, status)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'stok')`,
  )
  const setTotal = db.prepare('UPDATE pembelian_ban SET grand_total = ? WHERE id = ?')
  type StockTyre = { id: number; harga: number; purchaseId: number; date: string }
  const stock: StockTyre[] = []
  const serials = new Set<string>()
  const offsets = Array.from({ length: 25 }, (_, i) => 90 - Math.round((i * 88) / 24) - int(rng, 0, 1)).sort((a, b) => b - a)
  for (const [i, back] of offsets.entries()) {
    const date = addDays(day0, -back)
    const supplier = m.suppliers[i % m.suppliers.length]
    const posted = back > 30 ? rng() < 0.8 : rng() < 0.3
    const kode = await nextCode(db, 'pembelian_ban')
    const purchaseId = await insertPurchase.insert(kode, supplier.id, supplier.alamat, 0, posted ? 'posting' : 'unpost', date)
    // A purchase is one or two products (size + brand + type), several of each.
    const products = Array.from({ length: rng() < 0.6 ? 1 : 2 }, () => ({
      ukuran: pick(rng, m.ukuran),
      merek: pick(rng, m.merek),
      typeban: pick(rng, m.typeban),
      kondisi: rng() < 0.75 ? 'BARU' : pick(rng, ['KANISIR', 'BEKAS'] as const),
      harga: roundTo(int(rng, 1_200_000, 4_500_000), 25_000),
    }))
    let total = 0
    const lines = int(rng, 4, 8)
    for (let l = 0; l < lines; l++) {
      const p = products[l % products.length]
      const harga = p.kondisi === 'BARU' ? p.harga : Math.max(1_200_000, roundTo(p.harga * 0.6, 25_000))
      const serial = uniqueSerial(
        rng,
        serials,
        SERIAL_PREFIX[(m.merek.indexOf(p.merek) + SERIAL_PREFIX.length) % SERIAL_PREFIX.length],
        date,
      )
      const tyreId = await insertTyre.insert(await nextCode(db, 'ban'), serial, purchaseId, p.ukuran, p.merek, p.typeban, p.kondisi, harga)
      stock.push({ id: tyreId, harga, purchaseId, date })
      total += harga
    }
    await setTotal.run(total, purchaseId)
  }

  // ---- fittings: 10 over the last three months, on vehicles of every type -------------------------------
  const used = new Map<number, Set<string>>() // vehicle id → positions holding a tyre
  for (const row of (await db.prepare('SELECT kendaraan_id, posisi_ban FROM detail_pemasangan_ban WHERE dilepas = 0').all()) as {
    kendaraan_id: number
    posisi_ban: string
  }[]) {
    let set = used.get(row.kendaraan_id)
    if (!set) used.set(row.kendaraan_id, (set = new Set()))
    set.add(row.posisi_ban)
  }
  const free = (v: MasterVehicle) => positionsFor(v.total_ban).filter((p) => !used.get(v.id)?.has(p))
  const takeTyres = (n: number, until: string) => {
    // Prefer tyres of one purchase (one product), the oldest purchase with enough left.
    const available = stock.filter((t) => t.date <= until)
    const byPurchase = new Map<number, StockTyre[]>()
    for (const t of available) {
      let list = byPurchase.get(t.purchaseId)
      if (!list) byPurchase.set(t.purchaseId, (list = []))
      list.push(t)
    }
    const chosen = [...byPurchase.values()].find((l) => l.length >= n) ?? available
    const taken = chosen.slice(0, n)
    for (const t of taken) stock.splice(stock.indexOf(t), 1)
    return taken
  }
  const insertFitting = db.prepare(
    `INSERT INTO pemasangan_ban (kode_pemasangan, kendaraan_id, supplier_id, km, grand_total, status, tanggal_awal)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  )
  const insertDetail = db.prepare(
    `INSERT INTO detail_pemasangan_ban (pemasangan_ban_id, kendaraan_id, ban_id, posisi_ban, km_pemasangan, target_presentase)
     VALUES (?, ?, ?, ?, ?, ?)`,
  )
  const fitTyre = db.prepare("UPDATE ban SET status = 'terpasang' WHERE id = ?")
  const setKm = db.prepare("UPDATE kendaraan SET km = ?, updated_at = datetime('now') WHERE id = ? AND km < ?")
  const supplierOf = db.prepare('SELECT supplier_id FROM pembelian_ban WHERE id = ?')

  // Vehicles round-robin over their types, so every total_ban shows up. The last vehicle of the smallest
  // and of the largest type (when they have more than one) are kept for the staged lines.
  const byType = new Map<number, MasterVehicle[]>()
  for (const v of m.vehicles) {
    const key = v.total_ban ?? 0
    let list = byType.get(key)
    if (!list) byType.set(key, (list = []))
    list.push(v)
  }
  const groups = [...byType.entries()].sort((a, b) => a[0] - b[0]).map(([, list]) => [...list])
  const stagedVehicles: MasterVehicle[] = []
  for (const g of [groups[0], groups[groups.length - 1]]) {
    if (g && g.length > 1 && !stagedVehicles.includes(g[g.length - 1])) stagedVehicles.push(g.pop()!)
  }
  const fitVehicles: MasterVehicle[] = []
  for (let round = 0; groups.some((g) => g[round]); round++) {
    for (const g of groups) if (g[round]) fitVehicles.push(g[round])
  }
  if (!stagedVehicles.length && fitVehicles.length) stagedVehicles.push(fitVehicles[fitVehicles.length - 1])

  const fittingDays = Array.from({ length: 10 }, (_, i) => 80 - i * 8 - int(rng, 0, 3))
  for (const [i, back] of fittingDays.entries()) {
    const date = addDays(day0, -back)
    const vehicle = fitVehicles.map((_, k) => fitVehicles[(i + k) % fitVehicles.length]).find((v) => free(v).length >= 2)
    if (!vehicle) continue
    const positions = free(vehicle)
    const n = Math.min(positions.length, int(rng, 2, 6))
    const tyres = takeTyres(n, date)
    if (tyres.length === 0) continue
    vehicle.km += int(rng, 800, 12_000)
    const km = vehicle.km
    const total = tyres.reduce((s, t) => s + t.harga, 0)
    const supplier = ((await supplierOf.get(tyres[0].purchaseId)) as { supplier_id: number }).supplier_id
    const posted = back > 20 ? rng() < 0.7 : rng() < 0.3
    const kode = await nextCode(db, 'pemasangan_ban')
    const fittingId = await insertFitting.insert(kode, vehicle.id, supplier, km, total, posted ? 'posting' : 'unpost', date)
    for (const [k, t] of tyres.entries()) {
      await insertDetail.run(fittingId, vehicle.id, t.id, positions[k], km, [70000, 80000, 60000][k % 3])
      await fitTyre.run(t.id)
      let set = used.get(vehicle.id)
      if (!set) used.set(vehicle.id, (set = new Set()))
      set.add(positions[k])
    }
    await setKm.run(km, vehicle.id, km)
  }

  // ---- staged lines on the create screen: two vehicles with 2–3 tyres each, not yet registered --------------
  for (const vehicle of stagedVehicles) {
    const positions = free(vehicle)
    const tyres = takeTyres(Math.min(positions.length, int(rng, 2, 3)), day0)
    for (const [k, t] of tyres.entries()) {
      await insertDetail.run(null, vehicle.id, t.id, positions[k], vehicle.km + 150, 70000)
      await fitTyre.run(t.id)
    }
  }

  // ---- the tyres' history, removals, a retread, a scrapped tyre ---------------------------------------------
  await seedLifecycleDemo(db, day0)
  // ---- tyre claims: one approved and posted, one refused, one raised ---------------------------------------
  await seedKlaimDemo(db, day0)
  // ---- tyre inspections: two rounds on most vehicles, some tyres near the minimum tread ---------------------
  // (before the rotations: a rotation is at the vehicle's km now, which the rounds' km raised)
  await seedInspectionDemo(db, day0)
  // ---- tyre rotations: a posted swap, an unposted move to an empty position ----------------------------------
  await seedRotationDemo(db, day0)
  // ---- registration renewals: four vehicles' STNK or KIR renewed, two of them posted ---------------------
  await seedPerpanjanganDemo(db, day0)
}

// ---- master rows the demo needs when the master seed has not made them --------------------------------------

export type MasterVehicle = {
  id: number
  no_kabin: string
  no_pol: string | null
  no_rangka: string | null
  no_mesin: string | null
  jenis_kendaraan_id: number | null
  total_ban: number | null
  km: number
  warna: string | null
  expired_stnk: string | null
}

export type Masters = {
  suppliers: { id: number; alamat: string | null }[]
  ukuran: number[]
  merek: number[]
  typeban: number[]
  vehicles: MasterVehicle[]
}

const isEmpty = async (db: DB, table: string) => !(await db.prepare(`SELECT 1 FROM ${table} LIMIT 1`).get())

/** Reads the master rows; inserts a small set into any table that is empty. */
export async function ensureMasters(db: DB, rng: () => number): Promise<Masters> {
  if (await isEmpty(db, 'supplier')) {
    const ins = db.prepare(
      'INSERT INTO supplier (kode_supplier, qrcode_supplier, nama_supp, nama_person, telp, alamat) VALUES (?, ?, ?, ?, ?, ?)',
    )
    for (const s of FALLBACK_SUPPLIERS) {
      const kode = await nextCode(db, 'supplier')
      await ins.run(kode, kode, s.nama, s.person, s.telp, s.alamat)
    }
  }
  const simple: [table: string, entity: 'ukuran' | 'merek' | 'typeban', cols: string, names: string[]][] = [
    ['ukuran', 'ukuran', 'kode_ukuran_ban, qrcode_ukuran, nama', ['11.00-20', '10.00-20', '295/80 R22.5', '12R22.5', '7.50-16']],
    ['merek', 'merek', 'kode_merek, qrcode_merek, nama_merek', ['Bridgestone', 'Gajah Tunggal', 'Dunlop', 'Goodyear', 'Michelin']],
    ['typeban', 'typeban', 'kode_type, qrcode_type, nama_type', ['Radial', 'Bias', 'Tubeless', 'Tube Type']],
  ]
  for (const [table, entity, cols, names] of simple) {
    if (!(await isEmpty(db, table))) continue
    const ins = db.prepare(`INSERT INTO ${table} (${cols}) VALUES (?, ?, ?)`)
    for (const nama of names) {
      const kode = await nextCode(db, entity)
      await ins.run(kode, kode, nama)
    }
  }
  if (await isEmpty(db, 'jenis_kendaraan')) {
    const ins = db.prepare(
      `INSERT INTO jenis_kendaraan (kode_jenis_kendaraan, qrcode_jenis_kendaraan, nama_jenis_kendaraan, panjang, lebar, tinggi, total_ban)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    for (const j of FALLBACK_TYPES) {
      const kode = await nextCode(db, 'jenis_kendaraan')
      await ins.run(kode, kode, j.nama, j.panjang, 2.5, j.tinggi, j.total_ban)
    }
  }
  if (await isEmpty(db, 'kendaraan')) {
    const types = (await db.prepare('SELECT id FROM jenis_kendaraan ORDER BY id').all()) as { id: number }[]
    const ins = db.prepare(
      `INSERT INTO kendaraan (kode_kendaraan, qrcode_kendaraan, no_kabin, no_pol, no_rangka, no_mesin, jenis_kendaraan_id, warna, km)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    for (let i = 0; i < 12; i++) {
      const kode = await nextCode(db, 'kendaraan')
      await ins.run(
        kode,
        kode,
        `K-${String(i + 1).padStart(3, '0')}`,
        `G ${1200 + i * 37} ${['AB', 'BC', 'KL', 'TS'][i % 4]}`,
        `MHFC1JU4${String(500000 + i * 7331)}`,
        `J08E${String(410000 + i * 913)}`,
        types[i % types.length]?.id ?? null,
        COLOURS[i % COLOURS.length],
        roundTo(int(rng, 20_000, 250_000), 10),
      )
    }
  }
  return {
    suppliers: (await db.prepare('SELECT id, alamat FROM supplier ORDER BY id').all()) as { id: number; alamat: string | null }[],
    ukuran: ((await db.prepare('SELECT id FROM ukuran ORDER BY id').all()) as { id: number }[]).map((r) => r.id),
    merek: ((await db.prepare('SELECT id FROM merek ORDER BY id').all()) as { id: number }[]).map((r) => r.id),
    typeban: ((await db.prepare('SELECT id FROM typeban ORDER BY id').all()) as { id: number }[]).map((r) => r.id),
    vehicles: (await db
      .prepare(
        `SELECT k.id, k.no_kabin, k.no_pol, k.no_rangka, k.no_mesin, k.jenis_kendaraan_id, j.total_ban, k.km,
           CASE WHEN k.warna IN (${COLOURS_SQL}) THEN k.warna END AS warna, k.expired_stnk
         FROM kendaraan k LEFT JOIN jenis_kendaraan j ON j.id = k.jenis_kendaraan_id ORDER BY k.id`,
      )
      .all()) as MasterVehicle[],
  }
}

function uniqueSerial(rng: () => number, taken: Set<string>, prefix: string, date: string) {
  for (;;) {
    const s = `${prefix}${date.slice(2, 4)}${date.slice(5, 7)}${String(int(rng, 0, 999_999)).padStart(6, '0')}`
    if (!taken.has(s)) {
      taken.add(s)
      return s
    }
  }
}

const SERIAL_PREFIX = ['BS', 'GT', 'DL', 'GY', 'MC', 'AC']
const COLOURS = ['Putih', 'Hijau', 'Biru', 'Merah', 'Kuning', 'Silver', 'Hitam', 'Orange'] as const
const COLOURS_SQL = WARNA.map((w) => `'${w}'`).join(', ')

/** Vehicle makes by number of tyres: light trucks, rigid trucks, tractor heads. */
const TRUCKS: Record<6 | 10 | 18, { merek: string; type: string; model: string }[]> = {
  6: [
    { merek: 'Mitsubishi Fuso', type: 'Colt Diesel FE 74 HD', model: 'Light Truck' },
    { merek: 'Hino', type: 'Dutro 130 HD', model: 'Light Truck' },
  ],
  10: [
    { merek: 'Hino', type: 'FM 260 JD', model: 'Truck' },
    { merek: 'Isuzu', type: 'Giga FVZ 34', model: 'Truck' },
  ],
  18: [
    { merek: 'UD Trucks', type: 'Quester CWE 280', model: 'Tractor Head' },
    { merek: 'Hino', type: 'FM 285 TH', model: 'Tractor Head' },
  ],
}

const OWNERS = [
  { nama: 'PT Armada Logistik Nusantara', alamat: 'Jl. Raya Tegal–Slawi KM 5, Tegal' },
  { nama: 'PT Armada Logistik Nusantara', alamat: 'Jl. Raya Tegal–Slawi KM 5, Tegal' },
  { nama: 'CV Sinar Transport Pantura', alamat: 'Jl. Kapten Sudibyo No. 112, Tegal' },
  { nama: 'PT Armada Logistik Nusantara', alamat: 'Jl. Raya Tegal–Slawi KM 5, Tegal' },
  { nama: 'Budi Santoso', alamat: 'Jl. Mataram No. 27, Brebes' },
]

const FALLBACK_SUPPLIERS = [
  { nama: 'PT Sumber Ban Jaya', person: 'Hendra Wijaya', telp: '0283-351234', alamat: 'Jl. Gajah Mada No. 45, Tegal' },
  { nama: 'CV Roda Mas Sentosa', person: 'Siti Rahmawati', telp: '024-7601122', alamat: 'Jl. Majapahit No. 210, Semarang' },
  { nama: 'UD Karya Ban Pantura', person: 'Agus Setiawan', telp: '0283-4567890', alamat: 'Jl. Raya Pantura KM 3, Brebes' },
  { nama: 'PT Mitra Tyre Indonesia', person: 'Dewi Lestari', telp: '021-4602233', alamat: 'Jl. Industri Raya No. 8, Cikarang' },
]

const FALLBACK_TYPES = [
  { nama: 'Engkel (6 roda)', panjang: 6.2, tinggi: 2.6, total_ban: 6 },
  { nama: 'Tronton (10 roda)', panjang: 9.5, tinggi: 3.2, total_ban: 10 },
  { nama: 'Trailer 18 roda', panjang: 13.6, tinggi: 4.0, total_ban: 18 },
  { nama: 'Trailer 22 roda', panjang: 16.0, tinggi: 4.0, total_ban: 22 },
]
