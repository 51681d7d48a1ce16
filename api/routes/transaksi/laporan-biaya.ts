import { Hono } from 'hono'
import { sql, type RawBuilder } from 'kysely'
import type { ApiEnv, DB } from '../../types.ts'
import { invalid } from '../../http.ts'
import { docFilter } from './common.ts'
import { read } from '../../grants.ts'

const LAPORAN_BIAYA_BAN = '/admin/laporan-biaya-ban'

/**
 * GET /api/laporan-biaya-ban (an extension): cost per km of tyres, grouped by merek, ukuran,
 * supplier or kendaraan. A tyre is in the report when one of its pelepasan lines (of a registered
 * document) is dated in the period, or it is fitted now by a pemasangan dated up to the period's end
 * (masih_terpasang). Its figures are its whole life to date: km = Σ pelepasan km_tempuh + the km run on
 * its current pemasangan; cost = purchase price + Σ retreads.
 */

export const GROUPS = ['merek', 'ukuran', 'supplier', 'kendaraan'] as const
export type Group = (typeof GROUPS)[number]

const MISSING: Record<Group, string> = {
  merek: '(tanpa merek)',
  ukuran: '(tanpa ukuran)',
  supplier: '(tanpa supplier)',
  kendaraan: '(tanpa kendaraan)',
}

type BanBiayaRow = {
  id: number
  kode_ban: string
  no_seri: string
  merek_id: number | null
  merek: string | null
  ukuran_id: number | null
  ukuran: string | null
  supplier_id: number | null
  supplier: string | null
  kendaraan_id: number | null
  no_kabin: string | null
  km_tempuh: number
  total_biaya: number
  klaim_disetujui: number
  masih_terpasang: number
}

/** The labels' tie order (as localeCompare(…, 'id'), one collator instead of one per comparison). */
const byLabel = new Intl.Collator('id')

const perKm = (biaya: number, km: number) => (km > 0 ? Math.round(biaya / km) : null)

/**
 * The figures of a group or of the total: its tyres, km and whole cost, and the cost per km over the
 * tyres that ran (`biaya_berjalan`): a tyre that has not run a km yet adds cost and no km, so it is
 * counted apart (`ban_belum_berjalan`, `biaya_belum_berjalan`) instead of raising the cost per km.
 */
function figures(
  jumlah_ban: number,
  km_tempuh: number,
  total_biaya: number,
  biaya_berjalan: number,
  ban_belum_berjalan: number,
  klaim_disetujui = 0,
  klaim_berjalan = 0,
) {
  return {
    jumlah_ban,
    km_tempuh,
    total_biaya,
    biaya_berjalan,
    ban_belum_berjalan,
    biaya_belum_berjalan: total_biaya - biaya_berjalan,
    biaya_per_km: perKm(biaya_berjalan, km_tempuh),
    // Net of the approved claims (Disetujui) on its tyres: what the tyres cost once the claims are paid.
    klaim_disetujui,
    klaim_berjalan,
    biaya_bersih: total_biaya - klaim_disetujui,
    biaya_bersih_per_km: perKm(biaya_berjalan - klaim_berjalan, km_tempuh),
  }
}

/** figures() summed over rows that carry them. */
const sumFigures = (rows: readonly ReturnType<typeof figures>[]) =>
  figures(
    rows.reduce((s, g) => s + g.jumlah_ban, 0),
    rows.reduce((s, g) => s + g.km_tempuh, 0),
    rows.reduce((s, g) => s + g.total_biaya, 0),
    rows.reduce((s, g) => s + g.biaya_berjalan, 0),
    rows.reduce((s, g) => s + g.ban_belum_berjalan, 0),
    rows.reduce((s, g) => s + g.klaim_disetujui, 0),
    rows.reduce((s, g) => s + g.klaim_berjalan, 0),
  )

export const URUTAN = ['terbaik', 'terburuk'] as const
export type Urutan = (typeof URUTAN)[number]

