/**
 * The cluster lines of the bench: the Departemen list's req/s through nginx (scripts/cluster.mjs) with one
 * and with two app instances (two api instances both times, one SQLite file), and with two app
 * instances on a private PostgreSQL, at `scale` rows, with the same autocannon settings as the list
 * line of bench/run.ts (its `load`: a returning browser, gzip, every request rendered).
 * Ports: `port` … `port + 6` (nginx, its api balancer, the apps, the apis, PostgreSQL).
 * On PostgreSQL also: the database restarted (pg_ctl restart) while 16 users read the list, and how
 * long after its return the reads still fail (the pool drops dead connections: target ≤ 2 s).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
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
  const have = Number(
    (
      await db.q
        .selectFrom('departemen')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
  const insert = {
    run: (kode: string, nama: string, qr: string) =>
      db.q.insertInto('departemen').values({ kode_departemen: kode, nama, qrcode_departemen: qr }).execute(),
  }
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
function startCluster(
  file: string | null,
  port: number,
  apps: number,
): Promise<{ child: ChildProcess; postgresUrl: string | null; pgDir: string | null }> {
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
        const pgDir = /\[cluster\] postgres on 127\.0\.0\.1:\d+ \(data in ([^)]+)\)/.exec(text)?.[1] ?? null
        resolve({ child, postgresUrl: pgPort ? `postgres://postgres@127.0.0.1:${pgPort}/fleet` : null, pgDir })
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

/** pg_ctl of the cluster's private PostgreSQL (as its owner, user postgres, when run as root). */
async function pgCtl(pgDir: string, args: string[]) {
  const bin = execFileSync('sh', ['-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1'], { encoding: 'utf8' }).trim()
  // The server's output goes to its log file: a daemon holding pg_ctl's pipes would keep them open.
  const argv = ['-D', join(pgDir, 'data'), '-l', join(pgDir, 'log'), ...args]
  const [command, all] =
    process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', `${bin}/pg_ctl`, ...argv]] : [`${bin}/pg_ctl`, argv]
  const code = await new Promise<number | null>((resolve) => spawn(command, all, { stdio: 'ignore' }).once('exit', resolve))
  if (code !== 0) throw new Error(`pg_ctl ${args.join(' ')} failed (${code})`)
}

/**
 * A PostgreSQL restart under `users` users reading the list through nginx: each user asks again as
 * soon as an answer comes. Gives how long after the database was back (pg_ctl restart returned)
 * the last failed read came, and how many reads failed in all.
 */
async function restartUnderLoad(base: string, headers: Record<string, string>, pgDir: string, users: number) {
  const failures: { at: number; why: string }[] = []
  let reads = 0
  let running = true
  const user = async () => {
    while (running) {
      const at = performance.now()
      // A read that has no answer in 15 s counts as failed (and is given up).
      const why = await fetch(`${base}/admin/departemen`, { headers, redirect: 'manual', signal: AbortSignal.timeout(15_000) })
        .then(async (r) => (await r.arrayBuffer(), r.status === 200 ? null : String(r.status)))
        .catch((e: unknown) => (e instanceof Error && e.name === 'TimeoutError' ? 'no answer in 15 s' : 'connection error'))
      reads++
      if (why) failures.push({ at, why })
    }
  }
  const loops = Array.from({ length: users }, user)
  await new Promise((r) => setTimeout(r, 2_000))
  await pgCtl(pgDir, ['-m', 'fast', '-w', 'restart'])
  const back = performance.now()
  await new Promise((r) => setTimeout(r, 8_000))
  running = false
  await Promise.all(loops)
  const after = failures.filter((f) => f.at >= back)
  const kinds = new Map<string, number>()
  for (const f of failures) kinds.set(f.why, (kinds.get(f.why) ?? 0) + 1)
  return {
    failed: failures.length,
    kinds: [...kinds].map(([k, n]) => `${n} × ${k}`).join(', '),
    reads,
    lastFailureAfterBack: after.length ? (Math.max(...after.map((f) => f.at)) - back) / 1000 : 0,
  }
}

/** The lines of (g): the list through nginx, on SQLite with one and two app instances, on PostgreSQL with two. */
export async function clusterLines(opts: { port: number; scale: number; connections: number; load: LoadFn }): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-bench-cluster-'))
  const file = join(dir, 'bench.db')
  const lines: string[] = []
  const measure = async (what: string, apps: number, database: 'SQLite' | 'PostgreSQL') => {
    const { child, postgresUrl, pgDir } = await startCluster(database === 'SQLite' ? file : null, opts.port, apps)
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
      if (pgDir) {
        const r = await restartUnderLoad(base, headers, pgDir, 16)
        lines.push(
          `${String(opts.scale).padStart(6)} rows  PostgreSQL restarted under 16 users: reads answer again ` +
            `${r.lastFailureAfterBack.toFixed(2)} s after the database is back (target ≤ 2 s: ${r.lastFailureAfterBack <= 2 ? '✓' : '✗'}); ` +
            `${r.failed} of ${r.reads} reads failed in all${r.kinds ? ` (${r.kinds})` : ''}`,
        )
        console.log(`  ${lines[lines.length - 1]}`)
      }
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
