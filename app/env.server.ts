import { z } from 'zod'

const DEV_SECRET = 'dev-only-secret-change-me-0123456789abcdef'

/** `v` as a URL, or null when it is none (zod's own url check then says so). */
function urlOrNull(v: string): URL | null {
  try {
    return new URL(v)
  } catch {
    return null
  }
}

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().positive().default(3000),
  API_PORT: z.coerce.number().int().positive().default(3001),
  /** Base URL of the upstream, without /api. Unset: the embedded api on API_PORT. */
  UPSTREAM_API_URL: z.string().url().optional(),
  /** Comma-separated, newest first, for rotation. */
  SESSION_SECRET: z.string().min(16, 'SESSION_SECRET harus minimal 16 karakter').optional(),
  /** Time budget of one upstream call (ms). */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Size bound of the upstream list cache (MiB of JSON text). */
  UPSTREAM_CACHE_MB: z.coerce.number().positive().default(24),
  /** Largest upstream answer read (MiB); a longer one fails as a malformed answer. */
  UPSTREAM_MAX_RESPONSE_MB: z.coerce.number().positive().default(20),
  /** How long a list from an upstream without validators (no ETag) is reused, per token (ms; 0 = never). */
  UPSTREAM_LIST_TTL_MS: z.coerce.number().int().min(0).default(3000),
  /** Absolute limit of any session (hours). */
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(12),
  /** Set to "true" when the app is served over plain HTTP in production (no Secure cookie). */
  INSECURE_COOKIES: z.enum(['true', 'false']).default('false'),
  // Behind a reverse proxy we run (server/index.ts reads it too): its X-Forwarded-Proto is believed.
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /** "true" when the embedded api serves the demo data (`npm start` passes it on): the login page says so. */
  DEMO_DATA: z.enum(['true', 'false']).default('false'),
  /**
   * The address users open (scheme, host, port; no path): every printed link and QR code names it,
   * never the Host header of the request (which a client chooses). Default for the demo:
   * http://localhost:PORT; required in production without the demo data.
   */
  PUBLIC_URL: z
    .string()
    .url('PUBLIC_URL harus berupa URL http(s), mis. https://armada.example.co.id')
    .refine((v) => /^https?:$/.test(urlOrNull(v)?.protocol ?? 'http:'), 'PUBLIC_URL harus memakai http atau https')
    .refine((v) => {
      const u = urlOrNull(v)
      return !u || ((u.pathname === '/' || u.pathname === '') && !u.username && !u.password && !/[?#]/.test(v))
    }, 'PUBLIC_URL hanya berisi skema, host dan port (tanpa path, query, #, atau nama pengguna)')
    .optional(),
})

/** The environment of the app, checked; throws with every problem listed. */
export function loadEnv(source: Record<string, string | undefined>) {
  const parsed = schema.safeParse(source)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')
    throw new Error(`Invalid environment variables:\n${lines}`)
  }
  const env = parsed.data
  let secrets = (env.SESSION_SECRET ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  if (secrets.length === 0) {
    if (env.NODE_ENV === 'production') throw new Error('SESSION_SECRET is required in production')
    console.warn('[app] SESSION_SECRET is not set: using a development value. Set it for any real use.')
    secrets = [DEV_SECRET]
  }
  if (!env.PUBLIC_URL && env.NODE_ENV === 'production' && env.DEMO_DATA !== 'true') {
    throw new Error('PUBLIC_URL is required in production (the address users open, e.g. https://armada.example.co.id)')
  }
  return {
    ...env,
    upstreamBaseUrl: (env.UPSTREAM_API_URL ?? `http://127.0.0.1:${env.API_PORT}`).replace(/\/+$/, ''),
    sessionSecrets: secrets,
    secureCookies: env.NODE_ENV === 'production' && env.INSECURE_COOKIES !== 'true',
    /** The origin of printed links and QR codes (PUBLIC_URL's, or http://localhost:PORT). */
    publicOrigin: new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).origin,
    demoData: env.DEMO_DATA === 'true',
  }
}

export const env = loadEnv(process.env)
