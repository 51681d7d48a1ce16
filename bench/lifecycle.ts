/**
 * The tyre lines of the bench: the tyre cost report (Laporan Biaya Ban per Km, every tyre of the
 * data set: all time, grouped by merek) and one tyre's history (Riwayat Ban), each as one user (one
 * connection) against the built app — the list target (p95 ≤ 20 ms at 10,000 rows); and the report
 * grouped by kendaraan (a group per vehicle: 10,000 groups at 10,000 rows; aim p95 < 100 ms).
 *
 * The history is measured through the app's page `/admin/ban/{id}` when the built app has it (it
 * answers 200), else through the api call it is made from, `GET /api/ban/{id}/riwayat`; the line says
 * which. The tyre is the one with the longest history (else a fitted one, else the first).
 */
import { openDatabase } from '../api/db.ts'

export type LifecycleSystem = { base: string; apiBase: string; token: string; env: NodeJS.ProcessEnv }
type Load = { p50: number; p95: number; rps: number; errors: number; requests: number }
type LoadFn = (url: string, headers: Record<string, string>, connections?: number) => Promise<Load>

const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : n < 100 ? 1 : 0)} ms`
const TARGET_P95_MS = 20

async function tyreWithHistory(databaseUrl: string): Promise<number | null> {
  const db = await openDatabase(databaseUrl)
  try {
    if ((await db.tableNames()).includes('riwayat_ban')) {
      const most = await db.q
        .selectFrom('riwayat_ban')
        .select('ban_id')
        .groupBy('ban_id')
        .orderBy((eb) => eb.fn.countAll(), 'desc')
        .orderBy('ban_id')
        .limit(1)
        .executeTakeFirst()
      if (most) return most.ban_id
    }
    const terpasang = await db.q.selectFrom('ban').select('id').where('status', '=', 'terpasang').orderBy('id').limit(1).executeTakeFirst()
    if (terpasang) return terpasang.id
    const first = await db.q.selectFrom('ban').select('id').orderBy('id').limit(1).executeTakeFirst()
    return first ? first.id : null
  } finally {
    await db.close()
  }
}

/** The two lines, measured on a running system (its app and api); `load` is the bench's autocannon run. */
export async function lifecycleLines(s: LifecycleSystem, appHeaders: Record<string, string>, load: LoadFn): Promise<string[]> {
  const lines: string[] = []
  const line = (what: string, l: Load, extra = '') =>
    `${what}: one user p50 ${ms(l.p50)}, p95 ${ms(l.p95)} (target p95 ≤ ${TARGET_P95_MS} ms: ${l.p95 <= TARGET_P95_MS ? '✓' : '✗'})` +
    `${extra}${l.errors ? ` | ${l.errors} FAILED requests` : ''}`

  // The report: how many tyres it covers, from the api's own total.
  const apiHeaders = { Accept: 'application/json', Authorization: `Bearer ${s.token}` }
  const answer = await fetch(`${s.apiBase}/api/laporan-biaya-ban?group=merek`, { headers: apiHeaders })
  if (answer.status !== 200) {
    lines.push(`laporan biaya ban: the api answered ${answer.status} (no ban-lifecycle extension?) — not measured`)
  } else {
    const body = (await answer.json()) as { data: { rows: unknown[]; total: { jumlah_ban: number } } }
    const reportUrl = `${s.base}/admin/laporan-biaya-ban?group=merek`
    const check = await fetch(reportUrl, { headers: appHeaders })
    if (check.status !== 200) lines.push(`laporan biaya ban: the app answered ${check.status} — not measured`)
    else {
      await load(reportUrl, appHeaders, 1) // warm-up
      const l = await load(reportUrl, appHeaders, 1)
      lines.push(line(`laporan biaya ban (${body.data.total.jumlah_ban} tyres, ${body.data.rows.length} groups)`, l))
      // By kendaraan: one group a vehicle (10,000 at scale 10,000). Not a list target; the aim is < 100 ms.
      const byVehicle = `${s.base}/admin/laporan-biaya-ban?group=kendaraan`
      const groups = await fetch(`${s.apiBase}/api/laporan-biaya-ban?group=kendaraan&tanpa_ban=1`, { headers: apiHeaders })
        .then((r) => r.json() as Promise<{ data: { rows: unknown[] } }>)
        .then((b) => b.data.rows.length)
      await load(byVehicle, appHeaders, 1) // warm-up
      const v = await load(byVehicle, appHeaders, 1)
      lines.push(
        `laporan biaya ban by kendaraan (${groups} groups): one user p50 ${ms(v.p50)}, p95 ${ms(v.p95)} (aim p95 < 100 ms: ${v.p95 < 100 ? '✓' : '✗'})` +
          `${v.errors ? ` | ${v.errors} FAILED requests` : ''}`,
      )
    }
  }

  const id = await tyreWithHistory(String(s.env.DATABASE_URL))
  if (id === null) {
    lines.push('riwayat ban: no tyre in the data set — not measured')
    return lines
  }
  const page = `${s.base}/admin/ban/${id}`
  const viaApp = (await fetch(page, { headers: appHeaders, redirect: 'manual' })).status === 200
  const target = viaApp ? page : `${s.apiBase}/api/ban/${id}/riwayat`
  const headers = viaApp ? appHeaders : apiHeaders
  const probe = await fetch(target, { headers })
  if (probe.status !== 200) {
    lines.push(`riwayat ban: ${viaApp ? 'the app' : 'the api'} answered ${probe.status} — not measured`)
    return lines
  }
  await load(target, headers, 1) // warm-up
  const l = await load(target, headers, 1)
  lines.push(
    line(
      `riwayat ban, tyre ${id} ${viaApp ? 'through the app’s page /admin/ban/{id}' : 'through the api GET /api/ban/{id}/riwayat (the app has no page yet)'}`,
      l,
    ),
  )
  return lines
}
