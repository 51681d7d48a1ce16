#!/usr/bin/env node
// `npm run cluster`: several app and api processes behind nginx, on this machine, without Docker, on
// private ports (deploy/docker-compose.yml is the same shape in containers):
//   1. the database: a private PostgreSQL (scripts/postgres.mjs: Debian's postgresql, a new cluster in
//      the temporary folder on its own port), prepared once by scripts/prepare-database.mjs before any
//      api starts. `--sqlite` (or `--database FILE`): ONE SQLite file shared by the api processes
//      instead (WAL, busy timeout 5 s; one machine only);
//   2. the api processes (default 2) on that database, one uploads folder shared by all (UPLOADS_DIR);
//   3. the app processes (default 2): the built app (build/app-server.js; `npm run build` first), the
//      same SESSION_SECRET, TRUST_PROXY=true with one hop (nginx), the api through nginx;
//   4. Debian's nginx (apt-get install nginx), one master with two servers: the browser's port,
//      balancing the apps (deploy/app-proxy.conf, deploy/errors.conf: the same settings as
//      deploy/nginx.conf), and the next port, balancing the api processes for the apps.
// Everything lives in a temporary folder (database, uploads, nginx's config, logs and temp files),
// removed when the cluster stops (Ctrl-C or SIGTERM stop nginx, the apps, the apis, the database).
//
// Usage: npm run cluster [-- --port P] [--apps N] [--apis N] [--sqlite | --database FILE]
//   --port P   nginx's port for the browser (env CLUSTER_PORT, default 8080); the next ports are the
//              api balancer (P+1), the apps (P+2 …), the apis, and PostgreSQL;
//   --apps N, --apis N   instances of each (1–8, default 2);
//   --database FILE      an existing SQLite file instead of a fresh one (kept when the cluster stops;
//                        prepared as at every api start: migrations, demo data only when empty).
// Env passed on: PUBLIC_URL (default http://127.0.0.1:P), DEMO_DATA (default true: a fresh database gets the demo data; false: only the admin
// user, ADMIN_PASSWORD required), ADMIN_PASSWORD, SESSION_SECRET (default: random for this run),
// LOG_REQUESTS.
// For a test or a script: each instance is announced as `[cluster] app1 pid 1234 http://127.0.0.1:8082`
// and, once nginx, every app (/readyz) and every api (/health) answer, `[cluster] ready http://127.0.0.1:P`.
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { APP_SERVER, appEnv, appServerArgs } from './app-node-args.mjs'
import { postgresBin, startPostgres } from './postgres.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx'

/** @param {string} name */
function option(name) {
  const i = process.argv.indexOf(`--${name}`)
  if (i >= 0) return process.argv[i + 1]
  const eq = process.argv.find((a) => a.startsWith(`--${name}=`))
  return eq?.slice(name.length + 3)
}
/** @param {string | undefined} value @param {number} fallback @param {number} max */
function count(value, fallback, max) {
  if (value === undefined) return fallback
  const n = Number(value)
  if (!Number.isSafeInteger(n) || n < 1 || n > max) fail(`expected a number from 1 to ${max}, got "${value}"`)
  return n
}
/** @param {string} message @returns {never} */
function fail(message) {
  console.error(`[cluster] ${message}`)
  process.exit(1)
}

const port = count(option('port') ?? process.env.CLUSTER_PORT, 8080, 65000)
const appCount = count(option('apps'), 2, 8)
const apiCount = count(option('apis'), 2, 8)
const givenDatabase = option('database')
const usePostgres = !process.argv.includes('--sqlite') && givenDatabase === undefined
if (givenDatabase !== undefined && !givenDatabase) fail('--database takes a SQLite file.')
const apiBalancerPort = port + 1
const appPorts = Array.from({ length: appCount }, (_, i) => port + 2 + i)
const apiPorts = Array.from({ length: apiCount }, (_, i) => port + 2 + appCount + i)
const pgPort = port + 2 + appCount + apiCount
const isRoot = process.getuid?.() === 0

