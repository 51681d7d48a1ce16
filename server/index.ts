// The app's HTTP server (instead of remix-serve): the built Remix app behind a few guards that must
// run before Remix does. Bundled by `npm run build` into build/app-server.js (esbuild; dependencies
// stay in node_modules), which npm start, the cluster, the bench and the Docker image run with the
// Node flags of scripts/app-node-args.mjs.
// - cross-site writes: a POST/PUT/PATCH/DELETE whose Origin is another site (or "null"), or that the
//   browser marks Sec-Fetch-Site: cross-site, gets a short Indonesian 403 page; Remix's own check
//   would answer a blank 500;
// - bounded request bodies: a body over BODY_LIMIT_FORM_MB / BODY_LIMIT_UPLOAD_MB is
//   answered 413 before Remix reads it (server/body-limit.ts). `remix vite:dev` (npm run dev) does
//   not go through this file, so development has no such limit: acceptable, it is not exposed;
// - the client's address for the upstream (login throttling per user and address): the socket's
//   peer, or, behind TRUST_PROXY_HOPS proxies we trust (TRUST_PROXY=true), the X-Forwarded-For entry
//   the outermost trusted proxy appended, never one the client wrote (scripts/client-address.mjs);
// - static files: hashed assets cached for a year, the rest for an hour; gzip. The hashed scripts and
//   stylesheets are sent as compressed at build time (vite.config.ts: .br with brotli 11, .gz with
//   gzip 9) rather than compressed per request (compression's brotli, quality 4, is larger than gzip);
// - one JSON line per request (morgan) and a graceful stop on SIGTERM / SIGINT (close-with-grace).
import type { ServerBuild } from '@remix-run/node'
import closeWithGrace from 'close-with-grace'
import compression from 'compression'
import express, { type NextFunction, type Request, type Response } from 'express'
import morgan from 'morgan'
import { randomUUID } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import { dirname, extname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { clientAddress, requestHost, trustedHops } from '../scripts/client-address.mjs'
import { patchesApplied } from '../scripts/patches.mjs'
import { bodyLimits, bodyOf, declaredTooLarge, limitBodies, wasRefused } from './body-limit.ts'
import { clientGone } from './client-gone.ts'
import { remixHandler } from './remix-handler.ts'

// server/index.ts or build/app-server.js: either way one folder below the root.
const root = join(dirname(fileURLToPath(import.meta.url)), '..')

const build: ServerBuild = await import(pathToFileURL(join(root, 'build', 'server', 'index.js')).href)
const port = Number(process.env.PORT ?? 3000)
const trustProxy = process.env.TRUST_PROXY === 'true'
const proxyHops = trustedHops(process.env.TRUST_PROXY_HOPS)
const limits = bodyLimits(process.env)

const FORBIDDEN_PAGE = `<!doctype html>
<html lang="id"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Permintaan ditolak — Armada</title>
<style>body{font-family:system-ui,sans-serif;background:#f1f5f9;color:#0f172a;margin:0;padding:3rem 1rem}
main{max-width:32rem;margin:auto;background:#fff;border:1px solid #fecaca;border-radius:.5rem;padding:1.5rem}
h1{color:#b91c1c;font-size:1.25rem;margin:0 0 .5rem}a{color:#1d4ed8;font-weight:600}</style></head>
<body><main><h1>Permintaan ditolak</h1>
<p>Permintaan ini berasal dari situs lain, sehingga tidak dijalankan. Tidak ada data yang diubah.</p>
<p>Jika Anda mengirim formulir dari aplikasi ini, muat ulang halamannya lalu kirim kembali.</p>
<p><a href="/admin/dashboard">Ke Dashboard</a></p></main></body></html>`

/** Is this write sent from another site? (Origin of another host or "null"; Sec-Fetch-Site cross-site.) */
export function isCrossSite(req: Request): boolean {
  const origin = req.get('origin')
  if (origin !== undefined) {
    if (origin === 'null') return true
    let host: string
    try {
      host = new URL(origin).host
    } catch {
      return true
    }
    if (host !== requestHost({ forwardedHost: req.get('x-forwarded-host'), host: req.get('host'), trustProxy })) return true
  }
  return req.get('sec-fetch-site') === 'cross-site'
}

const assetsDir = join(root, 'build', 'client', 'assets')
const precompressed = new Set(existsSync(assetsDir) ? readdirSync(assetsDir).filter((f) => /\.(br|gz)$/.test(f)) : [])
const ASSET_TYPES: Record<string, string | undefined> = {
  '.js': 'application/javascript; charset=UTF-8',
  '.css': 'text/css; charset=UTF-8',
  '.svg': 'image/svg+xml',
}

/** A hashed asset in the best encoding the browser accepts that the build wrote (br, else gzip); else next(). */
function precompressedAsset(req: Request, res: Response, next: NextFunction) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return next()
  const name = req.path.slice(1)
  const type = ASSET_TYPES[extname(name)]
  if (!type || !/^[\w.-]+$/.test(name) || !req.get('accept-encoding')) return next()
  const encoding = ['br', 'gzip'].find((e) => req.acceptsEncodings(e) === e && precompressed.has(`${name}.${e === 'br' ? 'br' : 'gz'}`))
  if (!encoding) return next()
  res.set({ 'Content-Type': type, 'Content-Encoding': encoding, Vary: 'Accept-Encoding' })
  // Immutable (the name changes with the content), so no validators and no ranges of the compressed bytes.
  res.sendFile(
    join(assetsDir, `${name}.${encoding === 'br' ? 'br' : 'gz'}`),
    { maxAge: '1y', immutable: true, etag: false, lastModified: false, acceptRanges: false },
    (err) => {
      if (err) next(err)
    },
  )
}