/** Cost per km ascending (terbaik) or descending (terburuk), null last either way; then by the tie-breaker. */
const byCostPerKm =
  <T extends { biaya_per_km: number | null }>(urutan: Urutan, tie: (a: T, b: T) => number) =>
  (a: T, b: T) => {
    if (a.biaya_per_km === null || b.biaya_per_km === null) {
      if (a.biaya_per_km !== b.biaya_per_km) return a.biaya_per_km === null ? 1 : -1
      return tie(a, b)
    }
    return (urutan === 'terburuk' ? b.biaya_per_km - a.biaya_per_km : a.biaya_per_km - b.biaya_per_km) || tie(a, b)
  }

/** A ban's group id in the report's query (NULL: the missing group, key '0'). */
const GROUP_ID: Record<Group, RawBuilder<unknown>> = {
  merek: sql`b.merek_id`,
  ukuran: sql`b.ukuran_id`,
  supplier: sql`s.id`,
  kendaraan: sql`COALESCE(r.kendaraan_id, fi.kendaraan_id)`,
}

/**
 * The report's ban with their life-to-date figures (its WITH clauses and its SELECT, one row a ban);
 * with `only`, just the ban of those groups. The period's ban are picked first and read by id; each
 * one's km and retread cost are summed from the indexes of its own pelepasan lines and retreads
 * (ban_id, km_tempuh / biaya), its pemasangan found by the index of the lines that hold a ban
 * (`dilepas = 0`, posisi.ts): no pass over every ban, nor over every pelepasan line or retread of the
 * database. Dates and group keys are parameters.
 */
function banQuery(from: string | null, to: string | null, only?: { group: Group; keys: ReadonlySet<string> }) {
  const period = from && to ? sql`AND p.tanggal_awal BETWEEN ${from} AND ${to}` : sql``
  const fittedBy = to ? sql`AND f.tanggal_awal <= ${to}` : sql``
  let onlyGroups = sql``
  if (only) {
    const wanted = [...only.keys].map(Number)
    const id = GROUP_ID[only.group]
    const inList = wanted.length ? sql`${id} IN (${sql.join(wanted)})` : sql`${id} IN (NULL)`
    onlyGroups = only.keys.has('0') ? sql`AND (${inList} OR ${id} IS NULL)` : sql`AND (${inList})`
  }
  const withs = sql`
    WITH removed AS (
      SELECT l.ban_id, l.kendaraan_id,
        ROW_NUMBER() OVER (PARTITION BY l.ban_id ORDER BY p.tanggal_awal DESC, l.id DESC) AS n
      FROM detail_pelepasan_ban l JOIN pelepasan_ban p ON p.id = l.pelepasan_ban_id
      WHERE 1 = 1 ${period}
    ),
    ban_dipilih AS (
      SELECT ban_id FROM removed WHERE n = 1
      UNION
      SELECT d.ban_id FROM detail_pemasangan_ban d JOIN pemasangan_ban f ON f.id = d.pemasangan_ban_id
      WHERE d.dilepas = 0 ${fittedBy}
    )`
  const select = sql`
    SELECT b.id, b.kode_ban, b.no_seri, b.merek_id, m.nama_merek AS merek, b.ukuran_id, u.nama AS ukuran,
      s.id AS supplier_id, s.nama_supp AS supplier,
      COALESCE(r.kendaraan_id, fi.kendaraan_id) AS kendaraan_id, k.no_kabin,
      COALESCE((SELECT SUM(l.km_tempuh) FROM detail_pelepasan_ban l WHERE l.ban_id = b.id), 0)
        + CASE WHEN fk.km > fi.km_pemasangan THEN fk.km - fi.km_pemasangan ELSE 0 END AS km_tempuh,
      b.harga + COALESCE((SELECT SUM(v.biaya) FROM vulkanisir_ban v WHERE v.ban_id = b.id), 0) AS total_biaya,
      COALESCE((SELECT SUM(kl.nilai_klaim) FROM klaim_ban kl WHERE kl.ban_id = b.id AND kl.status_klaim = 'Disetujui'), 0) AS klaim_disetujui,
      CASE WHEN fi.ban_id IS NOT NULL THEN 1 ELSE 0 END AS masih_terpasang
    FROM ban b
      LEFT JOIN merek m ON m.id = b.merek_id
      LEFT JOIN ukuran u ON u.id = b.ukuran_id
      LEFT JOIN pembelian_ban pb ON pb.id = b.pembelian_ban_id
      LEFT JOIN supplier s ON s.id = pb.supplier_id
      LEFT JOIN removed r ON r.ban_id = b.id AND r.n = 1
      LEFT JOIN detail_pemasangan_ban fi ON fi.ban_id = b.id AND fi.dilepas = 0
      LEFT JOIN kendaraan fk ON fk.id = fi.kendaraan_id
      LEFT JOIN kendaraan k ON k.id = COALESCE(r.kendaraan_id, fi.kendaraan_id)
    WHERE b.id IN (SELECT ban_id FROM ban_dipilih)
    ${onlyGroups}`
  return { withs, select }
}

