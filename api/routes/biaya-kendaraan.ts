import { Hono } from 'hono'
import { sql, type RawBuilder, type SqlBool } from 'kysely'
import type { ApiEnv, DB } from '../types.ts'
import { invalid } from '../http.ts'
import { read, type ExtensionGrants } from '../grants.ts'
import { pageMeta, type PageQuery } from '../paged.ts'
import { caseBlind } from '../sql.ts'
import { docFilter, type DocFilter } from './transaksi/common.ts'
import { askedPage, col, listOrder, pageOrder, pageSlice, searchCondition, type ListColumns } from './transaksi/paging.ts'
import { kmReadings } from './km-kendaraan.ts'

/**
 * Laporan Biaya per Kendaraan (the extension 'biaya-kendaraan'; docs/upstream-contract.md "Extensions:
 * cost per vehicle"): what each vehicle cost in a period, and per km it ran, from the documents that
 * already hold the costs:
 * - ban: the purchase price of each tyre at its first fitting, when that fitting (a registered Pemasangan
 *   Ban) is dated in the period, plus the retreads received in the period of the tyres removed from the
 *   vehicle, less the approved claims (Disetujui) dated in the period on them — the tyres net of claims;
 * - suku_cadang and jasa: the work orders (Perintah Kerja) dated in the period, their parts at the cost
 *   they left the store and their labour;
 * - perpanjangan: the STNK and KIR renewals paid in the period;
 * - km_tempuh: from the odometer readings, each reading in the period adds what it rose above the
 *   vehicle's reading before it (the one before the period included); a correction (sumber 'koreksi')
 *   starts a new series and adds nothing;
 * - biaya_per_km: total ÷ km_tempuh, whole Rupiah half up (null without km).
 * A vehicle is in the report when any of these is not zero. `kelompok=jenis` sums the vehicles per
 * Jenis Kendaraan (a vehicle without one: '(tanpa jenis)'). The period is both dates or neither
 * (every date), as the other reports'. Paged in SQL: one query for the page, one for the sums.
 */

const LAPORAN = '/admin/laporan-biaya-kendaraan'

export const KELOMPOK = ['kendaraan', 'jenis'] as const
export type Kelompok = (typeof KELOMPOK)[number]

const ZERO = sql<number>`0`

/** `column` within the period (true without one). */
const inPeriod = (f: DocFilter, column: string): RawBuilder<SqlBool> =>
  f.from && f.to ? sql<SqlBool>`${sql.ref(column)} BETWEEN ${f.from} AND ${f.to}` : sql<SqlBool>`1 = 1`

