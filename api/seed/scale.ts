import { CODE_PREFIX, type CodeEntity } from '../codes.ts'
import type { DB } from '../types.ts'
import { today } from '../http.ts'
import { KONDISI_BAN, positionsFor, WARNA } from '../routes/transaksi/common.ts'
import { maxId, seedScaleLifecycle, type LifecycleCounts } from './lifecycle.ts'
import { seedScaleRounds, type RoundsCounts } from './rounds.ts'
import { seedScalePerpanjangan } from './perpanjangan.ts'
import { seedScaleKmKendaraan } from './km-kendaraan.ts'
import { seedScaleJadwalServis } from './jadwal-servis.ts'
import { seedScaleSukuCadang } from './suku-cadang.ts'
import { seedScalePerintahKerja } from './perintah-kerja.ts'
import { chunksOf } from './batch.ts'
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
  km_kendaraan: number
  suku_cadang: number
  pembelian_suku_cadang: number
  servis_awal: number
  jadwal_servis_kendaraan: number
  perintah_kerja: number
} & LifecycleCounts &
  RoundsCounts

/**
 * Reserves `count` codes of an entity in one statement (the sequence jumps by count) and hands them
 * out in order. Same format as nextCode: prefix + 6-digit (or longer) sequence.
 */
async function reserveCodes(db: DB, entity: CodeEntity, count: number) {
  const prefix = CODE_PREFIX[entity]
  const { value } = await db.q
    .insertInto('code_sequences')
    .values({ prefix, value: count })
    .onConflict((oc) => oc.column('prefix').doUpdateSet((eb) => ({ value: eb('code_sequences.value', '+', eb.ref('excluded.value')) })))
    .returning('value')
    .executeTakeFirstOrThrow()
  let current = value - count
  return () => {
    current += 1
    return { code: prefix + String(current).padStart(6, '0'), n: current }
  }
}

/** The ids of rows inserted in one statement, in the order of `codes` (matched by their code, not by the order RETURNING answers in). */
function idsByCode(rows: { id: number; kode: string }[], codes: readonly string[]): number[] {
  const byCode = new Map(rows.map((r) => [r.kode, r.id]))
  return codes.map((code) => {
    const id = byCode.get(code)
    if (id === undefined) throw new Error(`the row of code ${code} was not inserted`)
    return id
  })
}

type PlannedVehicle = {
  code: string
  seq: number
  type: { id: number; total_ban: number }
  km: number
  no_pol: string
  warna: string
  positions: string[]
  id: number
}
type PlannedPurchase = { vehicle: number; supplierId: number; alamat: string | null; date: string; lines: number }
type StockBan = { code: string; seq: number; purchase: number; harga: number; terpasang: boolean; id: number }