/**
 * The report's ban with their life-to-date figures; with `only`, just the ban of those groups
 * (keys as the answer's: the id as text, '0' for the missing group).
 */
export async function reportBan(
  db: DB,
  from: string | null,
  to: string | null,
  only?: { group: Group; keys: ReadonlySet<string> },
): Promise<BanBiayaRow[]> {
  const { withs, select } = banQuery(from, to, only)
  return (await sql<BanBiayaRow>`${withs} ${select} ORDER BY b.id`.execute(db.q)).rows
}

/** A group's id and name among BanBiayaRow's columns. */
const GROUP_COLUMNS: Record<Group, [id: keyof BanBiayaRow, name: keyof BanBiayaRow]> = {
  merek: ['merek_id', 'merek'],
  ukuran: ['ukuran_id', 'ukuran'],
  supplier: ['supplier_id', 'supplier'],
  kendaraan: ['kendaraan_id', 'no_kabin'],
}

type GroupRow = {
  id: number | null
  name: string | null
  jumlah_ban: number
  km_tempuh: number
  total_biaya: number
  biaya_berjalan: number
  ban_belum_berjalan: number
  klaim_disetujui: number
  klaim_berjalan: number
}

/**
 * The report's groups summed by the database (tanpa_ban: no tyre is listed): each group's id, name
 * (the name goes with the id), tyre count, km and cost, in the order of each group's first tyre (by
 * id), the order reportBan' rows would make them in.
 */
export async function reportGroups(
  db: DB,
  from: string | null,
  to: string | null,
  group: Group,
  only?: { group: Group; keys: ReadonlySet<string> },
): Promise<GroupRow[]> {
  const { withs, select } = banQuery(from, to, only)
  const [idColumn, nameColumn] = GROUP_COLUMNS[group]
  const id = sql.ref(`t.${idColumn}`)
  const name = sql.ref(`t.${nameColumn}`)
  const { rows } =
    await sql<GroupRow>`${withs} SELECT ${id} AS id, MAX(${name}) AS name, COUNT(*) AS jumlah_ban, SUM(t.km_tempuh) AS km_tempuh,
         SUM(t.total_biaya) AS total_biaya, SUM(CASE WHEN t.km_tempuh > 0 THEN t.total_biaya ELSE 0 END) AS biaya_berjalan,
         SUM(CASE WHEN t.km_tempuh > 0 THEN 0 ELSE 1 END) AS ban_belum_berjalan,
         SUM(t.klaim_disetujui) AS klaim_disetujui, SUM(CASE WHEN t.km_tempuh > 0 THEN t.klaim_disetujui ELSE 0 END) AS klaim_berjalan
         FROM (${select}) t GROUP BY ${id} ORDER BY MIN(t.id)`.execute(db.q)
  // PostgreSQL answers a count and a sum of integers as bigint / numeric text.
  return rows.map((g) => ({
    id: g.id === null ? null : Number(g.id),
    name: g.name,
    jumlah_ban: Number(g.jumlah_ban),
    km_tempuh: Number(g.km_tempuh),
    total_biaya: Number(g.total_biaya),
    biaya_berjalan: Number(g.biaya_berjalan),
    ban_belum_berjalan: Number(g.ban_belum_berjalan),
    klaim_disetujui: Number(g.klaim_disetujui),
    klaim_berjalan: Number(g.klaim_berjalan),
  }))
}

