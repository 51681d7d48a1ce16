import { Readable } from 'node:stream'
import { Agent, request, type Dispatcher } from 'undici'
import type { z } from 'zod'
import { env } from '~/env.server'
import {
  UpstreamHttpError,
  UpstreamMalformed,
  UpstreamTooLarge,
  UpstreamUnauthorized,
  UpstreamUnavailable,
  UpstreamValidation,
} from './errors'
import { ListCache } from './list-cache.server'
import { isListSchema } from './normalize'

/**
 * Who calls the upstream: its base URL (without /api), the bearer token of the session, and what
 * to do when the upstream answers 401 (the session layer throws a redirect to /login there).
 */
export type Upstream = {
  baseUrl: string
  token: string | null
  timeoutMs?: number
  onUnauthorized?: (serverMessage: string | null) => Promise<never>
  /** The browser's address, sent as X-Forwarded-For (the upstream throttles logins per address). */
  clientAddress?: string
  /** The id of the browser's request (server/index.ts), sent as X-Request-Id: one id in both servers' logs. */
  requestId?: string
  /** The list cache to use (tests give their own); default the process-wide one. */
  cache?: ListCache
}

/**
 * The one HTTP client of the upstream, for reads and writes: undici's request() over a pool of
 * kept-alive connections per origin. Answers are asked for uncompressed (no Accept-Encoding; most
 * reads are 304s without a body) and are bounded in size (UPSTREAM_MAX_RESPONSE_MB): a longer
 * answer ends its connection and the call fails as a malformed answer.
 */
const maxResponseBytes = Math.floor(env.UPSTREAM_MAX_RESPONSE_MB * 1024 * 1024)
const agent = new Agent({ connections: 64, keepAliveTimeout: 10_000, maxResponseSize: maxResponseBytes })

/** The process-wide list cache (UPSTREAM_CACHE_MB, UPSTREAM_LIST_TTL_MS). */
export const listCache = new ListCache({
  maxBytes: env.UPSTREAM_CACHE_MB * 1024 * 1024,
  ttlMs: env.UPSTREAM_LIST_TTL_MS,
})

/** Schemas get a number each, so two lists at one URL (different shapes) never share an entry. */
const schemaIds = new WeakMap<z.ZodType, number>()
let lastSchemaId = 0
const schemaId = (schema: z.ZodType) => {
  let n = schemaIds.get(schema)
  if (n === undefined) schemaIds.set(schema, (n = ++lastSchemaId))
  return n
}

export const upstreamFor = (token: string | null, onUnauthorized?: Upstream['onUnauthorized']): Upstream => ({
  baseUrl: env.upstreamBaseUrl,
  token,
  timeoutMs: env.UPSTREAM_TIMEOUT_MS,
  onUnauthorized,
})

export type CallOptions<S extends z.ZodType> = {
  schema: S
  /** JSON body (Content-Type: application/json). */
  json?: unknown
  /** multipart body. */
  form?: FormData
  query?: Record<string, string | number | null | undefined>
  /**
   * A time budget of the call's own, for the few calls that do much work on the upstream (staging
   * and saving an import of 10,000 rows): the larger of it and the caller's budget applies.
   */
  timeoutMs?: number
}

const RETRYABLE = new Set([502, 503, 504])
const MAX_RETRIES = 2

/**
 * The one way to call the upstream: base URL, Accept JSON, bearer token, a time budget for the
 * whole call (retries included). GETs are retried at most twice on network errors and 502/503/504;
 * writes never. Answers are parsed with the given zod schema; failures become typed errors.
 *
 * Lists (schemas made by listOf) go through the list cache (list-cache.server.ts): a conditional GET
 * with the caller's token when a validated copy exists (a 304 returns it, no parse), a few seconds
 * of reuse per token when the upstream sends no validators. Any other method drops the caller's
 * cached lists, whatever the answer, so every screen's writes are seen at once by their author.
 * Cached lists are frozen: callers copy before they reorder (applyListQuery does).
 */
