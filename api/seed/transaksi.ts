import { nextCode } from '../codes.ts'
import { nowMoment } from '../sql.ts'
import type { DB } from '../types.ts'
import { today } from '../http.ts'
import { positionsFor, WARNA } from '../routes/transaksi/common.ts'
import { seedLifecycleDemo } from './lifecycle.ts'
import { seedKlaimDemo } from './klaim.ts'
import { seedPerpanjanganDemo } from './perpanjangan.ts'
import { seedKmKendaraanDemo } from './km-kendaraan.ts'
import { seedJadwalServisDemo } from './jadwal-servis.ts'
import { seedSukuCadangDemo } from './suku-cadang.ts'
import { seedPerintahKerjaDemo } from './perintah-kerja.ts'
import { seedRotasiDemo } from './rotasi.ts'
import { seedInspectionDemo } from './pemeriksaan.ts'
import { addDays, int, makeRng, pick, roundTo } from './random.ts'

export { addDays, makeRng } from './random.ts'

/**
 * Demo transactions: STNK tied to vehicles, tyre purchases over the last three months with
 * their tyres, pemasangan on vehicles of different types, and a few staged (unregistered) pemasangan lines
 * so the create screen has something; then the tyres' history, pelepasan, a retread and a scrapped
 * tyre (api/seed/lifecycle.ts). Runs inside the demo-seed transaction, after seedMasterDemo;
 * master tables that are still empty get the few rows this needs.
 */
