/**
 * `npm run bench [-- --scale N --runs R]`: timings of the paths a user waits on, on a large data set.
 * Makes a temporary database with the demo seed plus `seedScale(N)` (default 2000 vehicles), serves
 * the reference api on 127.0.0.1 (a random port), and measures, R times each (default 15):
 *   - the upstream calls behind the list and finance screens (HTTP round trip + JSON),
 *   - the app's client on the same calls (round trip + zod normalisation),
 *   - the app's list logic (search, sort, page) on the largest list,
 *   - QR codes cold and cached.
 * Prints median and p95 per line. Bounded: loopback only, fixed run counts, exits by itself.
 */
import { serve } from '@hono/node-server'
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApi } from '../api/app.ts'
import { openDatabase } from '../api/db.ts'
import { prepareDatabase } from '../api/seed.ts'
import { seedScale } from '../api/seed/scale.ts'
import { applyListQuery, parseListQuery } from '../app/lib/list-query.ts'
import { qrFor } from '../app/lib/qr.server.ts'
import type { Upstream } from '../app/upstream/client.server.ts'
import { listInqueryPembelian, listPembelian } from '../app/upstream/pembelian-ban.server.ts'
import { listPemasangan } from '../app/upstream/pemasangan-ban.server.ts'
import { listKendaraan } from '../app/upstream/kendaraan.server.ts'

function arg(name: string, fallback: number) {
  const i = process.argv.indexOf(`--${name}`)
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback
  return Number.isSafeInteger(v) && v > 0 ? v : fallback
}
const SCALE = arg('scale', 2000)
const RUNS = arg('runs', 15)

const results: { name: string; median: number; p95: number; note: string }[] = []
async function measure(name: string, fn: () => Promise<unknown> | unknown, note = '') {
  await fn() // warm-up
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now()
    await fn()
    times.push(performance.now() - t)
  }
  times.sort((a, b) => a - b)
  results.push({ name, median: times[Math.floor(times.length / 2)], p95: times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)], note })
}

const dir = mkdtempSync(join(tmpdir(), 'fleet-bench-'))
const db = openDatabase(`file:${join(dir, 'bench.db')}`)
prepareDatabase(db, { adminPassword: 'admin' })
const t = performance.now()
const counts = seedScale(db, SCALE)
const seedMs = performance.now() - t
const app = createApi({ db, uploadsDir: join(dir, 'uploads') })
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
await new Promise((r) => server.once('listening', r))
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

const login = await fetch(`${base}/api/login`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
  body: JSON.stringify({ kode_user: 'admin', password: 'admin' }),
})
const { token } = (await login.json()) as { token: string }
const up: Upstream = { baseUrl: base, token, timeoutMs: 60_000 }
const raw = async (path: string) => {
  const res = await fetch(`${base}${path}`, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } })
  const body = await res.text()
  return body.length
}

const end = new Date().toISOString().slice(0, 10)
const start = new Date(Date.now() - 30 * 86400_000).toISOString().slice(0, 10)
const size = async (p: string) => `${Math.round((await raw(p)) / 1024)} KiB`

await measure('api GET /api/kendaraan', () => raw('/api/kendaraan'), await size('/api/kendaraan'))
await measure('api GET /api/pembelian-ban', () => raw('/api/pembelian-ban'), await size('/api/pembelian-ban'))
await measure('api GET /api/pemasangan-ban', () => raw('/api/pemasangan-ban'), await size('/api/pemasangan-ban'))
await measure('api GET /api/ban?status=stok', () => raw('/api/ban?status=stok'), await size('/api/ban?status=stok'))
const inq = `/api/inquery-pembelian-ban?tanggal_awal=${start}&tanggal_akhir=${end}`
await measure('api GET inquery-pembelian-ban (30 days)', () => raw(inq), await size(inq))
const lap = `/api/laporan-pembelian-ban?tanggal_awal=${start}&tanggal_akhir=${end}`
await measure('api GET laporan-pembelian-ban (30 days)', () => raw(lap), await size(lap))

await measure('client listKendaraan (fetch + normalise)', () => listKendaraan(up))
await measure('client listPembelian (fetch + normalise)', () => listPembelian(up))
await measure('client listPemasangan (fetch + normalise)', () => listPemasangan(up))
await measure('client listInqueryPembelian 30 days', () => listInqueryPembelian(up, { tanggal_awal: start, tanggal_akhir: end }))

const pembelian = await listPembelian(up)
const query = parseListQuery(new URLSearchParams('q=PB00&sort=grand_total&dir=desc&page=3'), ['grand_total'])
await measure(`list logic: search+sort+page over ${pembelian.length} purchases`, () =>
  applyListQuery(pembelian, query, {
    searchIn: (p) => [p.kode_pembelian_ban],
    sortBy: { grand_total: (p) => p.grand_total },
  }),
)
let n = 0
await measure('qrFor: 5 new codes (cold)', () => {
  for (let i = 0; i < 5; i++) qrFor(`BENCH${n++}`)
})
await measure('qrFor: 5 cached codes', () => {
  for (let i = 0; i < 5; i++) qrFor('BENCH1')
})

server.close()
db.close()
rmSync(dir, { recursive: true, force: true })

console.log(`\nBenchmark: --scale ${SCALE} (${Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(', ')})`)
console.log(`seedScale: ${Math.round(seedMs)} ms; ${RUNS} runs per line after one warm-up; Node ${process.version}\n`)
const w = Math.max(...results.map((r) => r.name.length))
console.log(`${'what'.padEnd(w)}  ${'median'.padStart(9)}  ${'p95'.padStart(9)}  note`)
for (const r of results) {
  console.log(`${r.name.padEnd(w)}  ${r.median.toFixed(2).padStart(7)}ms  ${r.p95.toFixed(2).padStart(7)}ms  ${r.note}`)
}
process.exit(0)