/** Every cost and km of the period as rows (kendaraan_id, ban, suku_cadang, jasa, perpanjangan, km). */
function components(db: DB, f: DocFilter) {
  const fitted = db.q
    .selectFrom('detail_pemasangan_ban as d')
    .innerJoin('pemasangan_ban as p', 'p.id', 'd.pemasangan_ban_id')
    .innerJoin('ban as b', 'b.id', 'd.ban_id')
    .where(inPeriod(f, 'p.tanggal_awal'))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('detail_pemasangan_ban as d0')
            .select('d0.id')
            .where('d0.ban_id', '=', col<number>('d.ban_id'))
            .where('d0.pemasangan_ban_id', 'is not', null)
            .where('d0.id', '<', col<number>('d.id')),
        ),
      ),
    )
    .select([
      'd.kendaraan_id',
      sql<number>`b.harga`.as('ban'),
      ZERO.as('suku_cadang'),
      ZERO.as('jasa'),
      ZERO.as('perpanjangan'),
      ZERO.as('km'),
    ])
  const retreaded = db.q
    .selectFrom('vulkanisir_ban as v')
    .innerJoin('detail_pelepasan_ban as l', 'l.id', 'v.detail_pelepasan_ban_id')
    .where(inPeriod(f, 'v.tanggal_terima'))
    .select([
      'l.kendaraan_id',
      sql<number>`v.biaya`.as('ban'),
      ZERO.as('suku_cadang'),
      ZERO.as('jasa'),
      ZERO.as('perpanjangan'),
      ZERO.as('km'),
    ])
  const claimed = db.q
    .selectFrom('klaim_ban as kl')
    .innerJoin('detail_pelepasan_ban as l', 'l.id', 'kl.detail_pelepasan_ban_id')
    .where('kl.status_klaim', '=', 'Disetujui')
    .where(inPeriod(f, 'kl.tanggal_awal'))
    .select([
      'l.kendaraan_id',
      sql<number>`0 - kl.nilai_klaim`.as('ban'),
      ZERO.as('suku_cadang'),
      ZERO.as('jasa'),
      ZERO.as('perpanjangan'),
      ZERO.as('km'),
    ])
  const worked = db.q
    .selectFrom('perintah_kerja as w')
    .where(inPeriod(f, 'w.tanggal_awal'))
    .select([
      'w.kendaraan_id',
      ZERO.as('ban'),
      sql<number>`w.total_suku_cadang`.as('suku_cadang'),
      sql<number>`w.total_jasa`.as('jasa'),
      ZERO.as('perpanjangan'),
      ZERO.as('km'),
    ])
  const renewed = db.q
    .selectFrom('perpanjangan as pj')
    .where(inPeriod(f, 'pj.tanggal_bayar'))
    .select([
      'pj.kendaraan_id',
      ZERO.as('ban'),
      ZERO.as('suku_cadang'),
      ZERO.as('jasa'),
      sql<number>`pj.biaya`.as('perpanjangan'),
      ZERO.as('km'),
    ])
  // Each reading's rise over the vehicle's reading before it, up to the period's end: every reading
  // (kmReadings: the typed, imported and work orders' rows and the documents' km), in the readings' order.
  const rises = db.q
    .selectFrom(kmReadings(db, f.to !== null ? { until: f.to } : {}).as('r'))
    .select([
      'r.kendaraan_id',
      'r.tanggal',
      'r.sumber',
      sql<number | null>`r.km - LAG(r.km) OVER (PARTITION BY r.kendaraan_id ORDER BY r.tanggal, r.urutan, r.urut, r.dokumen_id)`.as('naik'),
    ])
  const ran = db.q
    .selectFrom(rises.as('n'))
    .where(inPeriod(f, 'n.tanggal'))
    .where('n.sumber', '<>', 'koreksi')
    .where('n.naik', '>', 0)
    .select([
      'n.kendaraan_id',
      ZERO.as('ban'),
      ZERO.as('suku_cadang'),
      ZERO.as('jasa'),
      ZERO.as('perpanjangan'),
      sql<number>`n.naik`.as('km'),
    ])
  return fitted.unionAll(retreaded).unionAll(claimed).unionAll(worked).unionAll(renewed).unionAll(ran)
}

/** The sums per vehicle (`s`), with the vehicle (`k`) and its type (`j`). */
const perVehicle = (db: DB, f: DocFilter) =>
  db.q
    .selectFrom((qb) =>
      qb
        .selectFrom(components(db, f).as('c'))
        .select((eb) => [
          'c.kendaraan_id',
          eb.fn.sum<number>('c.ban').as('ban'),
          eb.fn.sum<number>('c.suku_cadang').as('suku_cadang'),
          eb.fn.sum<number>('c.jasa').as('jasa'),
          eb.fn.sum<number>('c.perpanjangan').as('perpanjangan'),
          eb.fn.sum<number>('c.km').as('km_tempuh'),
        ])
        .groupBy('c.kendaraan_id')
        .as('s'),
    )
    .innerJoin('kendaraan as k', 'k.id', 's.kendaraan_id')
    .leftJoin('jenis_kendaraan as j', 'j.id', 'k.jenis_kendaraan_id')

