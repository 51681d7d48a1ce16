// A private PostgreSQL server for the tests, the bench and `npm run cluster`: Debian's
// postgresql package (installed by scripts/test.sh when missing), a new cluster in a temporary
// folder, listening on 127.0.0.1 at a port of its own only, stopped and removed by `stop()`. Never
// touches a system PostgreSQL. PostgreSQL refuses to run as root: as root, the cluster is made and run
// as the `postgres` user (the package creates it).
import { execFileSync, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** The folder of Debian's PostgreSQL programs (the newest version installed), or null. */
export function postgresBin() {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions.length ? join(root, versions[0], 'bin') : null
}

/**
 * @typedef {{ port: number, dir: string, url: (database?: string) => string, createDatabase: (name: string, template?: string) => void,
 *   dropDatabase: (name: string) => void, stop: () => void }} PrivatePostgres
 */

/**
 * Starts a new PostgreSQL cluster on 127.0.0.1:`port` (trust authentication for user `postgres`, no
 * fsync: test data only; no autovacuum, as the tests make hundreds of short-lived databases, and the
 * least write-ahead log). Throws with a clear message when PostgreSQL is not installed.
 * @param {{ port: number }} opts
 * @returns {PrivatePostgres}
 */
export function startPostgres({ port }) {
  const bin = postgresBin()
  if (!bin) throw new Error('PostgreSQL is not installed: apt-get install postgresql (scripts/test.sh does it when it is missing)')
  const dir = mkdtempSync(join(tmpdir(), 'fleet-pg-'))
  const root = process.getuid?.() === 0
  /** @param {string} program @param {string[]} args */
  const run = (program, args) => {
    const command = root ? 'runuser' : join(bin, program)
    const argv = root ? ['-u', 'postgres', '--', join(bin, program), ...args] : args
    const result = spawnSync(command, argv, { encoding: 'utf8' })
    if (result.status !== 0) throw new Error(`${program} failed: ${result.stderr || result.stdout}`)
  }
  if (root) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })), 0)
  const data = join(dir, 'data')
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8'])
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 -c autovacuum=off -c wal_level=minimal -c max_wal_senders=0`
    run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start'])
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
  /** @param {string} sql */
  const psql = (sql) => {
    const result = spawnSync(
      join(bin, 'psql'),
      ['-h', dir, '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-qc', sql],
      {
        encoding: 'utf8',
      },
    )
    if (result.status !== 0) throw new Error(`psql: ${result.stderr}`)
  }
  let stopped = false
  return {
    port,
    dir,
    // Through the Unix socket in `dir`, not TCP on 127.0.0.1 (which it still listens on): a query costs
    // the test about a third less CPU. The percent-encoded path as the host is read by pg and libpq alike.
    url: (database = 'postgres') => `postgres://postgres@${encodeURIComponent(dir)}:${port}/${database}`,
    createDatabase: (name, template) => psql(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`),
    dropDatabase: (name) => psql(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
    stop() {
      if (stopped) return
      stopped = true
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