if (!existsSync(join(root, 'build', 'server', 'index.js')) || !existsSync(APP_SERVER)) fail('build/ is missing: run `npm run build` first.')
if (!existsSync(NGINX)) fail(`nginx is missing (${NGINX}): apt-get install -y nginx (Debian's package).`)
if (usePostgres && !postgresBin()) fail("PostgreSQL is missing: apt-get install -y postgresql (Debian's package), or --sqlite.")

/** Is something listening on 127.0.0.1:p? */
function listening(/** @type {number} */ p) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: p })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}
const allPorts = [port, apiBalancerPort, ...appPorts, ...apiPorts, ...(usePostgres ? [pgPort] : [])]
for (const p of allPorts)
  if (await listening(p)) fail(`port ${p} is in use: choose another --port (ports ${port}–${Math.max(...allPorts)}).`)

const dir = mkdtempSync(join(tmpdir(), 'fleet-cluster-'))
// nginx's workers (and PostgreSQL) do not run as root: they must be able to pass through the folder.
chmodSync(dir, 0o755)
const uploadsDir = join(dir, 'uploads')
mkdirSync(uploadsDir)
// Its logs (nginx's error.log and access.log in nginx/) are there while it runs; the folder goes when it stops.
console.log(`[cluster] folder ${dir}`)
const sessionSecret = process.env.SESSION_SECRET ?? randomBytes(32).toString('hex')
const demoData = process.env.DEMO_DATA ?? 'true'
const demo = demoData.trim().toLowerCase() === 'true'
const adminPassword = process.env.ADMIN_PASSWORD || (demo ? 'admin' : '')

/** @type {{ name: string, child: import('node:child_process').ChildProcess }[]} */
const running = []
let stopping = false
/** Steps of the stop, in order (PostgreSQL's pg_ctl stop). */
/** @type {(() => void)[]} */
const finalSteps = []

/**
 * Starts a long-running child, its output prefixed with its name, and announces it
 * (`[cluster] app1 pid 1234 http://…`). An api or app that stops (crash, kill) is started again after
 * a growing delay (0.5 s, doubling up to 8 s; back to 0.5 s after a minute up), as `npm start` does;
 * the others go on meanwhile and nginx passes requests to them. nginx itself is not restarted.
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 * @param {string} where
 */
function start(name, command, args, env, where) {
  let delay = 500
  const run = () => {
    const startedAt = Date.now()
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
    const entry = { name, child }
    running.push(entry)
    console.log(`[cluster] ${name} pid ${child.pid} ${where}`)
    for (const stream of [child.stdout, child.stderr]) {
      let rest = ''
      stream?.setEncoding('utf8')
      stream?.on('data', (/** @type {string} */ chunk) => {
        const lines = (rest + chunk).split('\n')
        rest = lines.pop() ?? ''
        for (const line of lines) (stream === child.stderr ? process.stderr : process.stdout).write(`[${name}] ${line}\n`)
      })
    }
    child.on('exit', (code, signal) => {
      if (stopping) return
      running.splice(running.indexOf(entry), 1)
      if (name === 'nginx') {
        console.error(`[cluster] nginx stopped (${signal ?? code}): stopping the cluster.`)
        return stop(1)
      }
      if (Date.now() - startedAt > 60_000) delay = 500
      console.error(`[cluster] ${name} stopped (${signal ?? code}); starting it again in ${delay / 1000} s, the others go on.`)
      setTimeout(() => stopping || run(), delay)
      delay = Math.min(delay * 2, 8000)
    })
  }
  run()
}

/** Runs a one-shot command; its failure stops the cluster. @param {string} what @param {string} command @param {string[]} args @param {NodeJS.ProcessEnv} [env] */
function once(what, command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: root, env, encoding: 'utf8' })
  if (result.status !== 0) {
    process.stderr.write(result.stdout ?? '')
    process.stderr.write(result.stderr ?? '')
    console.error(`[cluster] ${what} failed (${result.error?.message ?? `exit ${result.status}`}).`)
    stop(1)
    return false
  }
  return true
}