export async function seedTransaksiDemo(db: DB, opts: { today?: string; seed?: number } = {}) {
  const day0 = opts.today ?? today()
  const rng = makeRng(opts.seed ?? 20240917)
  const m = await ensureMasters(db, rng)

  // ---- STNK: the first eight vehicles -----------------------------------------------------------------
  for (const [i, v] of m.vehicles.slice(0, 8).entries()) {
    if (await db.q.selectFrom('stnk').select('id').where('kendaraan_id', '=', v.id).executeTakeFirst()) continue
    const truckList = TRUCKS[v.total_ban === 6 || v.total_ban == null ? 6 : v.total_ban === 10 ? 10 : 18]
    const truck = truckList[i % truckList.length]
    const made = 2014 + ((i * 3) % 9)
    const kode = await nextCode(db, 'stnk')
    await db.q
      .insertInto('stnk')
      .values({
        kode_stnk: kode,
        qrcode_stnk: kode,
        nama_pemilik: OWNERS[i % OWNERS.length].nama,
        alamat: OWNERS[i % OWNERS.length].alamat,
        merek: truck.merek,
        type: truck.type,
        model: truck.model,
        kendaraan_id: v.id,
        no_pol: v.no_pol,
        no_rangka: v.no_rangka,
        no_mesin: v.no_mesin,
        jenis_kendaraan_id: v.jenis_kendaraan_id,
        tahun_pembuatan: made,
        warna: v.warna ?? COLOURS[i % COLOURS.length],
        warna_tnkb: 'Kuning',
        tahun_registrasi: made + (i % 2),
        nomor_bpkb: `P-${String(4821730 + i * 7919).slice(0, 7)}`,
        // The vehicle's own expiry when it has one; else some already expired, some about to, most later.
        expired_stnk: v.expired_stnk ?? addDays(day0, [-12, 9, 25, 48, 120, 210, 300, 365][i % 8] + i),
      })
      .execute()
  }

  // ---- purchases: 25 over the last 90 days, 4–8 tyres each --------------------------------------------
  type StokBan = { id: number; harga: number; purchaseId: number; date: string }
  const stock: StokBan[] = []
  const serials = new Set<string>()
  const offsets = Array.from({ length: 25 }, (_, i) => 90 - Math.round((i * 88) / 24) - int(rng, 0, 1)).sort((a, b) => b - a)
  for (const [i, back] of offsets.entries()) {
    const date = addDays(day0, -back)
    const supplier = m.suppliers[i % m.suppliers.length]
    const posted = back > 30 ? rng() < 0.8 : rng() < 0.3
    const kode = await nextCode(db, 'pembelian_ban')
    const { id: purchaseId } = await db.q
      .insertInto('pembelian_ban')
      .values({
        kode_pembelian_ban: kode,
        supplier_id: supplier.id,
        alamat: supplier.alamat,
        grand_total: 0,
        status: posted ? 'posting' : 'unpost',
        tanggal_awal: date,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
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
      const { id: banId } = await db.q
        .insertInto('ban')
        .values({
          kode_ban: await nextCode(db, 'ban'),
          no_seri: serial,
          pembelian_ban_id: purchaseId,
          ukuran_id: p.ukuran,
          merek_id: p.merek,
          typeban_id: p.typeban,
          kondisi_ban: p.kondisi,
          harga,
          status: 'stok',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      stock.push({ id: banId, harga, purchaseId, date })
      total += harga
    }
    await db.q.updateTable('pembelian_ban').set({ grand_total: total }).where('id', '=', purchaseId).execute()
  }

  // ---- pemasangan: 10 over the last three months, on vehicles of every type -------------------------------
  const used = new Map<number, Set<string>>() // vehicle id → positions holding a tyre
  for (const row of await db.q
    .selectFrom('detail_pemasangan_ban')
    .select(['kendaraan_id', 'posisi_ban'])
    .where('dilepas', '=', 0)
    .execute()) {
    let set = used.get(row.kendaraan_id)
    if (!set) used.set(row.kendaraan_id, (set = new Set()))
    set.add(row.posisi_ban)
  }
  const free = (v: MasterVehicle) => positionsFor(v.total_ban).filter((p) => !used.get(v.id)?.has(p))
  const takeBan = (n: number, until: string) => {
    // Prefer tyres of one purchase (one product), the oldest purchase with enough left.
    const available = stock.filter((t) => t.date <= until)
    const byPurchase = new Map<number, StokBan[]>()
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
  const insertDetail = (pemasanganId: number | null, kendaraanId: number, banId: number, posisi: string, km: number, target: number) =>
    db.q
      .insertInto('detail_pemasangan_ban')
      .values({
        pemasangan_ban_id: pemasanganId,
        kendaraan_id: kendaraanId,
        ban_id: banId,
        posisi_ban: posisi,
        km_pemasangan: km,
        target_presentase: target,
      })
      .execute()
  const pasang = (banId: number) => db.q.updateTable('ban').set({ status: 'terpasang' }).where('id', '=', banId).execute()

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

  const pemasanganDays = Array.from({ length: 10 }, (_, i) => 80 - i * 8 - int(rng, 0, 3))
  for (const [i, back] of pemasanganDays.entries()) {
    const date = addDays(day0, -back)
    const vehicle = fitVehicles.map((_, k) => fitVehicles[(i + k) % fitVehicles.length]).find((v) => free(v).length >= 2)
    if (!vehicle) continue
    const positions = free(vehicle)
    const n = Math.min(positions.length, int(rng, 2, 6))
    const banList = takeBan(n, date)
    if (banList.length === 0) continue
    vehicle.km += int(rng, 800, 12_000)
    const km = vehicle.km
    const total = banList.reduce((s, t) => s + t.harga, 0)
    const { supplier_id: supplier } = await db.q
      .selectFrom('pembelian_ban')
      .select('supplier_id')
      .where('id', '=', banList[0].purchaseId)
      .executeTakeFirstOrThrow()
    const posted = back > 20 ? rng() < 0.7 : rng() < 0.3
    const kode = await nextCode(db, 'pemasangan_ban')
    const { id: pemasanganId } = await db.q
      .insertInto('pemasangan_ban')
      .values({
        kode_pemasangan: kode,
        kendaraan_id: vehicle.id,
        supplier_id: supplier,
        km,
        grand_total: total,
        status: posted ? 'posting' : 'unpost',
        tanggal_awal: date,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    for (const [k, t] of banList.entries()) {
      await insertDetail(pemasanganId, vehicle.id, t.id, positions[k], km, [70000, 80000, 60000][k % 3])
      await pasang(t.id)
      let set = used.get(vehicle.id)
      if (!set) used.set(vehicle.id, (set = new Set()))
      set.add(positions[k])
    }
    await db.q
      .updateTable('kendaraan')
      .set({ km, updated_at: nowMoment(db) })
      .where('id', '=', vehicle.id)
      .where('km', '<', km)
      .execute()
  }

  // ---- staged lines on the create screen: two vehicles with 2–3 tyres each, not yet registered --------------
  for (const vehicle of stagedVehicles) {
    const positions = free(vehicle)
    const banList = takeBan(Math.min(positions.length, int(rng, 2, 3)), day0)
    for (const [k, t] of banList.entries()) {
      await insertDetail(null, vehicle.id, t.id, positions[k], vehicle.km + 150, 70000)
      await pasang(t.id)
    }
  }

  // ---- the tyres' history, pelepasan, a retread, a scrapped tyre ---------------------------------------------
  await seedLifecycleDemo(db, day0)
  // ---- tyre claims: one approved and posted, one refused, one raised ---------------------------------------
  await seedKlaimDemo(db, day0)
  // ---- tyre inspections: two rounds on most vehicles, some tyres near the minimum tread ---------------------
  // (before the rotations: a rotation is at the vehicle's km now, which the rounds' km raised)
  await seedInspectionDemo(db, day0)
  // ---- tyre rotations: a posted swap, an unposted move to an empty position ----------------------------------
  await seedRotasiDemo(db, day0)
  // ---- registration renewals: four vehicles' STNK or KIR renewed, two of them posted ---------------------
  await seedPerpanjanganDemo(db, day0)
  // ---- km readings: every vehicle's odometer every 7 days over the last 56 days, the last its km now ---------
  // (last: the rounds and rotations above raise the vehicles' km)
  await seedKmKendaraanDemo(db, day0)
  // ---- service plans: eight items, every type's plan, every vehicle's opening entries, two overrides ---------
  // (after the km readings: the opening entries are placed back from the vehicles' km)
  // ---- the parts store: twelve parts, three purchases through the stock ledger, a count; some below minimum --
  await seedSukuCadangDemo(db, day0)
  await seedJadwalServisDemo(db, day0)
  // ---- work orders: six vehicles' oil changes, the older half posted (after the plans: they reset items) ----
  await seedPerintahKerjaDemo(db, day0)
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

type MasterTable = 'supplier' | 'ukuran' | 'merek' | 'typeban' | 'jenis_kendaraan' | 'kendaraan'
const isEmpty = async (db: DB, table: MasterTable) => !(await db.q.selectFrom(table).select('id').limit(1).executeTakeFirst())

/** Reads the master rows; inserts a small set into any table that is empty. */
export async function ensureMasters(db: DB, rng: () => number): Promise<Masters> {
  if (await isEmpty(db, 'supplier')) {
    for (const s of FALLBACK_SUPPLIERS) {
      const kode = await nextCode(db, 'supplier')
      await db.q
        .insertInto('supplier')
        .values({ kode_supplier: kode, qrcode_supplier: kode, nama_supp: s.nama, nama_person: s.person, telp: s.telp, alamat: s.alamat })
        .execute()
    }
  }
  if (await isEmpty(db, 'ukuran')) {
    for (const nama of ['11.00-20', '10.00-20', '295/80 R22.5', '12R22.5', '7.50-16']) {
      const kode = await nextCode(db, 'ukuran')
      await db.q.insertInto('ukuran').values({ kode_ukuran_ban: kode, qrcode_ukuran: kode, nama }).execute()
    }
  }
  if (await isEmpty(db, 'merek')) {
    for (const nama of ['Bridgestone', 'Gajah Tunggal', 'Dunlop', 'Goodyear', 'Michelin']) {
      const kode = await nextCode(db, 'merek')
      await db.q.insertInto('merek').values({ kode_merek: kode, qrcode_merek: kode, nama_merek: nama }).execute()
    }
  }
  if (await isEmpty(db, 'typeban')) {
    for (const nama of ['Radial', 'Bias', 'Tubeless', 'Tube Type']) {
      const kode = await nextCode(db, 'typeban')
      await db.q.insertInto('typeban').values({ kode_type: kode, qrcode_type: kode, nama_type: nama }).execute()
    }
  }
  if (await isEmpty(db, 'jenis_kendaraan')) {
    for (const j of FALLBACK_TYPES) {
      const kode = await nextCode(db, 'jenis_kendaraan')
      await db.q
        .insertInto('jenis_kendaraan')
        .values({
          kode_jenis_kendaraan: kode,
          qrcode_jenis_kendaraan: kode,
          nama_jenis_kendaraan: j.nama,
          panjang: j.panjang,
          lebar: 2.5,
          tinggi: j.tinggi,
          total_ban: j.total_ban,
        })
        .execute()
    }
  }
  if (await isEmpty(db, 'kendaraan')) {
    const types = await db.q.selectFrom('jenis_kendaraan').select('id').orderBy('id').execute()
    for (let i = 0; i < 12; i++) {
      const kode = await nextCode(db, 'kendaraan')
      await db.q
        .insertInto('kendaraan')
        .values({
          kode_kendaraan: kode,
          qrcode_kendaraan: kode,
          no_kabin: `K-${String(i + 1).padStart(3, '0')}`,
          no_pol: `G ${1200 + i * 37} ${['AB', 'BC', 'KL', 'TS'][i % 4]}`,
          no_rangka: `MHFC1JU4${String(500000 + i * 7331)}`,
          no_mesin: `J08E${String(410000 + i * 913)}`,
          jenis_kendaraan_id: types[i % types.length]?.id ?? null,
          warna: COLOURS[i % COLOURS.length],
          km: roundTo(int(rng, 20_000, 250_000), 10),
        })
        .execute()
    }
  }
  const ids = async (table: 'ukuran' | 'merek' | 'typeban') =>
    (await db.q.selectFrom(table).select('id').orderBy('id').execute()).map((r) => r.id)
  return {
    suppliers: await db.q.selectFrom('supplier').select(['id', 'alamat']).orderBy('id').execute(),
    ukuran: await ids('ukuran'),
    merek: await ids('merek'),
    typeban: await ids('typeban'),
    vehicles: await db.q
      .selectFrom('kendaraan as k')
      .leftJoin('jenis_kendaraan as j', 'j.id', 'k.jenis_kendaraan_id')
      .select((eb) => [
        'k.id',
        'k.no_kabin',
        'k.no_pol',
        'k.no_rangka',
        'k.no_mesin',
        'k.jenis_kendaraan_id',
        'j.total_ban',
        'k.km',
        // A colour the STNK form offers, else none (the STNK gets one of the demo's).
        eb
          .case()
          .when('k.warna', 'in', [...WARNA])
          .then(eb.ref('k.warna'))
          .end()
          .as('warna'),
        'k.expired_stnk',
      ])
      .orderBy('k.id')
      .execute(),
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
