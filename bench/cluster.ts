/**
 * Issue 21.3's bench line: the Departemen list's req/s through nginx (scripts/cluster.mjs) with one
 * and with two app instances (two api instances both times, one SQLite file), at `scale` rows, with
 * the same autocannon settings as the list line of bench/run.ts (its `load`: a returning browser,
 * gzip, every request rendered). The api on PostgreSQL is a placeholder line until issue 21 part 1.
 * Ports: `port` … `port + 5` (nginx, its api balancer, the apps, the apis).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../api/db.ts'
import { prepareDatabase } from '../api/seed.ts'

type Load = { p50: number; p95: number; rps: number; errors: number; requests: number }
type LoadFn = (url: string, headers: Record<string, string>) => Promise<Load>

const root = new URL('..', import.meta.url).pathname
const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : n < 100 ? 1 : 0)} ms`

/** A database with the demo seed and `scale` Departemen in all (as bench/run.ts's list measures). */
async function prepare(file: string, scale: number) {
  const db = await openDatabase(`file:${file}`)
  await prepareDatabase(db, { adminPassword: 'admin' })
  const have = (await db.prepare('SELECT COUNT(*) FROM departemen').pluck().get()) as number
  const insert = db.prepare('INSERT INTO departemen (kode_departemen, nama, qrcode_departemen) VALUES (?, ?, ?)')
  await db.tx(async () => {
    for (let i = have; i < scale; i++) {
      const kode = `DB${String(i).padStart(6, '0')}`
      await insert.run(kode, `Departemen Uji ${i}`, kode)
    }
  })
  await db.close()
}

/** Starts the cluster on `file` and resolves with its process once it says it is ready. */
function startCluster(file: string, port: number, apps: number): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [join(root, 'scripts', 'cluster.mjs'), '--port', String(port), '--apps', String(apps), '--apis', '2', '--database', file],
    { cwd: root, env: { ...process.env, LOG_REQUESTS: 'false' }, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let text = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the cluster did not get ready:\n${text}`)), 90_000)
    child.once('exit', (code) => reject(new Error(`the cluster stopped (${code}):\n${text}`)))
    const read = (chunk: Buffer) => {
      text += chunk
      if (text.includes(`[cluster] ready http://127.0.0.1:${port}`)) {
        clearTimeout(timer)
        resolve(child)
      }
    }
    child.stdout!.on('data', read)
    child.stderr!.on('data', (chunk: Buffer) => (text += chunk))
  })
}

function stopCluster(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

async function login(base: string) {
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    body: new URLSearchParams({ kode_user: 'admin', password: 'admin', redirectTo: '' }),
    redirect: 'manual',
    headers: { Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
  })
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0])
  const cookie = cookies.find((c) => c.includes('fleet_session'))
  if (!cookie) throw new Error(`login through nginx failed: ${res.status}`)
  return [cookie, ...cookies.filter((c) => c.startsWith('armada_css='))].join('; ')
}

/** The lines of (g): one per shape, and the PostgreSQL placeholder. */
export async function clusterLines(opts: { port: number; scale: number; connections: number; load: LoadFn }): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-bench-cluster-'))
  const file = join(dir, 'bench.db')
  const lines: string[] = []
  try {
    await prepare(file, opts.scale)
    for (const apps of [1, 2]) {
      const cluster = await startCluster(file, opts.port, apps)
      try {
        const base = `http://127.0.0.1:${opts.port}`
        const headers = { cookie: await login(base), 'accept-encoding': 'gzip' }
        await opts.load(`${base}/admin/departemen`, headers) // warm-up (JIT, caches), as the list line
        const l = await opts.load(`${base}/admin/departemen`, headers)
        lines.push(
          `${String(opts.scale).padStart(6)} rows  list through nginx, ${apps} app instance${apps > 1 ? 's' : ''} (2 api, SQLite), ${opts.connections} connections:` +
            ` p50 ${ms(l.p50)}, p95 ${ms(l.p95)}, ${l.rps.toFixed(0)} req/s${l.errors ? ` | ${l.errors} FAILED requests` : ''}`,
        )
        console.log(`  ${lines[lines.length - 1]}`)
      } finally {
        await stopCluster(cluster)
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  lines.push(
    `${String(opts.scale).padStart(6)} rows  list through nginx, the api on PostgreSQL: not measured — needs issue 21 part 1 (the api on PostgreSQL)`,
  )
  return lines
}