export async function call<S extends z.ZodType>(
  up: Upstream,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  opts: CallOptions<S>,
): Promise<z.infer<S>> {
  const url = new URL(`${up.baseUrl}${path}`)
  for (const [k, v] of Object.entries(opts.query ?? {})) {
    if (v !== null && v !== undefined && v !== '') url.searchParams.set(k, String(v))
  }
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (up.token) headers.Authorization = `Bearer ${up.token}`
  if (up.clientAddress) headers['X-Forwarded-For'] = up.clientAddress
  if (up.requestId) headers['X-Request-Id'] = up.requestId
  let body: string | Buffer | undefined
  if (opts.json !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(opts.json)
  } else if (opts.form) {
    // Encoded by Node's own Response: the FormData (and its Files) are Node's, not this undici's.
    const encoded = new Response(opts.form)
    headers['Content-Type'] = encoded.headers.get('content-type')!
    body = Buffer.from(await encoded.arrayBuffer())
  }

  const cache = up.cache ?? listCache
  const owner = ListCache.owner(up.token)
  const cacheKey = method === 'GET' && isListSchema(opts.schema) ? `${schemaId(opts.schema)} ${url.href}` : null
  const shared = cacheKey ? cache.sharedFor(cacheKey, owner) : null
  if (cacheKey && !shared) {
    const mine = cache.privateFor(cacheKey, owner)
    if (mine !== null) return mine as z.infer<S>
  }
  if (shared) headers['If-None-Match'] = shared.etag
  if (method !== 'GET') cache.wrote(owner)
  try {
    return await send()
  } finally {
    if (method !== 'GET') cache.wrote(owner) // also after: a list read while the write ran is not the writer's
  }

  async function send(): Promise<z.infer<S>> {
    const budget = AbortSignal.timeout(Math.max(up.timeoutMs ?? 10_000, opts.timeoutMs ?? 0))
    const retries = method === 'GET' ? MAX_RETRIES : 0
    let res: Dispatcher.ResponseData | null = null
    for (let attempt = 0; ; attempt++) {
      try {
        res = await request(url, { method, headers, body, signal: budget, dispatcher: agent })
        if (attempt < retries && RETRYABLE.has(res.statusCode)) {
          discard(res)
          await pause(150 * (attempt + 1), budget)
          continue
        }
        break
      } catch (error) {
        if (budget.aborted) throw new UpstreamUnavailable('waktu habis')
        if (attempt < retries) {
          await pause(150 * (attempt + 1), budget).catch(() => undefined)
          if (budget.aborted) throw new UpstreamUnavailable('waktu habis')
          continue
        }
        throw new UpstreamUnavailable(describe(error))
      }
    }

    const status = res.statusCode
    if (status === 304 && shared) {
      const etag = header(res, 'etag')
      if (etag === null || etag === shared.etag) {
        discard(res)
        cache.hit(cacheKey!)
        return shared.data as z.infer<S>
      }
    }

    let textBody: string
    try {
      if (Number(header(res, 'content-length') ?? 0) > maxResponseBytes) throw new ResponseTooLarge()
      textBody = await res.body.text()
    } catch (error) {
      if (isTooLarge(error)) {
        discard(res)
        console.error(`[upstream] answer for ${method} ${path} longer than ${env.UPSTREAM_MAX_RESPONSE_MB} MB`)
        throw new UpstreamTooLarge(path, `jawaban lebih besar dari ${env.UPSTREAM_MAX_RESPONSE_MB} MB`)
      }
      throw new UpstreamUnavailable(budget.aborted ? 'waktu habis' : describe(error))
    }
    let payload: unknown = null
    let isJson = false
    try {
      payload = textBody ? JSON.parse(textBody) : null
      isJson = true
    } catch {
      isJson = false
    }
    const serverMessage =
      isJson && payload && typeof payload === 'object' && typeof (payload as { message?: unknown }).message === 'string'
        ? (payload as { message: string }).message
        : null

    if (status === 401) {
      cache.refused(owner)
      if (up.onUnauthorized) await up.onUnauthorized(serverMessage)
      throw new UpstreamUnauthorized(serverMessage)
    }
    if (status === 422 && isJson) {
      const errors = (payload as { errors?: unknown })?.errors
      throw new UpstreamValidation(serverMessage ?? 'Data tidak valid.', normaliseFieldErrors(errors))
    }
    if (status < 200 || status >= 300) {
      throw new UpstreamHttpError(status, clip(textBody), serverMessage)
    }
    if (!isJson) throw new UpstreamMalformed(path, 'bukan JSON')
    const parsed = opts.schema.safeParse(payload)
    if (!parsed.success) {
      console.error(`[upstream] malformed answer for ${method} ${path}:`, parsed.error.issues.slice(0, 5))
      throw new UpstreamMalformed(path, parsed.error.issues[0]?.message ?? 'format')
    }
    if (cacheKey) {
      const data = Object.freeze(parsed.data) as z.infer<S>
      const etag = header(res, 'etag')
      if (etag) cache.storeShared(cacheKey, etag, data, textBody.length)
      else cache.storePrivate(cacheKey, owner, data, textBody.length)
      return data
    }
    return parsed.data
  }
}

