import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'

/**
 * The upstream client's HTTP layer (undici): the bound on an answer's size (UPSTREAM_MAX_RESPONSE_MB,
 * here 0.01 MiB = 10,485 bytes), the client's address, and the bytes of a file upload.
 */
type Client = typeof import('~/upstream/client.server')
type Errors = typeof import('~/upstream/errors')
let client: Client
let errors: Errors
let handler: (req: IncomingMessage, res: ServerResponse, body: Buffer) => void = (_req, res) => res.end()
let server: Server
let baseUrl: string

beforeAll(async () => {
  vi.resetModules()
  process.env.UPSTREAM_MAX_RESPONSE_MB = '0.01'
  client = await import('~/upstream/client.server')
  errors = await import('~/upstream/errors')
  delete process.env.UPSTREAM_MAX_RESPONSE_MB
  server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => handler(req, res, Buffer.concat(chunks)))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

const up = () => ({ baseUrl, token: 't', timeoutMs: 3000, clientAddress: '203.0.113.9' })
const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, nama: `Departemen ${i + 1}` }))
const schema = z.array(z.object({ id: z.number(), nama: z.string() }))

async function failure(p: Promise<unknown>): Promise<Error> {
  try {
    await p
  } catch (error) {
    return error as Error
  }
  throw new Error('expected the call to fail')
}

describe('the size of an upstream answer', () => {
  it('reads an answer under the bound', async () => {
    handler = (_req, res) => res.end(JSON.stringify(rows(100))) // about 3.5 KB
    expect(await client.call(up(), 'GET', '/api/departemen', { schema })).toHaveLength(100)
  })

  it('refuses an answer announced longer than the bound, as a malformed answer with an Indonesian reason', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    handler = (_req, res) => {
      const text = JSON.stringify(rows(1000))
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) })
      res.end(text)
    }
    const e = await failure(client.call(up(), 'GET', '/api/departemen', { schema }))
    expect(e).toBeInstanceOf(errors.UpstreamMalformed)
    expect(e.message).toBe('Jawaban server untuk /api/departemen tidak sesuai format yang diharapkan.')
    expect((e as InstanceType<Errors['UpstreamMalformed']>).detail).toBe('jawaban lebih besar dari 0.01 MB')
  })

  it('stops reading an answer without a length once it passes the bound; the next call works', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    let sent = 0
    handler = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' }) // chunked: no Content-Length
      const chunk = Buffer.alloc(4096, 0x20)
      res.write('[')
      const more = () => {
        while (sent < 1024 * 1024 && !res.destroyed) {
          sent += chunk.length
          if (!res.write(chunk)) return void res.once('drain', more)
        }
        res.end(']')
      }
      res.on('close', () => (sent = Infinity))
      more()
    }
    const e = await failure(client.call(up(), 'POST', '/api/laporan', { schema: z.unknown(), json: {} }))
    expect(e).toBeInstanceOf(errors.UpstreamMalformed)
    expect((e as InstanceType<Errors['UpstreamMalformed']>).detail).toBe('jawaban lebih besar dari 0.01 MB')
    handler = (_req, res) => res.end(JSON.stringify(rows(2)))
    expect(await client.call(up(), 'GET', '/api/departemen', { schema })).toHaveLength(2)
  })
})

describe('what is sent', () => {
  it("sends the client's address as X-Forwarded-For, on reads and writes", async () => {
    const seen: (string | undefined)[] = []
    handler = (req, res) => {
      seen.push(req.headers['x-forwarded-for'] as string | undefined)
      res.end('[]')
    }
    await client.call(up(), 'GET', '/api/ban', { schema: z.array(z.unknown()) })
    await client.call(up(), 'POST', '/api/login', { schema: z.unknown(), json: { kode_user: 'a' } })
    expect(seen).toEqual(['203.0.113.9', '203.0.113.9'])
  })

  it("sends the browser request's id as X-Request-Id when it has one", async () => {
    const seen: (string | undefined)[] = []
    handler = (req, res) => {
      seen.push(req.headers['x-request-id'] as string | undefined)
      res.end('[]')
    }
    await client.call({ ...up(), requestId: 'req-123' }, 'GET', '/api/ban', { schema: z.array(z.unknown()) })
    await client.call(up(), 'GET', '/api/ban', { schema: z.array(z.unknown()) })
    expect(seen).toEqual(['req-123', undefined])
  })

  it('sends a file upload as multipart with the bytes of the file, and a JSON body as JSON', async () => {
    let got: { type: string; body: Buffer } | null = null
    handler = (req, res, body) => {
      got = { type: req.headers['content-type'] ?? '', body }
      res.end('{}')
    }
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255])
    const form = new FormData()
    form.append('nama', 'Sari')
    form.append('gambar', new File([png], 'ktp.png', { type: 'image/png' }))
    await client.call(up(), 'POST', '/api/karyawan/add', { schema: z.unknown(), form })
    const parsed = await new Request('http://x/', {
      method: 'POST',
      headers: { 'content-type': got!.type },
      body: new Uint8Array(got!.body),
    }).formData()
    expect(parsed.get('nama')).toBe('Sari')
    const file = parsed.get('gambar') as File
    expect(file.name).toBe('ktp.png')
    expect(file.type).toBe('image/png')
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(png)

    await client.call(up(), 'PUT', '/api/departemen/1', { schema: z.unknown(), json: { nama: 'Ü' } })
    expect(got!.type).toBe('application/json')
    expect(JSON.parse(got!.body.toString('utf8'))).toEqual({ nama: 'Ü' })
  })
})

describe('fetchFile (an uploaded image passed on)', () => {
  it('passes the file and its type on with the bearer token; 403 passed on; 404 for a missing file or one longer than the bound', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])
    const seen: (string | undefined)[] = []
    handler = (req, res) => {
      seen.push(req.headers.authorization)
      if (req.url === '/storage/uploads/a.png') {
        res.writeHead(200, { 'Content-Type': 'image/png' })
        res.end(png)
      } else if (req.url === '/storage/uploads/big.png') {
        res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': 20_000 })
        res.end(Buffer.alloc(20_000))
      } else if (req.url === '/storage/uploads/ktp.png') {
        res.writeHead(403, { 'Content-Type': 'application/json' })
        res.end('{"message":"Anda tidak memiliki akses ke menu ini."}')
      } else {
        res.writeHead(404)
        res.end('not found')
      }
    }
    const res = await client.fetchFile(up(), '/storage/uploads/a.png')
    expect(res.ok).toBe(true)
    if (!res.ok) return
    expect(res.file.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await res.file.arrayBuffer())).toEqual(png)
    expect(seen[0]).toBe('Bearer t')
    expect(await client.fetchFile(up(), '/storage/uploads/ktp.png')).toEqual({ ok: false, status: 403 })
    expect(await client.fetchFile(up(), '/storage/uploads/none.png')).toEqual({ ok: false, status: 404 })
    expect(await client.fetchFile(up(), '/storage/uploads/big.png')).toEqual({ ok: false, status: 404 })
  })

  it('a 401 ends the session through onUnauthorized', async () => {
    handler = (_req, res) => {
      res.writeHead(401, { 'Content-Type': 'application/json' })
      res.end('{"message":"Unauthenticated."}')
    }
    const ended = new Error('to the login')
    const onUnauthorized = () => Promise.reject(ended)
    await expect(client.fetchFile({ ...up(), onUnauthorized }, '/storage/uploads/a.png')).rejects.toBe(ended)
  })
})
