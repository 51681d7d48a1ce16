import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { call, listCache, type Upstream } from '~/upstream/client.server'
import {
  UpstreamHttpError,
  UpstreamMalformed,
  UpstreamUnauthorized,
  UpstreamUnavailable,
  UpstreamValidation,
  userMessage,
} from '~/upstream/errors'
import { listOf } from '~/upstream/normalize'
import { idSegment } from '~/upstream/resource.server'

/**
 * A deliberately faulty upstream on 127.0.0.1: each test sets `handler`; `hits` counts
 * the requests it received.
 */
type Handler = (req: IncomingMessage, res: ServerResponse, hit: number) => void
let handler: Handler = (_req, res) => res.end()
let hits = 0
let lastRequest: { method?: string; url?: string; headers: IncomingMessage['headers'] } | null = null
let server: Server
let baseUrl: string

beforeAll(async () => {
  server = createServer((req, res) => {
    hits++
    lastRequest = { method: req.method, url: req.url, headers: req.headers }
    req.resume()
    req.on('end', () => handler(req, res, hits))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

afterEach(() => {
  hits = 0
  lastRequest = null
  handler = (_req, res) => res.end()
  listCache.clear() // lists are kept a few seconds per token (list-cache.server.ts)
  vi.restoreAllMocks()
})

const up = (over: Partial<Upstream> = {}): Upstream => ({ baseUrl, token: 'tok-123', timeoutMs: 3000, ...over })
const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json' })
  res.end(JSON.stringify(body))
}
const rows = listOf(z.object({ id: z.number() }))

async function failure(p: Promise<unknown>): Promise<Error> {
  try {
    await p
  } catch (error) {
    return error as Error
  }
  throw new Error('expected the call to fail')
}

describe('client.server call(): requests', () => {
  it('sends Accept JSON, the bearer token and the query without empty values', async () => {
    handler = (_req, res) => json(res, 200, [{ id: 1 }])
    const out = await call(up(), 'GET', '/api/ban', { schema: rows, query: { status: 'stok', q: '', x: null, y: undefined, n: 0 } })
    expect(out).toEqual([{ id: 1 }])
    expect(lastRequest?.url).toBe('/api/ban?status=stok&n=0')
    expect(lastRequest?.headers.accept).toBe('application/json')
    expect(lastRequest?.headers.authorization).toBe('Bearer tok-123')
  })
  it('sends no Authorization header without a token', async () => {
    handler = (_req, res) => json(res, 200, [])
    await call(up({ token: null }), 'GET', '/api/x', { schema: rows })
    expect(lastRequest?.headers.authorization).toBeUndefined()
  })
})

describe('client.server call(): error mapping', () => {
  it('401 → UpstreamUnauthorized with the server message', async () => {
    handler = (_req, res) => json(res, 401, { message: 'Unauthenticated.' })
    const e = await failure(call(up(), 'GET', '/api/karyawan', { schema: rows }))
    expect(e).toBeInstanceOf(UpstreamUnauthorized)
    expect(e.message).toBe('Unauthenticated.')
    expect(hits).toBe(1)
  })
  it('401 without JSON → UpstreamUnauthorized with the default message', async () => {
    handler = (_req, res) => {
      res.writeHead(401)
      res.end('nope')
    }
    const e = await failure(call(up(), 'GET', '/api/karyawan', { schema: rows }))
    expect(e).toBeInstanceOf(UpstreamUnauthorized)
    expect(e.message).toBe('Sesi berakhir. Silakan login kembali.')
  })
  it('422 with errors → UpstreamValidation with field errors', async () => {
    handler = (_req, res) =>
      json(res, 422, {
        message: 'Nama Supplier tidak boleh kosong!',
        errors: { nama_supp: ['Nama Supplier tidak boleh kosong!'], nama_bank: 'Bank tidak valid.' },
      })
    const e = await failure(call(up(), 'POST', '/api/supplier/add', { schema: z.unknown(), form: new FormData() }))
    expect(e).toBeInstanceOf(UpstreamValidation)
    const v = e as UpstreamValidation
    expect(v.message).toBe('Nama Supplier tidak boleh kosong!')
    expect(v.fieldErrors).toEqual({ nama_supp: ['Nama Supplier tidak boleh kosong!'], nama_bank: ['Bank tidak valid.'] })
    expect(userMessage(e)).toBe('Nama Supplier tidak boleh kosong!')
  })
  it('422 without JSON → UpstreamHttpError', async () => {
    handler = (_req, res) => {
      res.writeHead(422)
      res.end('Unprocessable')
    }
    const e = await failure(call(up(), 'POST', '/api/x', { schema: z.unknown(), json: {} }))
    expect(e).toBeInstanceOf(UpstreamHttpError)
    expect(e.message).toBe('Error: 422 - Unprocessable')
  })
  it('500 with text → UpstreamHttpError "Error: 500 - …"', async () => {
    handler = (_req, res) => {
      res.writeHead(500, { 'Content-Type': 'text/plain' })
      res.end('Server Error')
    }
    const e = await failure(call(up(), 'GET', '/api/stnk', { schema: rows }))
    expect(e).toBeInstanceOf(UpstreamHttpError)
    expect(e.message).toBe('Error: 500 - Server Error')
    expect((e as UpstreamHttpError).status).toBe(500)
    expect((e as UpstreamHttpError).serverMessage).toBeNull()
    expect(userMessage(e)).toBe('Error: 500 - Server Error')
    expect(hits).toBe(1) // 500 is not retried
  })
  it('409 with a JSON message → UpstreamHttpError carrying the server message', async () => {
    handler = (_req, res) => json(res, 409, { message: 'Dokumen sudah diposting.' })
    const e = await failure(call(up(), 'DELETE', '/api/pembelian-ban/1', { schema: z.unknown() }))
    expect(e).toBeInstanceOf(UpstreamHttpError)
    expect(e.message).toBe('Error: 409 - {"message":"Dokumen sudah diposting."}')
    expect((e as UpstreamHttpError).serverMessage).toBe('Dokumen sudah diposting.')
  })
  it('a very long error text is clipped', async () => {
    handler = (_req, res) => {
      res.writeHead(500)
      res.end('x'.repeat(2000))
    }
    const e = await failure(call(up(), 'POST', '/api/x', { schema: z.unknown(), json: {} }))
    expect((e as UpstreamHttpError).responseText.length).toBeLessThanOrEqual(501)
  })
  it('200 with garbage (not JSON) → UpstreamMalformed', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' })
      res.end('<html>maintenance</html>')
    }
    const e = await failure(call(up(), 'GET', '/api/merek', { schema: rows }))
    expect(e).toBeInstanceOf(UpstreamMalformed)
    expect(e.message).toBe('Jawaban server untuk /api/merek tidak sesuai format yang diharapkan.')
    expect((e as UpstreamMalformed).detail).toBe('bukan JSON')
  })
  it('200 JSON of the wrong shape → UpstreamMalformed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    handler = (_req, res) => json(res, 200, [{ id: 1 }, { id: 'x' }])
    const e = await failure(call(up(), 'GET', '/api/merek', { schema: rows }))
    expect(e).toBeInstanceOf(UpstreamMalformed)
    expect((e as UpstreamMalformed).path).toBe('/api/merek')
  })
  it('an answer slower than the time budget → UpstreamUnavailable (waktu habis)', async () => {
    handler = (_req, res) => {
      const t = setTimeout(() => json(res, 200, []), 2000)
      res.on('close', () => clearTimeout(t))
    }
    const e = await failure(call(up({ timeoutMs: 150 }), 'GET', '/api/slow', { schema: rows }))
    expect(e).toBeInstanceOf(UpstreamUnavailable)
    expect(e.message).toBe('Server tidak dapat dihubungi: waktu habis')
  })
  it('a slow write is not retried either', async () => {
    handler = (_req, res) => {
      const t = setTimeout(() => json(res, 200, {}), 2000)
      res.on('close', () => clearTimeout(t))
    }
    const e = await failure(call(up({ timeoutMs: 150 }), 'POST', '/api/slow', { schema: z.unknown(), json: {} }))
    expect(e).toBeInstanceOf(UpstreamUnavailable)
    expect(hits).toBe(1)
  })
  it('a call with a budget of its own (an import) waits past the caller’s budget', async () => {
    let answer: () => void = () => undefined
    // The import's answer waits until the test sends it; the other call's never comes.
    handler = (req, res) => {
      if (req.url === '/api/impor/ban') answer = () => json(res, 201, { ok: true })
    }
    // The caller's budget is 150 ms; the call's own is 30 s: the answer, sent once the caller's
    // budget has passed, is taken.
    const pending = call(up({ timeoutMs: 150 }), 'POST', '/api/impor/ban', { schema: z.unknown(), json: {}, timeoutMs: 30_000 })
    const overBudget = call(up({ timeoutMs: 150 }), 'POST', '/api/slow', { schema: z.unknown(), json: {} }).catch((e: unknown) => e)
    expect(await overBudget).toBeInstanceOf(UpstreamUnavailable)
    answer()
    expect(await pending).toEqual({ ok: true })
  })
  it('503 then 200 on a GET → retried, succeeds', async () => {
    handler = (_req, res, hit) => (hit === 1 ? json(res, 503, { message: 'busy' }) : json(res, 200, [{ id: 9 }]))
    expect(await call(up(), 'GET', '/api/ukuran', { schema: rows })).toEqual([{ id: 9 }])
    expect(hits).toBe(2)
  })
  it('502/504 on a GET are retried at most twice', async () => {
    handler = (_req, res, hit) => json(res, hit === 1 ? 502 : 504, { message: 'gateway' })
    const e = await failure(call(up(), 'GET', '/api/ukuran', { schema: rows }))
    expect(e).toBeInstanceOf(UpstreamHttpError)
    expect((e as UpstreamHttpError).status).toBe(504)
    expect(hits).toBe(3)
  })
  it('503 on a POST → not retried, UpstreamHttpError', async () => {
    handler = (_req, res, hit) => (hit === 1 ? json(res, 503, { message: 'busy' }) : json(res, 200, {}))
    const e = await failure(call(up(), 'POST', '/api/inquery-pembelian/1/posting', { schema: z.unknown(), json: {} }))
    expect(e).toBeInstanceOf(UpstreamHttpError)
    expect(e.message).toBe('Error: 503 - {"message":"busy"}')
    expect(hits).toBe(1)
  })
  it('a dropped connection on a GET is retried', async () => {
    handler = (req, res, hit) => (hit === 1 ? req.socket.destroy() : json(res, 200, [{ id: 2 }]))
    expect(await call(up(), 'GET', '/api/golongan', { schema: rows })).toEqual([{ id: 2 }])
    expect(hits).toBe(2)
  })
  it('a dropped connection on a DELETE is not retried → UpstreamUnavailable', async () => {
    handler = (req) => req.socket.destroy()
    const e = await failure(call(up(), 'DELETE', '/api/golongan/1', { schema: z.unknown() }))
    expect(e).toBeInstanceOf(UpstreamUnavailable)
    expect(hits).toBe(1)
  })
  it('a refused connection → UpstreamUnavailable naming the cause', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const e = await failure(call(up({ baseUrl: `http://127.0.0.1:${port}` }), 'GET', '/api/karyawan', { schema: rows }))
    expect(e).toBeInstanceOf(UpstreamUnavailable)
    expect(e.message).toMatch(/^Server tidak dapat dihubungi: .*ECONNREFUSED/)
  })
})

describe('idSegment', () => {
  it('accepts positive integers as numbers or digit text', () => {
    expect(idSegment(5)).toBe('5')
    expect(idSegment('12')).toBe('12')
    expect(idSegment('007')).toBe('7')
  })
  it('refuses anything else as a 404, before any request', () => {
    for (const bad of ['abc', '1/../2', '', '0', -1, 1.5, '1e3']) {
      const e = (() => {
        try {
          idSegment(bad)
        } catch (error) {
          return error
        }
      })()
      expect(e, String(bad)).toBeInstanceOf(UpstreamHttpError)
      expect((e as UpstreamHttpError).status).toBe(404)
    }
  })
})
