/**
 * server/body-limit.ts on a real HTTP server (as server/index.ts runs it; the handler reads the
 * body as server/remix-handler.ts does, from bodyOf): bodies over the limit are answered 413 before the handler
 * reads them, a chunked body is counted as it streams, and the handler never sees a truncated form.
 */
import { createReadableStreamFromReadable } from '@remix-run/node'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_IMAGE_BYTES } from '~/lib/images'
import { bodyLimits, bodyOf, declaredTooLarge, limitBodies, limitFor, MB, PHOTO_BYTES, PHOTOS_PER_FORM } from '../../server/body-limit.ts'

describe('bodyLimits', () => {
  it('defaults: 1 MB for forms, two photos plus 1 MB for multipart; the photo size is the app’s', () => {
    expect(PHOTO_BYTES).toBe(MAX_IMAGE_BYTES)
    const limits = bodyLimits({})
    expect(limits.form).toBe(1 * MB)
    expect(limits.upload).toBe(PHOTOS_PER_FORM * MAX_IMAGE_BYTES + 1 * MB)
  })
  it('BODY_LIMIT_FORM_MB and BODY_LIMIT_UPLOAD_MB (fractions allowed; nonsense keeps the default)', () => {
    expect(bodyLimits({ BODY_LIMIT_FORM_MB: '0.5', BODY_LIMIT_UPLOAD_MB: '12' })).toMatchObject({ form: MB / 2, upload: 12 * MB })
    expect(bodyLimits({ BODY_LIMIT_FORM_MB: 'x', BODY_LIMIT_UPLOAD_MB: '-3' })).toMatchObject({ form: MB, upload: 5 * MB })
  })
  it('multipart/form-data gets the upload limit, everything else the form limit', () => {
    const limits = bodyLimits({})
    expect(limitFor('multipart/form-data; boundary=x', limits)).toBe(limits.upload)
    expect(limitFor('Multipart/Form-Data', limits)).toBe(limits.upload)
    for (const type of ['application/x-www-form-urlencoded', 'application/json', 'text/plain', undefined, 'multipart/mixed']) {
      expect(limitFor(type, limits), String(type)).toBe(limits.form)
    }
  })
})

describe('limitBodies on a server', () => {
  let server: http.Server
  let port: number
  const seen: { kind: 'form' | 'failed'; fields?: Record<string, number> }[] = []
  beforeAll(async () => {
    const limit = limitBodies({ form: 64 * 1024, upload: 256 * 1024, lingerMs: 1000 })
    const handler = async (req: http.IncomingMessage, res: http.ServerResponse) => {
      const body = createReadableStreamFromReadable(bodyOf(req))
      const request = new Request('http://x/', {
        method: 'POST',
        headers: { 'Content-Type': String(req.headers['content-type']) },
        body,
        duplex: 'half',
      } as RequestInit)
      try {
        const form = await request.formData()
        const fields: Record<string, number> = {}
        for (const [k, v] of form.entries()) fields[k] = typeof v === 'string' ? v.length : v.size
        seen.push({ kind: 'form', fields })
        if (!res.headersSent) res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(fields))
      } catch {
        seen.push({ kind: 'failed' })
        if (!res.headersSent) res.writeHead(400).end('unreadable')
      }
    }
    server = http.createServer((req, res) => limit(req, res, () => void handler(req, res))).listen(0)
    await new Promise((r) => server.once('listening', r))
    port = (server.address() as AddressInfo).port
  })
  afterAll(() => new Promise((r) => server.close(r)))

  /** POSTs `size` bytes of a urlencoded field, with Content-Length or chunked; the status and the body. */
  function post(size: number, { chunked = false, type = 'application/x-www-form-urlencoded' } = {}) {
    return new Promise<{ status: number | null; text: string }>((resolve) => {
      const payload = Buffer.concat([Buffer.from('a='), Buffer.alloc(size - 2, 'x')])
      const headers: Record<string, string> = { 'Content-Type': type }
      if (!chunked) headers['Content-Length'] = String(payload.length)
      const req = http.request({ port, method: 'POST', path: '/', headers })
      let status: number | null = null
      let text = ''
      req.on('response', (res) => {
        status = res.statusCode ?? null
        res.setEncoding('utf8')
        res.on('data', (d) => (text += d))
        res.on('end', () => resolve({ status, text }))
      })
      req.on('error', () => resolve({ status, text }))
      // In pieces, so a chunked body really streams.
      let at = 0
      const pump = () => {
        while (at < payload.length) {
          const piece = payload.subarray(at, at + 16 * 1024)
          at += piece.length
          if (!req.write(piece)) return void req.once('drain', pump)
        }
        req.end()
      }
      pump()
    })
  }

  it('within the limit, with Content-Length and chunked: the handler reads the whole form', async () => {
    expect(await post(60 * 1024)).toMatchObject({ status: 200, text: JSON.stringify({ a: 60 * 1024 - 2 }) })
    expect(await post(60 * 1024, { chunked: true })).toMatchObject({ status: 200, text: JSON.stringify({ a: 60 * 1024 - 2 }) })
  })

  it('a Content-Length over the limit: 413 and the Indonesian page, the handler never runs', async () => {
    const before = seen.length
    const res = await post(2 * 1024 * 1024)
    expect(res.status).toBe(413)
    expect(res.text).toContain('Kiriman terlalu besar')
    expect(seen.length).toBe(before)
  })

  it('a chunked body over the limit: 413 while it streams, and the handler sees a failed body, never a cut form', async () => {
    const before = seen.length
    const res = await post(3 * 1024 * 1024, { chunked: true })
    expect(res.status).toBe(413)
    expect(res.text).toContain('Kiriman terlalu besar')
    await new Promise((r) => setTimeout(r, 100))
    expect(seen.slice(before)).toEqual([{ kind: 'failed' }])
  })

  it('multipart has its own (larger) limit', async () => {
    const boundary = 'zz'
    const part = (n: number) => `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\n${'x'.repeat(n)}\r\n--${boundary}--\r\n`
    const send = (n: number) =>
      fetch(`http://127.0.0.1:${port}/`, {
        method: 'POST',
        headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
        body: part(n),
      })
    expect((await send(200 * 1024)).status).toBe(200)
    expect((await send(300 * 1024)).status).toBe(413)
  })

  it('the server goes on answering afterwards', async () => {
    expect(await post(1024, { chunked: true })).toMatchObject({ status: 200 })
  })
})

describe('declaredTooLarge', () => {
  it('a Content-Length over the limit of its type; chunked or no length is not declared', () => {
    const limits = { form: 100, upload: 1000, lingerMs: 0 }
    expect(declaredTooLarge({ 'content-length': '101' }, limits)).toBe(true)
    expect(declaredTooLarge({ 'content-length': '100' }, limits)).toBe(false)
    expect(declaredTooLarge({ 'content-length': '500', 'content-type': 'multipart/form-data; boundary=x' }, limits)).toBe(false)
    expect(declaredTooLarge({ 'transfer-encoding': 'chunked' }, limits)).toBe(false)
    expect(declaredTooLarge({}, limits)).toBe(false)
  })
})
