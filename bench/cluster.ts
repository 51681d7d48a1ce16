/**
 * Issue 21.3's bench line: the Departemen list's req/s through nginx (scripts/cluster.mjs) with one
 * and with two app instances (two api instances both times, one SQLite file), and with two app
 * instances on a private PostgreSQL, at `scale` rows, with the same autocannon settings as the list
 * line of bench/run.ts (its `load`: a returning browser, gzip, every request rendered).
 * Ports: `port` … `port + 6` (nginx, its api balancer, the apps, the apis, PostgreSQL).
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
async function prepare(url: string, scale: number) {
  const db = await openDatabase(url)
  await prepareDatabase(db, { demo: true, adminPassword: 'admin' })
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

/**
 * Starts the cluster (on the SQLite `file`, or a private PostgreSQL when `file` is null) and resolves
 * with its process and, on PostgreSQL, the database's URL, once it says it is ready.
 */
function startCluster(file: string | null, port: number, apps: number): Promise<{ child: ChildProcess; postgresUrl: string | null }> {
  const child = spawn(
    process.execPath,
    [
      join(root, 'scripts', 'cluster.mjs'),
      '--port',
      String(port),
      '--apps',
      String(apps),
      '--apis',
      '2',
      ...(file ? ['--database', file] : []),
    ],
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
        const pgPort = /\[cluster\] postgres on 127\.0\.0\.1:(\d+)/.exec(text)?.[1]
        resolve({ child, postgresUrl: pgPort ? `postgres://postgres@127.0.0.1:${pgPort}/fleet` : null })
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

/** The lines of (g): the list through nginx, on SQLite with one and two app instances, on PostgreSQL with two. */
export async function clusterLines(opts: { port: number; scale: number; connections: number; load: LoadFn }): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-bench-cluster-'))
  const file = join(dir, 'bench.db')
  const lines: string[] = []
  const measure = async (what: string, apps: number, database: 'SQLite' | 'PostgreSQL') => {
    const { child, postgresUrl } = await startCluster(database === 'SQLite' ? file : null, opts.port, apps)
    try {
      if (postgresUrl) await prepare(postgresUrl, opts.scale)
      const base = `http://127.0.0.1:${opts.port}`
      const headers = { cookie: await login(base), 'accept-encoding': 'gzip' }
      await opts.load(`${base}/admin/departemen`, headers) // warm-up (JIT, caches), as the list line
      const l = await opts.load(`${base}/admin/departemen`, headers)
      lines.push(
        `${String(opts.scale).padStart(6)} rows  list through nginx, ${what}, ${opts.connections} connections:` +
          ` p50 ${ms(l.p50)}, p95 ${ms(l.p95)}, ${l.rps.toFixed(0)} req/s${l.errors ? ` | ${l.errors} FAILED requests` : ''}`,
      )
      console.log(`  ${lines[lines.length - 1]}`)
    } finally {
      await stopCluster(child)
    }
  }
  try {
    await prepare(`file:${file}`, opts.scale)
    await measure('1 app instance (2 api, SQLite)', 1, 'SQLite')
    await measure('2 app instances (2 api, SQLite)', 2, 'SQLite')
    await measure('2 app instances (2 api, PostgreSQL)', 2, 'PostgreSQL')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  return lines
}
