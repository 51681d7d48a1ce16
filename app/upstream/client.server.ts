import type { z } from 'zod'
import { env } from '~/env.server'
import {
  UpstreamHttpError,
  UpstreamMalformed,
  UpstreamUnauthorized,
  UpstreamUnavailable,
  UpstreamValidation,
} from './errors'
import { httpGet, type Answer } from './http-get.server'
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
  /** The list cache to use (tests give their own); default the process-wide one. */
  cache?: ListCache
}

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
  let body: BodyInit | undefined
  if (opts.json !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(opts.json)
  } else if (opts.form) {
    body = opts.form
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
    const budget = AbortSignal.timeout(up.timeoutMs ?? 10_000)
    const retries = method === 'GET' ? MAX_RETRIES : 0
    let res: Answer | null = null
    for (let attempt = 0; ; attempt++) {
      try {
        res = method === 'GET' ? await httpGet(url, headers, budget) : await fetched(url, { method, headers, body, signal: budget, redirect: 'manual' })
        if (attempt < retries && RETRYABLE.has(res.status)) {
          res.discard()
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

    if (res.status === 304 && shared) {
      const etag = res.header('etag')
      if (etag === null || etag === shared.etag) {
        res.discard()
        cache.hit(cacheKey!)
        return shared.data as z.infer<S>
      }
    }

    let textBody: string
    try {
      textBody = await res.text()
    } catch (error) {
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

    if (res.status === 401) {
      cache.refused(owner)
      if (up.onUnauthorized) await up.onUnauthorized(serverMessage)
      throw new UpstreamUnauthorized(serverMessage)
    }
    if (res.status === 422 && isJson) {
      const errors = (payload as { errors?: unknown })?.errors
      throw new UpstreamValidation(serverMessage ?? 'Data tidak valid.', normaliseFieldErrors(errors))
    }
    if (res.status < 200 || res.status >= 300) {
      throw new UpstreamHttpError(res.status, clip(textBody), serverMessage)
    }
    if (!isJson) throw new UpstreamMalformed(path, 'bukan JSON')
    const parsed = opts.schema.safeParse(payload)
    if (!parsed.success) {
      console.error(`[upstream] malformed answer for ${method} ${path}:`, parsed.error.issues.slice(0, 5))
      throw new UpstreamMalformed(path, parsed.error.issues[0]?.message ?? 'format')
    }
    if (cacheKey) {
      const data = Object.freeze(parsed.data) as z.infer<S>
      const etag = res.header('etag')
      if (etag) cache.storeShared(cacheKey, etag, data, textBody.length)
      else cache.storePrivate(cacheKey, owner, data, textBody.length)
      return data
    }
    return parsed.data
  }
}

/** A write (or any non-GET) through fetch, which encodes JSON and multipart bodies. */
async function fetched(url: URL, init: RequestInit): Promise<Answer> {
  const res = await fetch(url, init)
  return {
    status: res.status,
    header: (name) => res.headers.get(name),
    text: () => res.text(),
    discard: () => void res.body?.cancel().catch(() => undefined),
  }
}

/** Fetches a file (an uploaded image) from the upstream's storage; null when it is not there. */
export async function fetchFile(up: Upstream, path: string): Promise<Response | null> {
  try {
    const res = await fetch(`${up.baseUrl}${path}`, { signal: AbortSignal.timeout(up.timeoutMs ?? 10_000) })
    return res.ok ? res : null
  } catch {
    return null
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
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    if (cause?.code) return `${error.message} (${cause.code})`
    return error.message
  }
  return String(error)
}

function pause(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const t = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(t)
      reject(signal.reason)
    }, { once: true })
  })
}
