import { Hono } from 'hono'
import { authRoutes, requireToken, trustedProxiesFrom } from './auth.ts'
import { boundedBodies } from './body-limit.ts'
import { imporRoutes } from './routes/impor.ts'
import { KM_KENDARAAN_EXTENSION } from './routes/km-kendaraan.ts'
import { JADWAL_SERVIS_EXTENSION } from './routes/jadwal-servis.ts'
import { BIAYA_KENDARAAN_EXTENSION } from './routes/biaya-kendaraan.ts'
import { PERINTAH_KERJA_EXTENSION } from './routes/perintah-kerja.ts'
import { requireApiGrant } from './grants.ts'
import { API_GRANTS } from './routes/grants.ts'
import type { ApiEnv, DB } from './types.ts'
import { enabledExtensions, featureRoutes, type Extension } from './features.ts'
import { ApiError } from './http.ts'
import { isForeignKeyError, isOutOfRangeError, isUniqueError } from './database.ts'
import { auditRoutes } from './audit.ts'
import { servePhoto } from './photos.ts'
import { conditionalGets } from './versions.ts'
import { departemenRoutes } from './routes/departemen.ts'
import { masterRoutes } from './routes/master.ts'
import { EXTENSION_ROUTES, transaksiRoutes } from './routes/transaksi.ts'
import { profilRoutes } from './routes/profil.ts'

export type ApiOptions = {
  db: DB
  uploadsDir: string
  /** Lifetime of a bearer token. Default 12 hours. */
  tokenTtlMs?: number
  /**
   * Socket addresses whose X-Forwarded-For is believed (the app). Default: API_TRUSTED_PROXIES
   * (comma-separated), else loopback 127.0.0.1, ::1, ::ffff:127.0.0.1.
   */
  trustedProxies?: readonly string[]
  /** One JSON line per request (method, path, status, ms and the app's X-Request-Id); none when absent. */
  log?: (line: string) => void
  /** The extensions of the spec to offer (api/features.ts). Default: API_EXTENSIONS, else all. */
  extensions?: Set<Extension>
}

/** The reference upstream: every call of the specification under /api, uploads under /storage (with a token and the owner's grant). */
export async function createApi(opts: ApiOptions) {
  const app = new Hono<ApiEnv>()

  const log = opts.log
  if (log) {
    app.use('*', async (c, next) => {
      const started = performance.now()
      const given = c.req.header('x-request-id')
      const id = given && /^[\w.:-]{1,64}$/.test(given) ? given : crypto.randomUUID()
      c.header('X-Request-Id', id)
      await next()
      const ms = Math.round((performance.now() - started) * 10) / 10
      log(
        JSON.stringify({
          time: new Date().toISOString(),
          server: 'api',
          id,
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          ms,
        }),
      )
    })
  }

  app.use('*', async (c, next) => {
    c.set('db', opts.db)
    c.set('uploadsDir', opts.uploadsDir)
    await next()
  })

  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(err.body(), err.status)
    if (isForeignKeyError(err)) {
      return c.json({ message: 'Data tidak dapat diubah atau dihapus karena masih digunakan oleh data lain.' }, 409)
    }
    if (isUniqueError(err)) {
      return c.json({ message: 'Data dengan nilai yang sama sudah ada.' }, 409)
    }
    if (isOutOfRangeError(err)) {
      return c.json({ message: 'Angka terlalu besar untuk disimpan. Periksa harga, biaya dan km yang diisi.' }, 422)
    }
    console.error('[api] unhandled error', err)
    return c.json({ message: 'Server Error' }, 500)
  })
  app.notFound((c) => c.json({ message: 'Tidak ditemukan.' }, 404))

  app.get('/health', (c) => c.json({ ok: true }))

  // Uploaded photos: a token, and Show (or Update) on the menu of the record that holds the photo
  // (api/photos.ts); by generated name only, never as HTML, never kept by a shared cache.
  app.get('/storage/uploads/:name', requireToken, (c) => servePhoto(c, opts.uploadsDir))

  const grantCheck = requireApiGrant(API_GRANTS)
  const api = new Hono<ApiEnv>()
  // Bodies over the limit are refused before anything reads them (login included).
  api.use('*', boundedBodies)
  api.route(
    '/',
    authRoutes({
      tokenTtlMs: opts.tokenTtlMs ?? 12 * 60 * 60 * 1000,
      trustedProxies: opts.trustedProxies ?? trustedProxiesFrom(process.env.API_TRUSTED_PROXIES),
    }),
  )
  api.use('*', async (c, next) => {
    if (c.req.path === '/api/login') return next()
    return requireToken(c, next)
  })
  // The token's user must hold the route's grant (api/routes/grants.ts); before the 304s, so a
  // refused user learns nothing from an ETag either.
  api.use('*', async (c, next) => {
    if (c.req.path === '/api/login') return next()
    return grantCheck(c, next)
  })
  api.use('*', await conditionalGets(opts.db))
  const extensions = opts.extensions ?? enabledExtensions()
  const paged = extensions.has('paged-lists')
  api.use('*', async (c, next) => {
    c.set('paged', paged)
    await next()
  })
  api.route('/', departemenRoutes())
  api.route('/', masterRoutes())
  api.route('/', transaksiRoutes())
  // Extensions of the spec (docs/upstream-contract.md): mounted only when switched on.
  api.route('/', featureRoutes(extensions))
  for (const [name, routes] of Object.entries(EXTENSION_ROUTES)) {
    if (extensions.has(name as Extension)) for (const m of routes) api.route('/', m.routes())
  }
  // Import from a spreadsheet (api/routes/impor.ts).
  if (extensions.has('impor')) api.route('/', imporRoutes())
  // Odometer readings (api/routes/km-kendaraan.ts).
  if (extensions.has('km-kendaraan')) api.route('/', KM_KENDARAAN_EXTENSION.routes())
  // Service plans and what falls due (api/routes/jadwal-servis.ts).
  if (extensions.has('jadwal-servis')) api.route('/', JADWAL_SERVIS_EXTENSION.routes())
  // The cost per vehicle of a period (api/routes/biaya-kendaraan.ts).
  if (extensions.has('biaya-kendaraan')) api.route('/', BIAYA_KENDARAAN_EXTENSION.routes())
  // Work orders (api/routes/perintah-kerja.ts).
  if (extensions.has('perintah-kerja')) api.route('/', PERINTAH_KERJA_EXTENSION.routes())
  // Own password and contact.
  if (extensions.has('password')) api.route('/', profilRoutes())
  if (extensions.has('audit')) api.route('/', auditRoutes())
  app.route('/api', api)

  return app
}
