/**
 * The bench's React SPA (bench/spa/, the comparison): built once per run with Vite's JS API
 * (its own minimal config, not the app's vite.config.ts) and served like a typical production
 * single-page app behind one host: static files gzip-compressed (once, at startup), hashed assets
 * cached for a year, index.html revalidated and answered for every other path, and `/api/*` proxied
 * to the reference api with its JSON gzip-compressed on the way when the browser accepts it (as
 * nginx with `gzip on` in front of the seed would).
 */
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { extname, join, relative } from 'node:path'
import { createGzip, gzipSync } from 'node:zlib'
import { build } from 'vite'

const root = new URL('..', import.meta.url).pathname

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
}

/** Production build of bench/spa into a temporary directory (React's production build, minified). */
export async function buildSpa(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'fleet-bench-spa-'))
  await build({
    configFile: false,
    envFile: false,
    root: join(root, 'bench', 'spa'),
    mode: 'production',
    logLevel: 'warn',
    // No @vitejs/plugin-react in node_modules: esbuild's automatic JSX runtime does the same transform.
    esbuild: { jsx: 'automatic' },
    build: { outDir, emptyOutDir: true, minify: true, sourcemap: false, reportCompressedSize: false },
  })
  return outDir
}

type File = { body: Buffer; gzip: Buffer; type: string; cache: string }

function filesOf(dir: string): Map<string, File> {
  const files = new Map<string, File>()
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name)
      if (statSync(path).isDirectory()) walk(path)
      else {
        const body = readFileSync(path)
        const url = `/${relative(dir, path).split('\\').join('/')}`
        files.set(url, {
          body,
          gzip: gzipSync(body),
          type: TYPES[extname(path)] ?? 'application/octet-stream',
          // Vite's assets/ are content-hashed; the document is revalidated every time.
          cache: url.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        })
      }
    }
  }
  walk(dir)
  return files
}

const acceptsGzip = (req: IncomingMessage) => /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))

function proxy(req: IncomingMessage, res: ServerResponse, api: URL) {
  const headers = { ...req.headers, host: api.host }
  delete headers['accept-encoding'] // the proxy compresses, as nginx would
  const upstream = request({ host: api.hostname, port: api.port, path: req.url, method: req.method, headers }, (up) => {
    const out = { ...up.headers }
    const compress =
      acceptsGzip(req) &&
      !up.headers['content-encoding'] &&
      /json|text/.test(String(up.headers['content-type'] ?? '')) &&
      up.statusCode !== 304
    if (compress) {
      delete out['content-length']
      out['content-encoding'] = 'gzip'
      out.vary = 'Accept-Encoding'
      // As nginx does: a strong validator does not survive the transformation.
      const etag = up.headers.etag
      if (etag && !etag.startsWith('W/')) out.etag = `W/${etag}`
    }
    res.writeHead(up.statusCode ?? 502, out)
    if (compress) up.pipe(createGzip()).pipe(res)
    else up.pipe(res)
  })
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' })
    res.end('{"message":"Bad Gateway"}')
  })
  req.pipe(upstream)
}

/** Serves the built SPA on `port` (localhost) with `/api/*` proxied to `apiBase`. */
export async function serveSpa(dir: string, port: number, apiBase: string): Promise<{ base: string; server: Server }> {
  const files = filesOf(dir)
  const index = files.get('/index.html')
  if (!index) throw new Error(`${dir}/index.html is missing`)
  const api = new URL(apiBase)
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]
    if (path.startsWith('/api/')) return proxy(req, res, api)
    const file = files.get(path) ?? index
    const gzip = acceptsGzip(req)
    const body = gzip ? file.gzip : file.body
    res.writeHead(200, {
      'content-type': file.type,
      'content-length': body.length,
      'cache-control': file.cache,
      vary: 'Accept-Encoding',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    })
    res.end(req.method === 'HEAD' ? undefined : body)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  return { base: `http://127.0.0.1:${port}`, server }
}

export function removeSpaBuild(dir: string) {
  rmSync(dir, { recursive: true, force: true })
}
