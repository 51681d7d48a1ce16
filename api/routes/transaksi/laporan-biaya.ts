import { Hono } from 'hono'
import type { ApiEnv, DB } from '../../types.ts'
import { invalid } from '../../http.ts'
import { docFilter } from './common.ts'
import { holds } from './posisi.ts'

/**
 * GET /api/laporan-biaya-ban (issue 19, an extension): cost per km of tyres, grouped by merek, ukuran,
 * supplier or kendaraan. A tyre is in the report when one of its removal lines (of a registered
 * document) is dated in the period, or it is fitted now by a fitting dated up to the period's end
 * (masih_terpasang). Its figures are its whole life to date: km = Σ removal km_tempuh + the km run on
 * its current fitting; cost = purchase price + Σ retreads.
 */

export const GROUPS = ['merek', 'ukuran', 'supplier', 'kendaraan'] as const
export type Group = (typeof GROUPS)[number]

const MISSING: Record<Group, string> = {
  merek: '(tanpa merek)',
  ukuran: '(tanpa ukuran)',
  supplier: '(tanpa supplier)',
  kendaraan: '(tanpa kendaraan)',
}

type TyreRow = {
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
  masih_terpasang: number
}

/** The labels' tie order (as localeCompare(…, 'id'), one collator instead of one per comparison). */
const byLabel = new Intl.Collator('id')

const perKm = (biaya: number, km: number) => (km > 0 ? Math.round(biaya / km) : null)

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

/** The SQL of a tyre's group id (NULL: the missing group, key '0'). */
const GROUP_ID: Record<Group, string> = {
  merek: 'b.merek_id',
  ukuran: 'b.ukuran_id',
  supplier: 's.id',
  kendaraan: 'COALESCE(r.kendaraan_id, fi.kendaraan_id)',
}

/**
 * The report's tyres with their life-to-date figures; with `only`, just the tyres of those groups
 * (keys as the answer's: the id as text, '0' for the missing group) — about half the work at 10,000
 * vehicles, the figures' subqueries still run over every tyre of the period.
 */
