import { describe, expect, it } from 'vitest'
import { seedScale } from '../../api/seed/scale.ts'
import type { DB } from '../../api/types.ts'
import { makeApi } from './harness.ts'

/**
 * The demo seed's inspection rounds (and the scale seed's) wear as tyres do: between two measured
 * points of a tyre — its tread when new at 0 km, then its rounds in date order, started again after a
 * retread — the tread never grows and is lost at 0,05–0,5 mm per 1.000 km, give or take the 0,1 mm a
 * tread is measured to.
 */

const RATE_MIN = 0.05
const RATE_MAX = 0.5
const RESOLUTION = 0.1

type Point = { km: number; mm: number; what: string }

/** Every pair of a tyre's consecutive points that wears outside the range, as a readable line. */
export async function implausibleWear(db: DB): Promise<string[]> {
  const rows = await db.q
    .selectFrom('detail_pemeriksaan_ban as l')
    .innerJoin('pemeriksaan_ban as p', 'p.id', 'l.pemeriksaan_ban_id')
    .innerJoin('ban as b', 'b.id', 'l.ban_id')
    .select(['l.ban_id', 'b.kode_ban', 'b.tebal_tapak_awal as awal', 'p.tanggal_awal', 'l.tebal_tapak', 'l.km_ban'])
    .orderBy('l.ban_id')
    .orderBy('p.tanggal_awal')
    .orderBy('p.id')
    .execute()
  type Row = (typeof rows)[number]
  const retreads = await db.q.selectFrom('riwayat_ban').select(['ban_id', 'tanggal']).where('jenis', '=', 'terima_vulkanisir').execute()
  const problems: string[] = []
  let chain: Point[] = []
  let last: Row | null = null
  for (const r of rows) {
    const retreadBefore = (until: string, from: string | null) =>
      retreads.some((x) => x.ban_id === r.ban_id && x.tanggal <= until && (from === null || x.tanggal >= from))
    if (!last || last.ban_id !== r.ban_id) {
      chain = r.awal != null && !retreadBefore(r.tanggal_awal, null) ? [{ km: 0, mm: Number(r.awal), what: 'baru' }] : []
    } else if (retreadBefore(r.tanggal_awal, last.tanggal_awal)) chain = []
    const point = { km: Number(r.km_ban), mm: Number(r.tebal_tapak), what: r.tanggal_awal }
    const prev = chain[chain.length - 1]
    if (prev) {
      const km = point.km - prev.km
      const lost = prev.mm - point.mm
      const ok = km >= 0 && lost >= 0 && lost <= (RATE_MAX * km) / 1000 + RESOLUTION && lost >= (RATE_MIN * km) / 1000 - RESOLUTION
      if (!ok) problems.push(`${r.kode_ban}: ${prev.mm} mm (${prev.what}, ${prev.km} km) → ${point.mm} mm (${point.what}, ${point.km} km)`)
    }
    chain.push(point)
    last = r
  }
  return problems
}

describe('the seeds’ inspection rounds wear plausibly', () => {
  it('the demo seed: every tyre’s rounds lose 0,05–0,5 mm per 1.000 km', async () => {
    const api = await makeApi()
    const { count } = await api.db.q
      .selectFrom('detail_pemeriksaan_ban')
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow()
    expect(Number(count)).toBeGreaterThan(20)
    expect(await implausibleWear(api.db)).toEqual([])
  })

  it('the scale seed (100 vehicles): the same', async () => {
    const api = await makeApi()
    const counts = await api.db.tx(() => seedScale(api.db, 100))
    expect(counts.pemeriksaan_ban).toBeGreaterThan(20)
    expect(await implausibleWear(api.db)).toEqual([])
  })
})
