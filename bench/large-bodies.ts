/**
 * (e) of `npm run bench` (bounded bodies): four concurrent 60 MB bodies sent anonymously to
 * POST /login (one with Content-Length, three chunked), as fast as the app takes them. Measured: the
 * answers (413 expected), the app's peak RSS while they arrive (sampled every 50 ms from /proc, as the
 * load's RSS), and /login asked meanwhile (every 100 ms): how many answered 200 and the slowest.
 */
import { readFileSync } from 'node:fs'
import http from 'node:http'

const MB = 1024 * 1024

export type LargeBodies = {
  statuses: (number | null)[]
  seconds: number
  rssBefore: number
  rssPeak: number
  polls: number
  pollsOk: number
  slowestPoll: number
}

function rssOf(pid: number | undefined): number {
  if (!pid) return NaN
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return m ? Number(m[1]) * 1024 : NaN
  } catch {
    return NaN
  }
}

function postBig(base: string, size: number, chunked: boolean): Promise<number | null> {
  return new Promise((resolve) => {
    const url = new URL('/login', base)
    const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base }
    if (!chunked) headers['Content-Length'] = String(size)
    const req = http.request({ hostname: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers })
    let status: number | null = null
    req.on('response', (res) => {
      status = res.statusCode ?? null
      res.resume()
    })
    req.on('error', () => undefined)
    req.on('close', () => resolve(status))
    const chunk = Buffer.alloc(64 * 1024, 'a')
    let sent = 0
    const pump = () => {
      while (sent < size && !req.destroyed) {
        sent += chunk.length
        if (!req.write(chunk)) return void req.once('drain', pump)
      }
      if (!req.destroyed) req.end()
    }
    pump()
  })
}

export async function largeBodies(base: string, appPid: number | undefined): Promise<LargeBodies> {
  const rssBefore = rssOf(appPid)
  let rssPeak = rssBefore
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssOf(appPid))), 50)
  let stop = false
  let polls = 0
  let pollsOk = 0
  let slowestPoll = 0
  const poller = (async () => {
    while (!stop) {
      const t0 = performance.now()
      try {
        const res = await fetch(`${base}/login`, { signal: AbortSignal.timeout(10_000) })
        await res.text()
        if (res.status === 200) pollsOk++
      } catch {
        // counted as not answered
      }
      polls++
      slowestPoll = Math.max(slowestPoll, performance.now() - t0)
      await new Promise((r) => setTimeout(r, 100))
    }
  })()
  const t0 = performance.now()
  const statuses = await Promise.all([
    postBig(base, 60 * MB, false),
    postBig(base, 60 * MB, true),
    postBig(base, 60 * MB, true),
    postBig(base, 60 * MB, true),
  ])
  const seconds = (performance.now() - t0) / 1000
  stop = true
  await poller
  clearInterval(sampler)
  rssPeak = Math.max(rssPeak, rssOf(appPid))
  return { statuses, seconds, rssBefore, rssPeak, polls, pollsOk, slowestPoll }
}

export function largeBodiesLine(r: LargeBodies): string {
  const all413 = r.statuses.every((s) => s === 413)
  return (
    `four concurrent 60 MB bodies to POST /login: answers ${r.statuses.map((s) => s ?? 'none').join(', ')}${all413 ? '' : ' (413 expected: FAILED)'} in ${r.seconds.toFixed(1)} s;` +
    ` app RSS ${(r.rssBefore / MB).toFixed(0)} MB before, peak ${(r.rssPeak / MB).toFixed(0)} MB;` +
    ` /login meanwhile ${r.pollsOk}/${r.polls} answered 200, slowest ${r.slowestPoll.toFixed(0)} ms`
  )
}