export async function reportTyres(
  db: DB,
  from: string | null,
  to: string | null,
  only?: { group: Group; keys: ReadonlySet<string> },
): Promise<TyreRow[]> {
  const period = from && to ? 'AND p.tanggal_awal BETWEEN @from AND @to' : ''
  // The groups' ids, each a value of its own (@k0, @k1 …: at most 100, checked by the route).
  const wanted = only ? [...only.keys].map(Number) : []
  const fittedBy = to ? 'AND f.tanggal_awal <= @to' : ''
  const sql = `
    WITH removed AS (
      SELECT l.ban_id, l.kendaraan_id,
        ROW_NUMBER() OVER (PARTITION BY l.ban_id ORDER BY p.tanggal_awal DESC, l.id DESC) AS n
      FROM detail_pelepasan_ban l JOIN pelepasan_ban p ON p.id = l.pelepasan_ban_id
      WHERE 1 = 1 ${period}
    ),
    fitted AS (
      SELECT d.ban_id, d.kendaraan_id, CASE WHEN k.km > d.km_pemasangan THEN k.km - d.km_pemasangan ELSE 0 END AS km_berjalan
      FROM detail_pemasangan_ban d JOIN kendaraan k ON k.id = d.kendaraan_id
      WHERE ${holds('d')}
    ),
    tyres AS (
      SELECT ban_id FROM removed WHERE n = 1
      UNION
      SELECT d.ban_id FROM detail_pemasangan_ban d JOIN pemasangan_ban f ON f.id = d.pemasangan_ban_id
      WHERE ${holds('d')} ${fittedBy}
    ),
    km_removed AS (
      SELECT l.ban_id, SUM(l.km_tempuh) AS km FROM detail_pelepasan_ban l WHERE l.ban_id IN (SELECT ban_id FROM tyres) GROUP BY l.ban_id
    ),
    retreads AS (
      SELECT v.ban_id, SUM(v.biaya) AS biaya FROM vulkanisir_ban v WHERE v.ban_id IN (SELECT ban_id FROM tyres) GROUP BY v.ban_id
    )
    SELECT b.id, b.kode_ban, b.no_seri, b.merek_id, m.nama_merek AS merek, b.ukuran_id, u.nama AS ukuran,
      s.id AS supplier_id, s.nama_supp AS supplier,
      COALESCE(r.kendaraan_id, fi.kendaraan_id) AS kendaraan_id, k.no_kabin,
      COALESCE(kr.km, 0) + COALESCE(fi.km_berjalan, 0) AS km_tempuh,
      b.harga + COALESCE(rt.biaya, 0) AS total_biaya,
      CASE WHEN fi.ban_id IS NOT NULL THEN 1 ELSE 0 END AS masih_terpasang
    FROM tyres t
      JOIN ban b ON b.id = t.ban_id
      LEFT JOIN merek m ON m.id = b.merek_id
      LEFT JOIN ukuran u ON u.id = b.ukuran_id
      LEFT JOIN pembelian_ban pb ON pb.id = b.pembelian_ban_id
      LEFT JOIN supplier s ON s.id = pb.supplier_id
      LEFT JOIN removed r ON r.ban_id = b.id AND r.n = 1
      LEFT JOIN fitted fi ON fi.ban_id = b.id
      LEFT JOIN kendaraan k ON k.id = COALESCE(r.kendaraan_id, fi.kendaraan_id)
      LEFT JOIN km_removed kr ON kr.ban_id = b.id
      LEFT JOIN retreads rt ON rt.ban_id = b.id
    ${only ? `WHERE ${GROUP_ID[only.group]} IN (${wanted.map((_, i) => `@k${i}`).join(', ') || 'NULL'})${only.keys.has('0') ? ` OR ${GROUP_ID[only.group]} IS NULL` : ''}` : ''}
    ORDER BY b.id`
  const params: Record<string, string | number> = {}
  wanted.forEach((key, i) => (params[`k${i}`] = key))
  if (from && to) params.from = from
  if (to) params.to = to
  return (await db.prepare(sql).all(params)) as TyreRow[]
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
    if (keys && ([...keys].some((k) => !/^\d{1,12}$/.test(k)) || keys.size > 100)) {
      errors.kelompok = ['kelompok harus daftar kunci kelompok (angka, dipisah koma, paling banyak 100).']
    }
    if (Object.keys(errors).length || !group || !urutan) throw invalid(errors)

    const tyres = await reportTyres(c.get('db'), filter.from, filter.to, keys ? { group, keys } : undefined)
    const keyOf: Record<Group, (t: TyreRow) => [number | null, string | null]> = {
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
      biaya_per_km: number | null
      masih_terpasang: boolean
    }
    const groups = new Map<string, { key: string; label: string; ban: Item[] }>()
    for (const t of tyres) {
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
        biaya_per_km: perKm(t.total_biaya, t.km_tempuh),
        masih_terpasang: t.masih_terpasang === 1,
      })
    }
    const rows = [...groups.values()].map((g) => {
      const km_tempuh = g.ban.reduce((s, t) => s + t.km_tempuh, 0)
      const total_biaya = g.ban.reduce((s, t) => s + t.total_biaya, 0)
      if (!tanpaBan) g.ban.sort(byCostPerKm<Item>(urutan, (a, b) => a.kode_ban.localeCompare(b.kode_ban)))
      return {
        key: g.key,
        label: g.label,
        jumlah_ban: g.ban.length,
        km_tempuh,
        total_biaya,
        biaya_per_km: perKm(total_biaya, km_tempuh),
        ban: tanpaBan ? [] : maksBan !== null && g.ban.length > maksBan ? g.ban.slice(0, maksBan) : g.ban,
      }
    })
    rows.sort(byCostPerKm<(typeof rows)[number]>(urutan, (a, b) => byLabel.compare(a.label, b.label)))
    // The total is over the tyres of the groups sent: every group, or those of kelompok.
    const km = tyres.reduce((s, t) => s + t.km_tempuh, 0)
    const biaya = tyres.reduce((s, t) => s + t.total_biaya, 0)
    return c.json({
      data: { group, rows, total: { jumlah_ban: tyres.length, km_tempuh: km, total_biaya: biaya, biaya_per_km: perKm(biaya, km) } },
    })
  })

  return r
}