/**
 * A large data set for benchmarks: n vehicles (with 4 vehicle types and suppliers of their own; tyre
 * sizes, brands and types are reused, or made when there are none), about two purchases of 4–10 tyres
 * per vehicle and about one pemasangan per vehicle, spread over the last 12 months, mixed posted and
 * unposted, plus staged lines on about 5% of the vehicles, about one STNK and one KIR renewal per
 * vehicle (perpanjangan.ts), eight km readings per vehicle (km-kendaraan.ts) and a service plan per vehicle type with an opening entry per vehicle and item and overrides for about one vehicle in twenty (jadwal-servis.ts). One transaction. The vehicles, purchases, tyres and pemasangan are
 * planned in memory first (the random numbers drawn in the same order as ever, so a seed gives the
 * same data), then written many rows per statement (batch.ts): a vehicle with its km after its
 * pemasangan, a purchase with its total, a tyre with its status.
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
    suku_cadang: 0,
    pembelian_suku_cadang: 0,
    km_kendaraan: 0,
    servis_awal: 0,
    jadwal_servis_kendaraan: 0,
    perintah_kerja: 0,
    pelepasan_ban: 0,
    detail_pelepasan_ban: 0,
    vulkanisir_ban: 0,
    riwayat_ban: 0,
    rotasi_ban: 0,
    pemeriksaan_ban: 0,
    klaim_ban: 0,
  }

  await db.tx(async () => {
    const firstDetailId = await maxId(db, 'detail_pemasangan_ban')
    const firstKendaraanId = await maxId(db, 'kendaraan')
    const firstJenisId = await maxId(db, 'jenis_kendaraan')
    // ---- master rows -----------------------------------------------------------------------------------
    const typeDefs = [
      { nama: 'Engkel 6 Ban', total_ban: 6, panjang: 6.0 },
      { nama: 'Tronton 10 Ban', total_ban: 10, panjang: 11.5 },
      { nama: 'Trailer 18 Ban', total_ban: 18, panjang: 16.0 },
      { nama: 'Trailer 22 Ban', total_ban: 22, panjang: 18.0 },
    ]
    const typeCode = await reserveCodes(db, 'jenis_kendaraan', typeDefs.length)
    const typeRows = typeDefs.map((t) => {
      const { code } = typeCode()
      return {
        kode_jenis_kendaraan: code,
        qrcode_jenis_kendaraan: code,
        nama_jenis_kendaraan: `${t.nama} (${code})`,
        panjang: t.panjang,
        lebar: 2.5,
        tinggi: 3.8,
        total_ban: t.total_ban,
      }
    })
    const typeIds = idsByCode(
      await db.q.insertInto('jenis_kendaraan').values(typeRows).returning(['id', 'kode_jenis_kendaraan as kode']).execute(),
      typeRows.map((r) => r.kode_jenis_kendaraan),
    )
    const types = typeDefs.map((t, i) => ({ id: typeIds[i]!, total_ban: t.total_ban }))
    counts.jenis_kendaraan = types.length

    const supplierCount = Math.max(3, Math.ceil(n / 25))
    const supplierCode = await reserveCodes(db, 'supplier', supplierCount)
    const supplierRows = Array.from({ length: supplierCount }, (_, i) => {
      const { code } = supplierCode()
      const alamat = `Jl. ${pick(rng, STREETS)} No. ${int(rng, 1, 250)}, ${pick(rng, CITIES)}`
      const nama_supp = `${pick(rng, COMPANY_FORMS)} ${pick(rng, COMPANY_WORDS)} Ban ${i + 1}`
      const nama_person = pick(rng, PEOPLE)
      const telp = `08${int(rng, 11, 59)}${String(int(rng, 0, 99_999_999)).padStart(8, '0')}`
      return { kode_supplier: code, qrcode_supplier: code, nama_supp, nama_person, telp, alamat }
    })
    const suppliers: { id: number; alamat: string }[] = []
    for (const chunk of chunksOf(supplierRows, 6)) {
      const rows = await db.q.insertInto('supplier').values(chunk).returning(['id', 'kode_supplier as kode']).execute()
      const ids = idsByCode(
        rows,
        chunk.map((r) => r.kode_supplier),
      )
      chunk.forEach((r, i) => suppliers.push({ id: ids[i]!, alamat: r.alamat }))
    }
    counts.supplier = supplierCount

    const ukuran = await reuseOrMake(db, 'ukuran', ['11.00-20', '10.00-20', '295/80 R22.5', '12R22.5', '7.50-16'], counts)
    const merek = await reuseOrMake(db, 'merek', ['Bridgestone', 'Gajah Tunggal', 'Dunlop', 'Goodyear', 'Michelin', 'Achilles'], counts)
    const typeban = await reuseOrMake(db, 'typeban', ['Radial', 'Bias', 'Tubeless'], counts)

    // ---- vehicles (planned) -------------------------------------------------------------------------------
    const vehicleCode = await reserveCodes(db, 'kendaraan', n)
    const vehicles: PlannedVehicle[] = []
    for (let i = 0; i < n; i++) {
      const { code, n: seq } = vehicleCode()
      const type = types[Math.floor(rng() * types.length)]!
      const km = roundTo(int(rng, 5_000, 300_000), 10)
      const no_pol = `${pick(rng, PLATE_AREAS)} ${int(rng, 1000, 9999)} ${pick(rng, PLATE_SUFFIX)}`
      const warna = pick(rng, WARNA)
      vehicles.push({ code, seq, type, km, no_pol, warna, positions: positionsFor(type.total_ban), id: 0 })
    }
    counts.kendaraan = n

    // ---- purchases (planned): ~2 per vehicle, 4–10 tyres each, over the last 365 days ----------------------------
    const planned: PlannedPurchase[] = []
    vehicles.forEach((_, v) => {
      const k = int(rng, 1, 3)
      for (let i = 0; i < k; i++) {
        const s = suppliers[Math.floor(rng() * suppliers.length)]!
        planned.push({ vehicle: v, supplierId: s.id, alamat: s.alamat, date: addDays(day0, -int(rng, 0, 364)), lines: int(rng, 4, 10) })
      }
    })
    planned.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    const banTotal = planned.reduce((s, p) => s + p.lines, 0)
    const purchaseCode = await reserveCodes(db, 'pembelian_ban', planned.length)
    const banCode = await reserveCodes(db, 'ban', banTotal)
    // Per vehicle: its purchases in date order, each with the tyres still in stock.
    const purchasesOf: { date: string; stock: StockBan[] }[][] = vehicles.map(() => [])
    const monthAgo = addDays(day0, -30)
    const purchases = planned.map((p, index) => {
      const posted = p.date < monthAgo ? rng() < 0.75 : rng() < 0.3
      const product = {
        ukuran: pick(rng, ukuran),
        merek: pick(rng, merek),
        typeban: pick(rng, typeban),
        harga: roundTo(int(rng, 1_200_000, 4_500_000), 25_000),
      }
      const kondisi = rng() < 0.8 ? 'BARU' : pick(rng, KONDISI_BAN)
      const banList: StockBan[] = []
      for (let l = 0; l < p.lines; l++) {
        const { code, n: seq } = banCode()
        banList.push({ code, seq, purchase: index, harga: product.harga, terpasang: false, id: 0 })
      }
      purchasesOf[p.vehicle]!.push({ date: p.date, stock: [...banList] })
      return { code: purchaseCode().code, plan: p, posted, product, kondisi, banList, id: 0 }
    })
    counts.pembelian_ban = planned.length
    counts.ban = banTotal

    // ---- pemasangan (planned): ~1 per vehicle, from its first purchase, after that purchase -------------------------
    type PlannedPemasangan = { vehicle: number; date: string; banList: StockBan[]; km: number }
    const pemasanganPlan: PlannedPemasangan[] = []
    vehicles.forEach((v, i) => {
      if (rng() >= 0.9) return
      const first = purchasesOf[i]![0]!
      const daysSince = Math.round((Date.parse(day0) - Date.parse(first.date)) / 86_400_000)
      const count = int(rng, 2, Math.min(v.positions.length, first.stock.length))
      pemasanganPlan.push({
        vehicle: i,
        date: addDays(first.date, int(rng, 0, daysSince)),
        banList: first.stock.splice(0, count),
        km: v.km + int(rng, 500, 20_000),
      })
    })
    pemasanganPlan.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    const pemasanganCode = await reserveCodes(db, 'pemasangan_ban', pemasanganPlan.length)
    type PlannedDetail = { pemasangan: number | null; vehicle: number; ban: StockBan; posisi_ban: string; km: number; target: number }
    const details: PlannedDetail[] = []
    const usedPositions = vehicles.map(() => 0)
    const pemasangan = pemasanganPlan.map((f, index) => {
      const v = vehicles[f.vehicle]!
      const total = f.banList.reduce((s, t) => s + t.harga, 0)
      // The supplier of the purchase of its first tyre.
      const supplierId = planned[f.banList[0]!.purchase]!.supplierId
      const status = rng() < 0.6 ? 'posting' : 'unpost'
      for (const t of f.banList) {
        details.push({
          pemasangan: index,
          vehicle: f.vehicle,
          ban: t,
          posisi_ban: v.positions[usedPositions[f.vehicle]!++]!,
          km: f.km,
          target: pick(rng, [60000, 70000, 80000]),
        })
        t.terpasang = true
      }
      v.km = Math.max(v.km, f.km)
      counts.detail_pemasangan_ban += f.banList.length
      return { code: pemasanganCode().code, plan: f, supplierId, total, status, id: 0 }
    })
    counts.pemasangan_ban = pemasangan.length

    // ---- staged lines (the create screen) on ~5% of the vehicles (planned) -------------------------------------------
    for (const [i, v] of vehicles.entries()) {
      if (rng() >= 0.05) continue
      const stock = purchasesOf[i]!.flatMap((p) => p.stock)
      const count = Math.min(int(rng, 1, 2), stock.length, v.positions.length - usedPositions[i]!)
      for (const t of stock.slice(0, count)) {
        details.push({
          pemasangan: null,
          vehicle: i,
          ban: t,
          posisi_ban: v.positions[usedPositions[i]!++]!,
          km: v.km + int(rng, 0, 500),
          target: 70000,
        })
        t.terpasang = true
        counts.staged += 1
        counts.detail_pemasangan_ban += 1
      }
    }

    // ---- written, many rows a statement ------------------------------------------------------------------------------
    for (const chunk of chunksOf(vehicles, 9)) {
      const rows = await db.q
        .insertInto('kendaraan')
        .values(
          chunk.map((v) => ({
            kode_kendaraan: v.code,
            qrcode_kendaraan: v.code,
            no_kabin: `S-${v.seq}`,
            no_pol: v.no_pol,
            no_rangka: `MHF${String(v.seq).padStart(10, '0')}`,
            no_mesin: `E13C${String(v.seq).padStart(8, '0')}`,
            jenis_kendaraan_id: v.type.id,
            warna: v.warna,
            km: v.km,
          })),
        )
        .returning(['id', 'kode_kendaraan as kode'])
        .execute()
      const ids = idsByCode(
        rows,
        chunk.map((v) => v.code),
      )
      chunk.forEach((v, i) => (v.id = ids[i]!))
    }
    for (const chunk of chunksOf(purchases, 6)) {
      const rows = await db.q
        .insertInto('pembelian_ban')
        .values(
          chunk.map((p) => ({
            kode_pembelian_ban: p.code,
            supplier_id: p.plan.supplierId,
            alamat: p.plan.alamat,
            grand_total: p.banList.reduce((s, t) => s + t.harga, 0),
            status: p.posted ? 'posting' : 'unpost',
            tanggal_awal: p.plan.date,
          })),
        )
        .returning(['id', 'kode_pembelian_ban as kode'])
        .execute()
      const ids = idsByCode(
        rows,
        chunk.map((p) => p.code),
      )
      chunk.forEach((p, i) => (p.id = ids[i]!))
    }
    const banRows = purchases.flatMap((p) => p.banList.map((t) => ({ t, p })))
    for (const chunk of chunksOf(banRows, 9)) {
      const rows = await db.q
        .insertInto('ban')
        .values(
          chunk.map(({ t, p }) => ({
            kode_ban: t.code,
            no_seri: `SR${String(t.seq).padStart(9, '0')}`,
            pembelian_ban_id: p.id,
            ukuran_id: p.product.ukuran,
            merek_id: p.product.merek,
            typeban_id: p.product.typeban,
            kondisi_ban: p.kondisi,
            harga: t.harga,
            status: t.terpasang ? 'terpasang' : 'stok',
          })),
        )
        .returning(['id', 'kode_ban as kode'])
        .execute()
      const ids = idsByCode(
        rows,
        chunk.map(({ t }) => t.code),
      )
      chunk.forEach(({ t }, i) => (t.id = ids[i]!))
    }
    for (const chunk of chunksOf(pemasangan, 7)) {
      const rows = await db.q
        .insertInto('pemasangan_ban')
        .values(
          chunk.map((f) => ({
            kode_pemasangan: f.code,
            kendaraan_id: vehicles[f.plan.vehicle]!.id,
            supplier_id: f.supplierId,
            km: f.plan.km,
            grand_total: f.total,
            status: f.status,
            tanggal_awal: f.plan.date,
          })),
        )
        .returning(['id', 'kode_pemasangan as kode'])
        .execute()
      const ids = idsByCode(
        rows,
        chunk.map((f) => f.code),
      )
      chunk.forEach((f, i) => (f.id = ids[i]!))
    }
    for (const chunk of chunksOf(details, 6)) {
      await db.q
        .insertInto('detail_pemasangan_ban')
        .values(
          chunk.map((d) => ({
            pemasangan_ban_id: d.pemasangan === null ? null : pemasangan[d.pemasangan]!.id,
            kendaraan_id: vehicles[d.vehicle]!.id,
            ban_id: d.ban.id,
            posisi_ban: d.posisi_ban,
            km_pemasangan: d.km,
            target_presentase: d.target,
          })),
        )
        .execute()
    }

    // ---- the tyres' history; pelepasan, retreads and scrap of this run's pemasangan -------------------------------
    Object.assign(counts, await seedScaleLifecycle(db, rng, day0, firstDetailId))
    // ---- rotations, inspection rounds and claims on this run's vehicles -------------------------------------
    Object.assign(counts, await seedScaleRounds(db, rng, day0, firstKendaraanId))
    // ---- STNK and KIR renewals of this run's vehicles ----------------------------------------------------------
    counts.perpanjangan = await seedScalePerpanjangan(db, rng, day0, firstKendaraanId)
    // ---- km readings of this run's vehicles (last: the steps above set their km) --------------------------------
    // ---- the parts store: parts and purchases through the stock ledger -------------------------------------------
    Object.assign(counts, await seedScaleSukuCadang(db, (opts.seed ?? 1000003 + n) + 3, day0, n))
    counts.km_kendaraan = await seedScaleKmKendaraan(db, (opts.seed ?? 1000003 + n) + 1, day0, firstKendaraanId)
    // ---- service plans of this run's vehicle types, an opening entry per vehicle and item -----------------------
    Object.assign(counts, await seedScaleJadwalServis(db, (opts.seed ?? 1000003 + n) + 2, day0, firstJenisId, firstKendaraanId))
    // ---- work orders of a fifth of this run's vehicles, at their latest reading ------------------------------------
    counts.perintah_kerja = await seedScalePerintahKerja(db, (opts.seed ?? 1000003 + n) + 4, firstKendaraanId, (count) =>
      reserveCodes(db, 'perintah_kerja', count),
    )
  })
  return counts
}

/** The ids of a simple master (sizes, brands, tyre types), or, when it has none, of `names` made now. */
async function reuseOrMake(db: DB, table: 'ukuran' | 'merek' | 'typeban', names: string[], counts: ScaleCounts): Promise<number[]> {
  const ids = (await db.q.selectFrom(table).select('id').orderBy('id').execute()).map((r) => r.id)
  if (ids.length) return ids
  const next = await reserveCodes(db, table, names.length)
  const rows = names.map((nama) => ({ code: next().code, nama }))
  const codes = rows.map((r) => r.code)
  counts[table] = names.length
  if (table === 'ukuran') {
    const made = await db.q
      .insertInto('ukuran')
      .values(rows.map((r) => ({ kode_ukuran_ban: r.code, qrcode_ukuran: r.code, nama: r.nama })))
      .returning(['id', 'kode_ukuran_ban as kode'])
      .execute()
    return idsByCode(made, codes)
  }
  if (table === 'merek') {
    const made = await db.q
      .insertInto('merek')
      .values(rows.map((r) => ({ kode_merek: r.code, qrcode_merek: r.code, nama_merek: r.nama })))
      .returning(['id', 'kode_merek as kode'])
      .execute()
    return idsByCode(made, codes)
  }
  const made = await db.q
    .insertInto('typeban')
    .values(rows.map((r) => ({ kode_type: r.code, qrcode_type: r.code, nama_type: r.nama })))
    .returning(['id', 'kode_type as kode'])
    .execute()
  return idsByCode(made, codes)
}

const STREETS = ['Gajah Mada', 'Sudirman', 'Ahmad Yani', 'Diponegoro', 'Pemuda', 'Veteran', 'Raya Pantura', 'Industri']
const CITIES = ['Tegal', 'Brebes', 'Semarang', 'Pekalongan', 'Cirebon', 'Jakarta Utara', 'Surabaya', 'Bekasi']
const COMPANY_FORMS = ['PT', 'CV', 'UD']
const COMPANY_WORDS = ['Sumber', 'Mitra', 'Karya', 'Jaya', 'Sentosa', 'Makmur', 'Abadi', 'Prima']
const PEOPLE = ['Hendra Wijaya', 'Siti Rahmawati', 'Agus Setiawan', 'Dewi Lestari', 'Bambang Sutrisno', 'Rina Kurniasih']
const PLATE_AREAS = ['G', 'H', 'B', 'D', 'L', 'E', 'K']
const PLATE_SUFFIX = ['AB', 'BC', 'KL', 'TS', 'UV', 'XY', 'DE', 'FG']