// ---- 1. the database ----------------------------------------------------------------------------
/** The database step: DATABASE_URL of a prepared database, or null when it failed. */
function startDatabase() {
  if (givenDatabase) return `file:${resolve(givenDatabase)}`
  if (!usePostgres) return `file:${join(dir, 'fleet.db')}`
  try {
    const pg = startPostgres({ port: pgPort })
    finalSteps.push(() => pg.stop())
    pg.createDatabase('fleet')
    console.log(`[cluster] postgres on 127.0.0.1:${pgPort} (data in ${pg.dir})`)
    return pg.url('fleet')
  } catch (error) {
    console.error(`[cluster] PostgreSQL: ${error instanceof Error ? error.message : String(error)}`)
    stop(1)
    return null
  }
}

// ---- nginx's configuration ------------------------------------------------------------------------
/** Connections of each of nginx's two workers (tests/cluster/cluster.test.ts sizes its flood by it). */
const WORKER_CONNECTIONS = 384
function nginxConfig() {
  const n = join(dir, 'nginx')
  const deploy = join(root, 'deploy')
  const servers = (/** @type {number[]} */ ports) => ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=3s;`).join('\n')
  return `# Generated by scripts/cluster.mjs from the shape of deploy/nginx.conf (plain HTTP on loopback).
${isRoot ? 'user nobody nogroup;\n' : ''}worker_processes 2;
pid ${n}/nginx.pid;
error_log ${n}/error.log warn;
events {
  # Smaller than production's 4096 (deploy/nginx.conf) on purpose: the cluster test's flood from one
  # address (unfinished headers and stalled bodies) would take every connection without the bounds of
  # deploy/edge.conf and deploy/edge-server.conf, and leaves room for everyone else with them.
  worker_connections ${WORKER_CONNECTIONS};
}
http {
  default_type application/octet-stream;
  log_format fleet '$remote_addr - [$time_iso8601] "$request" $status $body_bytes_sent $request_time '
                   'id=$request_id upstream=$upstream_addr upstream_status=$upstream_status';
  access_log ${n}/access.log fleet;
  client_body_temp_path ${n}/body;
  proxy_temp_path ${n}/proxy;
  fastcgi_temp_path ${n}/fastcgi;
  uwsgi_temp_path ${n}/uwsgi;
  scgi_temp_path ${n}/scgi;
  server_tokens off;
  gzip off;
  client_max_body_size 16m;
  include ${deploy}/edge.conf;

  upstream fleet_app {
    least_conn;
${servers(appPorts)}
    keepalive 32;
    keepalive_timeout 4s;
  }
  upstream fleet_api {
    least_conn;
${servers(apiPorts)}
    keepalive 32;
    keepalive_timeout 4s;
  }

  server {
    listen 127.0.0.1:${port};
    server_name _;
    include ${deploy}/edge-server.conf;
    include ${deploy}/errors.conf;
    location / {
      proxy_pass http://fleet_app;
      include ${deploy}/app-proxy.conf;
    }
  }

  server {
    listen 127.0.0.1:${apiBalancerPort};
    server_name _;
    location / {
      proxy_pass http://fleet_api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_next_upstream error timeout;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
      proxy_request_buffering off;
    }
  }
}
`
}

// ---- stop -----------------------------------------------------------------------------------------
/** @param {number} code */
function stop(code) {
  if (stopping) return
  stopping = true
  console.log('[cluster] stopping')
  const alive = running.filter(({ child }) => child.exitCode === null && child.signalCode === null)
  // nginx first (no new requests), then the apps and the apis: each finishes what is in flight.
  for (const { name, child } of alive) child.kill(name === 'nginx' ? 'SIGQUIT' : 'SIGTERM')
  let left = alive.length
  const done = () => {
    for (const step of finalSteps) step()
    rmSync(dir, { recursive: true, force: true })
    process.exit(code)
  }
  if (left === 0) return done()
  for (const { child } of alive) {
    child.once('exit', () => {
      if (--left === 0) done()
    })
  }
  setTimeout(() => {
    for (const { child } of alive) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    setTimeout(done, 500)
  }, 12_000).unref()
}
process.on('SIGINT', () => stop(0))
process.on('SIGTERM', () => stop(0))
process.on('exit', () => rmSync(dir, { recursive: true, force: true }))

/** Polls `url` until it answers 2xx (true) or `ms` passed (false). @param {string} url @param {number} ms */
async function ready(url, ms) {
  const until = Date.now() + ms
  while (Date.now() < until && !stopping) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return true
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 150))
  }
  return false
}

// ---- start ----------------------------------------------------------------------------------------
console.log(`[cluster] data in ${dir}`)
const databaseUrl = startDatabase()
/** @type {NodeJS.ProcessEnv} */
const apiEnv = {
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_URL: databaseUrl ?? '',
  UPLOADS_DIR: uploadsDir,
  DEMO_DATA: demoData,
  ADMIN_PASSWORD: adminPassword,
  API_HOST: '127.0.0.1',
  // The apis' peer is nginx on loopback: its X-Forwarded-For (the app's, passed through) is believed.
  API_TRUSTED_PROXIES: '127.0.0.1,::1,::ffff:127.0.0.1',
}
if (
  databaseUrl &&
  once('the database preparation', process.execPath, ['--import', 'tsx', join(root, 'scripts', 'prepare-database.mjs')], apiEnv)
) {
  apiPorts.forEach((p, i) => {
    start(`api${i + 1}`, process.execPath, ['--import', 'tsx', 'api/main.ts'], { ...apiEnv, API_PORT: String(p) }, `http://127.0.0.1:${p}`)
  })
  const appEnvironment = appEnv({
    ...process.env,
    NODE_ENV: 'production',
    SESSION_SECRET: sessionSecret,
    TRUST_PROXY: 'true',
    TRUST_PROXY_HOPS: '1',
    DEMO_DATA: demoData,
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://127.0.0.1:${port}`,
    UPSTREAM_API_URL: `http://127.0.0.1:${apiBalancerPort}`,
  })
  appPorts.forEach((p, i) => {
    start(`app${i + 1}`, process.execPath, appServerArgs(appEnvironment), { ...appEnvironment, PORT: String(p) }, `http://127.0.0.1:${p}`)
  })
  const n = join(dir, 'nginx')
  mkdirSync(n)
  writeFileSync(join(n, 'nginx.conf'), nginxConfig())
  if (once('nginx -t', NGINX, ['-q', '-t', '-p', n, '-e', join(n, 'error.log'), '-c', join(n, 'nginx.conf')])) {
    const where = `http://127.0.0.1:${port} (apps) http://127.0.0.1:${apiBalancerPort} (apis)`
    start('nginx', NGINX, ['-p', n, '-e', join(n, 'error.log'), '-c', join(n, 'nginx.conf'), '-g', 'daemon off;'], process.env, where)
    const checks = [
      ...apiPorts.map((p) => `http://127.0.0.1:${p}/health`),
      ...appPorts.map((p) => `http://127.0.0.1:${p}/readyz`),
      `http://127.0.0.1:${port}/readyz`,
    ]
    const ok = (await Promise.all(checks.map((url) => ready(url, 60_000)))).every(Boolean)
    if (!stopping) {
      if (!ok) {
        console.error('[cluster] not every instance came up within 60 s.')
        stop(1)
      } else {
        if (demo) console.log(`[cluster] demo login: admin / ${adminPassword}`)
        console.log(`[cluster] ready http://127.0.0.1:${port}`)
      }
    }
  }
}