const KABIN = sql<string>`COALESCE(k.no_kabin, '#' || CAST(k.id AS TEXT))`
const JENIS = sql<string>`COALESCE(j.nama_jenis_kendaraan, '(tanpa jenis)')`
const TOTAL = sql<number>`(s.ban + s.suku_cadang + s.jasa + s.perpanjangan)`
/** For sorting only (the answer's figure is computed in TypeScript, alike on both databases). */
const PER_KM = sql<number | null>`CASE WHEN s.km_tempuh > 0 THEN ${TOTAL} * 1.0 / s.km_tempuh END`

/** The figures a line sums (of the lines below it, `s`): each as its own column. */
const FIGURES = ['ban', 'suku_cadang', 'jasa', 'perpanjangan', 'km_tempuh'] as const
const figureSums = () => FIGURES.map((k) => sql<number>`SUM(${sql.ref(`s.${k}`)})`.as(k))
const COUNT = sql<number>`COUNT(*)`

export const KENDARAAN_COLUMNS: ListColumns = {
  search: [col('k.no_kabin'), col('k.no_pol'), col('j.nama_jenis_kendaraan')],
  sort: {
    no_kabin: { expr: KABIN, text: true },
    jenis: { expr: JENIS, text: true },
    ban: { expr: col('s.ban') },
    suku_cadang: { expr: col('s.suku_cadang') },
    jasa: { expr: col('s.jasa') },
    perpanjangan: { expr: col('s.perpanjangan') },
    total: { expr: TOTAL },
    km_tempuh: { expr: col('s.km_tempuh') },
    biaya_per_km: { expr: PER_KM },
  },
  order: [sql`${TOTAL} DESC`, caseBlind(KABIN), col('s.kendaraan_id')],
}

/** The same figures summed per vehicle type (`s` again, one row a type). */
const perJenis = (db: DB, f: DocFilter) =>
  db.q.selectFrom(
    perVehicle(db, f)
      .select((eb) => [
        sql<number>`COALESCE(k.jenis_kendaraan_id, 0)`.as('jenis_kendaraan_id'),
        JENIS.as('jenis'),
        eb.fn.countAll<number>().as('jumlah_kendaraan'),
        ...figureSums(),
      ])
      .groupBy([sql`COALESCE(k.jenis_kendaraan_id, 0)`, JENIS])
      .as('s'),
  )

const JENIS_TOTAL = TOTAL
export const JENIS_COLUMNS: ListColumns = {
  search: [col('s.jenis')],
  sort: {
    jenis: { expr: col('s.jenis'), text: true },
    jumlah_kendaraan: { expr: col('s.jumlah_kendaraan') },
    ban: { expr: col('s.ban') },
    suku_cadang: { expr: col('s.suku_cadang') },
    jasa: { expr: col('s.jasa') },
    perpanjangan: { expr: col('s.perpanjangan') },
    total: { expr: JENIS_TOTAL },
    km_tempuh: { expr: col('s.km_tempuh') },
    biaya_per_km: { expr: PER_KM },
  },
  order: [sql`${JENIS_TOTAL} DESC`, caseBlind(col<string>('s.jenis')), col('s.jenis_kendaraan_id')],
}

const perKm = (total: number, km: number) => (km > 0 ? Math.round(total / km) : null)

type Figures = { ban: number; suku_cadang: number; jasa: number; perpanjangan: number; km_tempuh: number }

/** The figures as numbers (PostgreSQL answers sums as numeric), with the total and the cost per km. */
function figuresOf(r: { [K in keyof Figures]: number | string | null }) {
  const n = (v: number | string | null) => Number(v ?? 0)
  const f = { ban: n(r.ban), suku_cadang: n(r.suku_cadang), jasa: n(r.jasa), perpanjangan: n(r.perpanjangan), km_tempuh: n(r.km_tempuh) }
  const total = f.ban + f.suku_cadang + f.jasa + f.perpanjangan
  return { ...f, total, biaya_per_km: perKm(total, f.km_tempuh) }
}

/** The sums of the meta: the figures, their total as `total_biaya` (`total` counts the lines, as in every paged meta). */
function sumsOf(r: { [K in keyof Figures]: number | string | null }) {
  const { total, ...figures } = figuresOf(r)
  return { ...figures, total_biaya: total }
}