// The one dependency patch (scripts/patches.mjs): said at start when it is missing (pages work, slower).
const routerPatch = patchesApplied()
if (!routerPatch.applied) {
  console.error(
    `[app] patches/@remix-run+router+*.patch is not applied to ${routerPatch.file} (run npm install): pages are about 15 % slower.`,
  )
}

const app = express()
app.disable('x-powered-by')
// A request id: the trusted proxy's X-Request-Id (TRUST_PROXY=true) or a new one. Remix passes it to
// the upstream (app/upstream/client.server.ts), which logs it too; the browser gets it back.
app.use((req, res, next) => {
  const given = trustProxy ? req.headers['x-request-id'] : undefined
  const id = typeof given === 'string' && /^[\w.:-]{1,64}$/.test(given) ? given : randomUUID()
  req.headers['x-request-id'] = id
  res.setHeader('X-Request-Id', id)
  next()
})
// One log line per request once its answer is sent, JSON for a log collector (the api's lines have
// the same fields). LOG_REQUESTS=false: none.
if (process.env.LOG_REQUESTS !== 'false') {
  app.use(
    morgan<Request, Response>(
      (tokens, req, res) =>
        JSON.stringify({
          time: tokens.date(req, res, 'iso'),
          server: 'app',
          id: res.get('X-Request-Id'),
          method: req.method,
          path: req.originalUrl.split('?')[0],
          status: res.statusCode,
          ms: Number(tokens['total-time'](req, res, 1)),
        }),
      // Only answers that ended (a client that went away before that leaves no line).
      { skip: (_req, res) => !res.writableEnded },
    ),
  )
}
// For a load balancer or an orchestrator: /healthz — the process answers; /readyz — and
// the upstream answers (any HTTP answer below 500 within 2 s; 503 while stopping).
const upstreamBase = (process.env.UPSTREAM_API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 3001}`).replace(/\/+$/, '')
let stopping = false
// While stopping, every answer ends its connection (Connection: close): a proxy's keep-alive
// connection (nginx's upstream keepalive) would otherwise go on carrying new requests to this process
// until the 10 s bound below cut them off mid-request; closed, the proxy's next request finds the
// port shut and goes to another instance.
app.use((_req, res, next) => {
  if (stopping) res.setHeader('Connection', 'close')
  next()
})
app.get('/healthz', (_req, res) => {
  res.set({ 'Cache-Control': 'no-store' }).json({ ok: true })
})
/** /readyz's answer: ready while the upstream answers below 500 within 2 s, and not stopping. */
async function readiness(): Promise<{ ok: true } | { ok: false; reason: string }> {
  if (stopping) return { ok: false, reason: 'stopping' }
  try {
    const answer = await fetch(`${upstreamBase}/api/me`, { signal: AbortSignal.timeout(2000) })
    return answer.status < 500 ? { ok: true } : { ok: false, reason: `upstream ${answer.status}` }
  } catch {
    return { ok: false, reason: 'upstream unreachable' }
  }
}
app.get('/readyz', (_req, res) => {
  res.set({ 'Cache-Control': 'no-store' })
  void readiness().then((ready) => res.status(ready.ok ? 200 : 503).json(ready))
})
app.use(compression())
app.use(limitBodies(limits))
// What Remix reads of the forwarded host (its request URL) is the value the trusted proxy set, or none.
app.use((req, _res, next) => {
  const forwarded = req.headers['x-forwarded-host']
  if (forwarded !== undefined) {
    if (trustProxy) req.headers['x-forwarded-host'] = requestHost({ forwardedHost: forwarded, host: req.headers.host, trustProxy })
    else delete req.headers['x-forwarded-host']
  }
  next()
})
app.use('/assets', precompressedAsset)
app.use('/assets', express.static(join(root, 'build', 'client', 'assets'), { immutable: true, maxAge: '1y' }))
// The other public files (logo.svg): only paths that name a file, so a page request is not a disk stat.
const publicFiles = express.static(join(root, 'build', 'client'), { maxAge: '1h' })
app.use((req, res, next) => (/\.[a-z0-9]+$/i.test(req.path) ? publicFiles(req, res, next) : next()))
app.use((req, res, next) => {
  if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(req.method) && isCrossSite(req)) {
    res.status(403).set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' })
    res.send(FORBIDDEN_PAGE)
    return
  }
  next()
})
const remix = remixHandler({
  build,
  mode: process.env.NODE_ENV ?? 'production',
  bodyOf,
  getLoadContext: (req, res) => ({
    clientAddress: clientAddress({
      forwardedFor: req.get('x-forwarded-for'),
      remoteAddress: req.socket.remoteAddress,
      trustProxy,
      hops: proxyHops,
    }),
    client: () => clientGone(res),
  }),
})
// A chunked body is read through body-limit's counting stream; once that refused the body (413 sent),
// Remix's late answer to the failed read is dropped.
app.all('*', (req, res, next) => void remix(req, res, (error?: unknown) => (wasRefused(res) ? undefined : next(error))))
const server = app.listen(port, () => console.log(`[app] http://localhost:${port}`))
// `Expect: 100-continue` (curl, for bodies over 1 MB): the client is asked for the body only when it
// is within the limit; otherwise it gets the 413 without sending it.
server.on('checkContinue', (req, res) => {
  if (!declaredTooLarge(req.headers, limits)) res.writeContinue()
  app(req, res)
})

// SIGTERM (npm start's shutdown, `docker stop`) or SIGINT: take no new connections, answer /readyz
// 503 and close every connection after its answer, close the idle keep-alive connections, finish the
// requests in flight, exit 0; at most 10 s (then exit 1). A second signal exits at once (Ctrl-C on
// npm start: the terminal's SIGINT, then start.mjs's SIGTERM). An uncaught error still ends the
// process at once, as Node does (npm start starts it again).
closeWithGrace(
  {
    delay: 10_000,
    skip: ['uncaughtException', 'unhandledRejection'],
    onSecondSignal: (signal) => console.error(`[app] ${signal} while stopping: exiting now.`),
    onTimeout: (delay) => console.error(`[app] requests still in flight after ${delay / 1000} s: exiting.`),
  },
  async () => {
    stopping = true
    const closed = new Promise<void>((resolve) => server.close(() => resolve()))
    server.closeIdleConnections()
    await closed
  },
)