export function laporanBiayaRoutes() {
  const r = new Hono<ApiEnv>()

  r.get('/laporan-biaya-ban', async (c) => {
    const groupRaw = (c.req.query('group') ?? '').trim()
    const errors: Record<string, string[]> = {}
    let filter: { from: string | null; to: string | null } = { from: null, to: null }
    try {
      filter = docFilter(c)
    } catch (e) {
      const bad = (e as { errors?: Record<string, string[]> }).errors
      if (!bad) throw e
      Object.assign(errors, bad)
    }
    const group: Group | null =
      groupRaw === '' ? 'merek' : (((GROUPS as readonly string[]).includes(groupRaw) ? groupRaw : null) as Group | null)
    if (!group) errors.group = ['Pengelompokan harus merek, ukuran, supplier atau kendaraan.']
    const urutanRaw = (c.req.query('urutan') ?? '').trim()
    const urutan: Urutan | null =
      urutanRaw === '' ? 'terbaik' : (((URUTAN as readonly string[]).includes(urutanRaw) ? urutanRaw : null) as Urutan | null)
    if (!urutan) errors.urutan = ['Urutan harus terbaik atau terburuk.']
    // maks_ban: each group's tyres cut to that many (its figures and jumlah_ban still over all of them).
    const maksRaw = c.req.query('maks_ban')?.trim()
    const maksBan = maksRaw === undefined || maksRaw === '' ? null : /^\d{1,9}$/.test(maksRaw) ? Number(maksRaw) : 0
    if (maksBan === 0) errors.maks_ban = ['maks_ban harus bilangan bulat positif.']
    // tanpa_ban=1: the rows without their tyres (ban: []), figures still over all of them — what a list
    // screen needs to search, page and total every group; kelompok=k1,k2: only the groups with those keys.
    const tanpaRaw = (c.req.query('tanpa_ban') ?? '').trim()
    if (!['', '0', '1'].includes(tanpaRaw)) errors.tanpa_ban = ['tanpa_ban harus 0 atau 1.']
    const tanpaBan = tanpaRaw === '1'
    const kelompokRaw = c.req.query('kelompok')
    const keys = kelompokRaw === undefined ? null : new Set(kelompokRaw.split(',').map((k) => k.trim()))
    if (keys && ([...keys].some((k) => !/^\d{1,12}$/.test(k)) || keys.size > 1000)) {
      errors.kelompok = ['kelompok harus daftar kunci kelompok (angka, dipisah koma, paling banyak 1000).']
    }
    if (Object.keys(errors).length || !group || !urutan) throw invalid(errors)

    const only = keys ? { group, keys } : undefined
    if (tanpaBan) {
      // Every group without its tyres (the list screen's first call): summed by the database, so the
      // tens of thousands of tyres of a period are never rows here.
      const summed = (await reportGroups(c.get('db'), filter.from, filter.to, group, only)).map((g) => ({
        key: g.id == null ? '0' : String(g.id),
        label: g.id == null ? MISSING[group] : (g.name ?? MISSING[group]),
        ...figures(g.jumlah_ban, g.km_tempuh, g.total_biaya, g.biaya_berjalan, g.ban_belum_berjalan, g.klaim_disetujui, g.klaim_berjalan),
        ban: [] as never[],
      }))
      summed.sort(byCostPerKm<(typeof summed)[number]>(urutan, (a, b) => byLabel.compare(a.label, b.label)))
      return c.json({ data: { group, rows: summed, total: sumFigures(summed) } })
    }
    const banRows = await reportBan(c.get('db'), filter.from, filter.to, only)
    const keyOf: Record<Group, (t: BanBiayaRow) => [number | null, string | null]> = {
      merek: (t) => [t.merek_id, t.merek],
      ukuran: (t) => [t.ukuran_id, t.ukuran],
      supplier: (t) => [t.supplier_id, t.supplier],
      kendaraan: (t) => [t.kendaraan_id, t.no_kabin],
    }
    type Item = {
      id: number
      kode_ban: string
      no_seri: string
      merek: string | null
      ukuran: string | null
      supplier: string | null
      no_kabin: string | null
      km_tempuh: number
      total_biaya: number
      klaim_disetujui: number
      biaya_bersih: number
      biaya_per_km: number | null
      masih_terpasang: boolean
    }
    const groups = new Map<string, { key: string; label: string; ban: Item[] }>()
    for (const t of banRows) {
      const [id, name] = keyOf[group](t)
      const key = id == null ? '0' : String(id)
      let g = groups.get(key)
      if (!g) groups.set(key, (g = { key, label: id == null ? MISSING[group] : (name ?? MISSING[group]), ban: [] }))
      g.ban.push({
        id: t.id,
        kode_ban: t.kode_ban,
        no_seri: t.no_seri,
        merek: t.merek,
        ukuran: t.ukuran,
        supplier: t.supplier,
        no_kabin: t.no_kabin,
        km_tempuh: t.km_tempuh,
        total_biaya: t.total_biaya,
        klaim_disetujui: Number(t.klaim_disetujui),
        biaya_bersih: t.total_biaya - Number(t.klaim_disetujui),
        biaya_per_km: perKm(t.total_biaya, t.km_tempuh),
        masih_terpasang: t.masih_terpasang === 1,
      })
    }
    const rows = [...groups.values()].map((g) => {
      const km_tempuh = g.ban.reduce((s, t) => s + t.km_tempuh, 0)
      const total_biaya = g.ban.reduce((s, t) => s + t.total_biaya, 0)
      const ran = g.ban.filter((t) => t.km_tempuh > 0)
      const biaya_berjalan = ran.reduce((s, t) => s + t.total_biaya, 0)
      const klaim = g.ban.reduce((s, t) => s + t.klaim_disetujui, 0)
      const klaimBerjalan = ran.reduce((s, t) => s + t.klaim_disetujui, 0)
      if (!tanpaBan) g.ban.sort(byCostPerKm<Item>(urutan, (a, b) => a.kode_ban.localeCompare(b.kode_ban)))
      return {
        key: g.key,
        label: g.label,
        ...figures(g.ban.length, km_tempuh, total_biaya, biaya_berjalan, g.ban.length - ran.length, klaim, klaimBerjalan),
        ban: tanpaBan ? [] : maksBan !== null && g.ban.length > maksBan ? g.ban.slice(0, maksBan) : g.ban,
      }
    })
    rows.sort(byCostPerKm<(typeof rows)[number]>(urutan, (a, b) => byLabel.compare(a.label, b.label)))
    // The total is over the tyres of the groups sent: every group, or those of kelompok.
    return c.json({ data: { group, rows, total: sumFigures(rows) } })
  })

  return r
}

/** Its routes and the grants they need (api/routes/transaksi.ts EXTENSION_ROUTES; the table's rules: api/routes/grants.ts). */
export const LAPORAN_BIAYA_EXTENSION = {
  routes: laporanBiayaRoutes,
  grants: {
    // Laporan Biaya Ban: Select (its print page and CSV are the app's `print`).
    'GET /api/laporan-biaya-ban': read(LAPORAN_BIAYA_BAN),
  },
}