/** The report of a period: one page (or every line without `query`) and the sums over every matching line. */
export async function biayaKendaraanReport(db: DB, f: DocFilter, kelompok: Kelompok, query: PageQuery | null) {
  const columns = kelompok === 'jenis' ? JENIS_COLUMNS : KENDARAAN_COLUMNS
  const search = query ? searchCondition(columns, query) : null
  const slice = query ? pageSlice(query) : null
  const order = query ? pageOrder(columns, query) : listOrder(columns)
  if (kelompok === 'jenis') {
    const matching = () => perJenis(db, f).$if(search !== null, (qb) => qb.where(search!))
    const [sums, rows] = await Promise.all([
      matching()
        .select([COUNT.as('total'), sql<number>`SUM(s.jumlah_kendaraan)`.as('jumlah_kendaraan'), ...figureSums()])
        .executeTakeFirstOrThrow(),
      matching()
        .selectAll('s')
        .orderBy(order)
        .$if(slice !== null, (qb) => qb.limit(slice!.limit).offset(slice!.offset))
        .execute(),
    ])
    const total = Number(sums.total)
    return {
      data: rows.map((r) => ({
        jenis_kendaraan_id: Number(r.jenis_kendaraan_id) || null,
        jenis: r.jenis,
        jumlah_kendaraan: Number(r.jumlah_kendaraan),
        ...figuresOf(r),
      })),
      meta: {
        ...(query ? pageMeta(query, total) : { total }),
        kelompok,
        jumlah_kendaraan: Number(sums.jumlah_kendaraan ?? 0),
        ...sumsOf(sums),
      },
    }
  }
  const matching = () => perVehicle(db, f).$if(search !== null, (qb) => qb.where(search!))
  const [sums, rows] = await Promise.all([
    matching()
      .select([COUNT.as('total'), ...figureSums()])
      .executeTakeFirstOrThrow(),
    matching()
      .select([
        's.kendaraan_id',
        KABIN.as('no_kabin'),
        'k.no_pol',
        JENIS.as('jenis'),
        's.ban',
        's.suku_cadang',
        's.jasa',
        's.perpanjangan',
        's.km_tempuh',
      ])
      .orderBy(order)
      .$if(slice !== null, (qb) => qb.limit(slice!.limit).offset(slice!.offset))
      .execute(),
  ])
  const total = Number(sums.total)
  return {
    data: rows.map((r) => ({
      kendaraan_id: Number(r.kendaraan_id),
      no_kabin: r.no_kabin,
      no_pol: r.no_pol ?? '',
      jenis: r.jenis,
      ...figuresOf(r),
    })),
    meta: { ...(query ? pageMeta(query, total) : { total }), kelompok, jumlah_kendaraan: total, ...sumsOf(sums) },
  }
}

function kelompokOf(value: string | undefined): Kelompok {
  const v = (value ?? '').trim()
  if (v === '') return 'kendaraan'
  if ((KELOMPOK as readonly string[]).includes(v)) return v as Kelompok
  throw invalid({ kelompok: ['Kelompok harus kendaraan atau jenis.'] })
}

function biayaKendaraanRoutes() {
  const r = new Hono<ApiEnv>()
  // The period's costs per vehicle (or per vehicle type with kelompok=jenis); with `page` one page of
  // them, searched and sorted, the sums over every matching line in `meta`.
  r.get('/laporan-biaya-kendaraan', async (c) => {
    const f = docFilter(c)
    const kelompok = kelompokOf(c.req.query('kelompok'))
    const query = askedPage(c, kelompok === 'jenis' ? JENIS_COLUMNS : KENDARAAN_COLUMNS)
    return c.json(await biayaKendaraanReport(c.get('db'), f, kelompok, query))
  })
  return r
}

export const BIAYA_KENDARAAN_EXTENSION = {
  routes: biayaKendaraanRoutes,
  grants: {
    'GET /api/laporan-biaya-kendaraan': read(LAPORAN),
  },
} satisfies { routes: () => Hono<ApiEnv> } & ExtensionGrants
