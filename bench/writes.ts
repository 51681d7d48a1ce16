/**
 * The writes lines of the bench (`npm run bench -- --only writes`): two api instances on one private
 * PostgreSQL (scripts/cluster.mjs, `npm run cluster`), called directly on their ports.
 *
 * 1. A small write (a Departemen add) through api 2, one after another: while idle, then while api 1
 *    saves an import of 10,000 tyres (goal: no slower than idle, at worst ≤ 250 ms on this machine).
 * 2. The throughput of 8 concurrent writers, each changing a document of its own (a Departemen of its
 *    own, renamed again and again) for a fixed time, through one api instance and through both.
 *
 * Never part of the tests. Bounded: loopback only, fixed durations, exits.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : n < 100 ? 1 : 0)} ms`

type Cluster = { child: ChildProcess; apis: string[] }

function startCluster(port: number): Promise<Cluster> {
  const child = spawn(process.execPath, [join(root, 'scripts', 'cluster.mjs'), '--port', String(port), '--apps', '1', '--apis', '2'], {
    cwd: root,
    env: { ...process.env, LOG_REQUESTS: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let text = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the cluster did not get ready:\n${text}`)), 120_000)
    child.once('exit', (code) => reject(new Error(`the cluster stopped (${code}):\n${text}`)))
    const read = (chunk: Buffer) => {
      text += chunk
      if (text.includes(`[cluster] ready http://127.0.0.1:${port}`)) {
        clearTimeout(timer)
        const apis = [...text.matchAll(/\[cluster\] api\d+ pid \d+ (http:\/\/127\.0\.0\.1:\d+)/g)].map((m) => m[1]!)
        resolve({ child, apis })
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

async function call(base: string, token: string | null, method: string, path: string, json?: unknown) {
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (token) headers.Authorization = `Bearer ${token}`
  if (json !== undefined) headers['Content-Type'] = 'application/json'
  const res = await fetch(`${base}${path}`, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) })
  const text = await res.text()
  return { status: res.status, json: text ? JSON.parse(text) : null }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

/** Departemen adds through `base`, one after another, while `running()` (at least `min` of them). */
async function smallWrites(base: string, token: string, running: () => boolean, min: number, tag: string) {
  const times: number[] = []
  for (let i = 0; running() || i < min; i++) {
    const at = performance.now()
    const res = await call(base, token, 'POST', '/api/departemen', { nama: `Bench ${tag} ${Date.now()} ${i}` })
    if (res.status !== 201) throw new Error(`a Departemen add answered ${res.status}`)
    times.push(performance.now() - at)
  }
  return times
}

/** 8 writers, each renaming its own Departemen through the given instances in turn, for `seconds`. */
async function throughput(apis: string[], token: string, ids: number[], seconds: number) {
  let done = 0
  const until = performance.now() + seconds * 1000
  await Promise.all(
    ids.map(async (id, w) => {
      for (let i = 0; performance.now() < until; i++) {
        const res = await call(apis[(w + i) % apis.length]!, token, 'PUT', `/api/departemen/${id}`, { nama: `Penulis ${w} ${i}` })
        if (res.status !== 200) throw new Error(`a Departemen edit answered ${res.status}`)
        done++
      }
    }),
  )
  return done / seconds
}

export async function writesLines(opts: { port: number }): Promise<string[]> {
  const lines: string[] = []
  const say = (line: string) => {
    lines.push(line)
    console.log(`  ${line}`)
  }
  const { child, apis } = await startCluster(opts.port)
  try {
    const [api1, api2] = apis as [string, string]
    const token = (await call(api1, null, 'POST', '/api/login', { kode_user: 'admin', password: 'admin' })).json.token as string
    // A list answers its rows (or, paged, { data, meta }): the first row's name.
    const masters = async (path: string, key: string) => {
      const body = (await call(api1, token, 'GET', path)).json
      return ((Array.isArray(body) ? body : body.data)[0] as Record<string, string>)[key]
    }
    const [ukuran, merek, tipe] = [
      await masters('/api/ukuran', 'nama'),
      await masters('/api/merek', 'nama_merek'),
      await masters('/api/typeban', 'nama_type'),
    ]
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      baris: i + 2,
      no_seri: `BENCH-${Date.now().toString(36)}-${i}`,
      ukuran,
      merek,
      tipe,
      kondisi: 'baru',
      harga: '1.500.000',
      tebal_tapak: 14.5,
      kendaraan: null,
      posisi: null,
      km: null,
    }))
    const staged = await call(api1, token, 'POST', '/api/impor/ban', { nama_file: 'bench.xlsx', rows })
    if (staged.status !== 201 || staged.json.data.siap !== rows.length) throw new Error(`staging the import answered ${staged.status}`)

    await smallWrites(api2, token, () => false, 20, 'pemanasan')
    const idle = await smallWrites(api2, token, () => false, 40, 'diam')
    say(`a Departemen add through api 2, idle: p50 ${ms(percentile(idle, 50))}, worst ${ms(Math.max(...idle))} (${idle.length} adds)`)

    let saving = true
    const importStarted = performance.now()
    const save = call(api1, token, 'POST', `/api/impor/ban/${staged.json.data.id}/simpan`, {}).finally(() => (saving = false))
    const during = await smallWrites(api2, token, () => saving, 5, 'impor')
    const saved = await save
    if (saved.status !== 200) throw new Error(`saving the import answered ${saved.status}`)
    const importSeconds = (performance.now() - importStarted) / 1000
    const worst = Math.max(...during)
    say(
      `a Departemen add through api 2 while api 1 saves a 10,000-tyre import (${importSeconds.toFixed(1)} s): ` +
        `p50 ${ms(percentile(during, 50))}, worst ${ms(worst)} (${during.length} adds; goal ≤ 250 ms: ${worst <= 250 ? '✓' : '✗'})`,
    )

    const ids: number[] = []
    for (let w = 0; w < 8; w++) ids.push((await call(api1, token, 'POST', '/api/departemen', { nama: `Penulis ${w}` })).json.data.id)
    const oneApi = await throughput([api1], token, ids, 10)
    const twoApis = await throughput([api1, api2], token, ids, 10)
    say(
      `8 concurrent writers, each on its own Departemen: ${oneApi.toFixed(0)} writes/s through one api, ${twoApis.toFixed(0)} through two`,
    )
  } finally {
    await stopCluster(child)
  }
  return lines
}
