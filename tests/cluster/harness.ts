/**
 * The cluster as the tests see it: `node scripts/cluster.mjs` (nginx, two apps, two apis, a private
 * PostgreSQL) started once, its announcements read from stdout (`[cluster] app1 pid 1234 http://…`, then
 * `[cluster] ready http://…`), and plain HTTP helpers: a browser without JavaScript, as fetch.
 * Ports: CLUSTER_PORT, or E2E_PORT_BASE + 30 (a checkout's own range), or 3130; the cluster takes
 * that port and the next seven (the last one PostgreSQL's).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..', '..')
export const PORT = Number(process.env.CLUSTER_PORT ?? (process.env.E2E_PORT_BASE ? Number(process.env.E2E_PORT_BASE) + 30 : 3130))
/** nginx's fail_timeout of an instance (deploy/nginx.conf, scripts/cluster.mjs). */
export const NGINX_FAIL_TIMEOUT_MS = 3000
export const ADMIN = { kode_user: 'admin', password: 'admin' }

export type Cluster = {
  /** nginx, for the browser. */
  url: string
  /** nginx's balancer of the api instances. */
  apiUrl: string
  /** Each app instance's own address, by name (app1, app2). */
  apps: Record<string, string>
  /** Each api instance's own address, by name (api1, api2). */
  apis: Record<string, string>
  /** The current pid of each instance (an instance started again gets a new one). */
  pids: Record<string, number>
  /**
   * Resolves once `name` has been started again (a pid other than `oldPid`), answers /readyz, and
   * nginx takes it back: an instance that refused a connection is left out for fail_timeout (3 s,
   * deploy/nginx.conf); were the other one killed meanwhile, nginx would have no instance to try.
   */
  restarted(name: string, oldPid: number): Promise<void>
  stop(): Promise<void>
  output: () => string
  /** nginx's error log so far (a failed assertion shows it: why nginx answered 502, say). */
  nginxErrors: () => string
}

export async function startCluster(): Promise<Cluster> {
  const child: ChildProcess = spawn(process.execPath, [join(root, 'scripts', 'cluster.mjs'), '--port', String(PORT)], {
    cwd: root,
    // The tests log in as the demo admin.
    env: {
      ...process.env,
      LOG_REQUESTS: 'false',
      DEMO_DATA: 'true',
      ADMIN_PASSWORD: 'admin',
      SESSION_SECRET: 'cluster-test-secret-0123456789abcdef',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let text = ''
  const apps: Record<string, string> = {}
  const apis: Record<string, string> = {}
  const pids: Record<string, number> = {}
  const waiters = new Set<() => void>()
  let folder = ''
  const onLine = (line: string) => {
    const f = /^\[cluster\] folder (\S+)/.exec(line)
    if (f) folder = f[1]
    const m = /^\[cluster\] (\w+) pid (\d+) (http:\/\/\S+)/.exec(line)
    if (m) {
      pids[m[1]] = Number(m[2])
      if (m[1].startsWith('app')) apps[m[1]] = m[3]
      if (m[1].startsWith('api')) apis[m[1]] = m[3]
      for (const w of waiters) w()
    }
  }
  for (const stream of [child.stdout!, child.stderr!]) {
    let rest = ''
    stream.setEncoding('utf8')
    stream.on('data', (chunk: string) => {
      text += chunk
      const lines = (rest + chunk).split('\n')
      rest = lines.pop() ?? ''
      lines.forEach(onLine)
    })
  }
  const url = `http://127.0.0.1:${PORT}`
  await new Promise<void>((resolve, reject) => {
    // Not ready in time: stop it (it stops its instances), so no nginx, app or database outlives the run.
    const timer = setTimeout(() => {
      child.kill('SIGTERM')
      reject(new Error(`the cluster did not get ready within 120 s:\n${text}`))
    }, 120_000)
    child.once('exit', (code) => reject(new Error(`the cluster stopped (${code}):\n${text}`)))
    const check = () => {
      if (text.includes(`[cluster] ready ${url}`)) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout!.on('data', check)
  })
  return {
    url,
    apiUrl: `http://127.0.0.1:${PORT + 1}`,
    apps,
    apis,
    pids,
    output: () => text,
    nginxErrors: () => {
      const file = join(folder, 'nginx', 'error.log')
      return folder && existsSync(file) ? readFileSync(file, 'utf8') : '(no nginx error log)'
    },
    async restarted(name, oldPid) {
      const until = Date.now() + 20_000
      while (pids[name] === oldPid) {
        if (Date.now() > until) throw new Error(`${name} was not started again`)
        await new Promise<void>((r) => {
          waiters.add(r)
          setTimeout(r, 200)
        })
      }
      while (Date.now() < until) {
        const ok = await fetch(`${apps[name]}/readyz`).then(
          (r) => r.ok,
          () => false,
        )
        if (ok) return void (await new Promise((r) => setTimeout(r, NGINX_FAIL_TIMEOUT_MS + 500)))
        await new Promise((r) => setTimeout(r, 100))
      }
      throw new Error(`${name} did not answer /readyz again`)
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

/** The session cookie (name=value) of a login at `base`, posted as the login form does. */
export async function login(base: string, user = ADMIN): Promise<string> {
  const res = await postForm(base, '/login', { kode_user: user.kode_user, password: user.password, redirectTo: '' })
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('__Host-fleet_session='))
  if (res.status !== 302 || !cookie) throw new Error(`login at ${base} failed: ${res.status}`)
  return cookie
}

/**
 * A form POST as a browser without JavaScript sends it: urlencoded, Origin of the page's site, the
 * session cookie; redirects not followed (a save answers 302 to the list). Never hangs: 20 s at most.
 */
export function postForm(base: string, path: string, fields: Record<string, string>, cookie?: string) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: new URL(base).origin,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
    signal: AbortSignal.timeout(20_000),
  })
}

/** A page as the browser gets it (no redirects followed). */
export function getPage(base: string, path: string, cookie?: string) {
  return fetch(`${base}${path}`, { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {}, signal: AbortSignal.timeout(20_000) })
}

export type Departemen = { id: number; kode_departemen: string; nama: string }

/** What the upstream stored: every Departemen, read through the api with a token of its own. */
export async function storedDepartemen(apiUrl: string): Promise<Departemen[]> {
  const token = await apiToken(apiUrl)
  const res = await fetch(`${apiUrl}/api/departemen`, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } })
  if (!res.ok) throw new Error(`GET /api/departemen: ${res.status}`)
  return (await res.json()) as Departemen[]
}

/** A bearer token of the admin from the api at `apiUrl`. */
export async function apiToken(apiUrl: string): Promise<string> {
  const login = await fetch(`${apiUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  const { token } = (await login.json()) as { token: string }
  return token
}

/** A name no other test uses. */
export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