/** A header of an answer (undici gives a repeated one as a list). */
function header(res: Dispatcher.ResponseData, name: string): string | null {
  const v = res.headers[name]
  return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v
}

/** The body is not wanted: read a little of it so the connection goes back to the pool, else close it. */
function discard(res: Dispatcher.ResponseData) {
  res.body.dump().catch(() => undefined)
}

/** An answer announced (Content-Length) or read longer than maxResponseBytes. */
class ResponseTooLarge extends Error {}
const isTooLarge = (error: unknown) =>
  error instanceof ResponseTooLarge || (error as { code?: unknown } | null)?.code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE'

/** A stored file as the upstream answered it: the file, or why not (403 refused, 404 anything else). */
export type FileAnswer = { ok: true; file: Response } | { ok: false; status: 403 | 404 }

/**
 * Fetches a file (an uploaded image) from the upstream's storage with the session's bearer token (the
 * upstream serves a photo only to a user holding the grant of the record it belongs to), as a
 * Response to pass on. 401 ends the session (onUnauthorized); 403 is passed on; anything else that is
 * not the file (missing, unreachable, longer than an answer may be) is 404.
 */
export async function fetchFile(up: Upstream, path: string): Promise<FileAnswer> {
  const headers: Record<string, string> = {}
  if (up.token) headers.Authorization = `Bearer ${up.token}`
  if (up.requestId) headers['X-Request-Id'] = up.requestId
  let res: Dispatcher.ResponseData
  try {
    res = await request(`${up.baseUrl}${path}`, { headers, signal: AbortSignal.timeout(up.timeoutMs ?? 10_000), dispatcher: agent })
  } catch {
    return { ok: false, status: 404 }
  }
  const status = res.statusCode
  if (status < 200 || status >= 300 || Number(header(res, 'content-length') ?? 0) > maxResponseBytes) {
    discard(res)
    if (status === 401 && up.onUnauthorized) await up.onUnauthorized(null)
    return { ok: false, status: status === 403 ? 403 : 404 }
  }
  const type = header(res, 'content-type')
  return {
    ok: true,
    file: new Response(Readable.toWeb(res.body) as ReadableStream<Uint8Array>, { headers: type ? { 'Content-Type': type } : {} }),
  }
}

function normaliseFieldErrors(errors: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  if (!errors || typeof errors !== 'object') return out
  for (const [k, v] of Object.entries(errors)) {
    if (Array.isArray(v)) out[k] = v.map(String)
    else if (typeof v === 'string') out[k] = [v]
  }
  return out
}

const clip = (s: string) => (s.length > 500 ? `${s.slice(0, 500)}…` : s)

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code
    if (typeof code === 'string' && !error.message.includes(code)) return `${error.message} (${code})`
    return error.message
  }
  return String(error)
}

function pause(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const t = setTimeout(resolve, ms)
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(t)
        reject(signal.reason)
      },
      { once: true },
    )
  })
}
