import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BODY_LIMIT_BYTES, MULTIPART_LIMIT_BYTES } from '../../api/body-limit.ts'
import { MAX_UPLOAD_BYTES } from '../../api/uploads.ts'
import { makeApi, PNG_1x1, serveApi } from './harness.ts'

/**
 * Bounded bodies: a body over the limit is refused with 413 {message} before anything
 * reads it: by its Content-Length, and for a chunked body as soon as the streamed bytes pass it.
 */

type Answer = { status: number; json: { message?: string; token?: string; errors?: Record<string, string[]> }; sent: number }

describe('request body limits', async () => {
  const api = await makeApi()
  let server: Awaited<ReturnType<typeof serveApi>>
  let token: string
  beforeAll(async () => {
    server = await serveApi(api.app)
    token = await api.login()
  })
  afterAll(() => server.close())

  /**
   * Sends `total` bytes of `chunk` repeated, either announced by Content-Length or chunked, and stops
   * writing as soon as the answer arrives. `sent` is how much was written by then.
   */
  function send(
    path: string,
    o: { type: string; total: number; chunked?: boolean; auth?: boolean; chunk?: Buffer; lie?: number },
  ): Promise<Answer> {
    const chunk = o.chunk ?? Buffer.alloc(64 * 1024, 'a')
    return new Promise((resolve, reject) => {
      const headers: Record<string, string | number> = { 'Content-Type': o.type, Accept: 'application/json' }
      if (o.auth) headers.Authorization = `Bearer ${token}`
      if (!o.chunked) headers['Content-Length'] = o.lie ?? o.total
      let sent = 0
      let answered = false
      const req = httpRequest(`${server.url}${path}`, { method: 'POST', headers, agent: false }, (res) => {
        answered = true
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (d) => (text += d))
        res.on('end', () => {
          req.destroy()
          resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : {}, sent })
        })
      })
      req.on('error', (err) => (answered ? undefined : reject(err)))
      const pump = () => {
        while (!answered && sent < o.total) {
          const piece = chunk.subarray(0, Math.min(chunk.length, o.total - sent))
          sent += piece.length
          if (!req.write(piece)) return void req.once('drain', pump)
        }
        if (!answered && sent >= o.total && !o.lie) req.end()
      }
      pump()
    })
  }

  const jsonOf = (size: number) => {
    const head = '{"kode_user":"admin","password":"'
    return Buffer.from(head + 'x'.repeat(size - head.length - 2) + '"}')
  }

  it('a JSON body over 1 MB (Content-Length) is 413 {message}, before the login reads it', async () => {
    const res = await send('/api/login', { type: 'application/json', total: BODY_LIMIT_BYTES + 1, chunk: jsonOf(BODY_LIMIT_BYTES + 1) })
    expect(res.status).toBe(413)
    expect(res.json).toEqual({ message: 'Data yang dikirim terlalu besar (maksimal 1 MB).' })
  })

  it('an announced 200 MB body is refused at once, without waiting for it', async () => {
    const res = await send('/api/login', { type: 'application/json', total: 64 * 1024, lie: 200 * 1024 * 1024 })
    expect(res.status).toBe(413)
    expect(res.sent).toBeLessThanOrEqual(64 * 1024)
  })

  it('a chunked body is counted as it streams: refused once past 1 MB, the rest never read', async () => {
    const res = await send('/api/login', { type: 'application/json', total: 80 * 1024 * 1024, chunked: true })
    expect(res.status).toBe(413)
    expect(res.json.message).toBe('Data yang dikirim terlalu besar (maksimal 1 MB).')
    // The answer came long before the 80 MB were written (what sockets buffer aside).
    expect(res.sent).toBeLessThan(20 * 1024 * 1024)
  })

  it('urlencoded bodies have the small limit too; a chunked body under it is read as usual', async () => {
    const big = await send('/api/departemen', { type: 'application/x-www-form-urlencoded', total: BODY_LIMIT_BYTES + 100, auth: true })
    expect(big.status).toBe(413)
    const body = Buffer.from('kode_user=admin&password=admin')
    const ok = await send('/api/login', { type: 'application/x-www-form-urlencoded', total: body.length, chunked: true, chunk: body })
    expect(ok.status).toBe(200)
    expect(typeof ok.json.token).toBe('string')
  })

  it('multipart (photos): a photo just over its own limit still reaches the handler (422); over two photos plus margin is 413', async () => {
    const form = new FormData()
    form.append('nama_lengkap', 'Foto Besar')
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1)
    big.set(PNG_1x1)
    form.append('gambar', new File([big], 'besar.png', { type: 'image/png' }))
    const res = await fetch(`${server.url}/api/karyawan/add`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form })
    expect(res.status).toBe(422)
    expect(((await res.json()) as { errors: Record<string, string[]> }).errors.gambar).toEqual(['Ukuran file maksimal 2 MB.'])

    const over = await send('/api/karyawan/add', { type: 'multipart/form-data; boundary=x', total: MULTIPART_LIMIT_BYTES + 1, auth: true })
    expect(over.status).toBe(413)
    expect(over.json.message).toBe(`Data yang dikirim terlalu besar (maksimal ${MULTIPART_LIMIT_BYTES / 1024 / 1024} MB).`)
    const chunked = await send('/api/karyawan/add', {
      type: 'multipart/form-data; boundary=x',
      total: 60 * 1024 * 1024,
      chunked: true,
      auth: true,
    })
    expect(chunked.status).toBe(413)
    expect(chunked.sent).toBeLessThan(30 * 1024 * 1024)
    expect(
      await api.db.q
        .selectFrom('karyawan')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('nama_lengkap', '=', 'Foto Besar')
        .executeTakeFirst(),
    ).toEqual({ n: 0 })
  })

  it('in process (no socket, no Content-Length): the streamed bytes are counted too', async () => {
    let pulled = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 64 * 1024
        if (pulled > 50 * 1024 * 1024) controller.close()
        else controller.enqueue(new Uint8Array(64 * 1024))
      },
    })
    const res = await api.app.request('/api/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(413)
    expect(pulled).toBeLessThan(2 * 1024 * 1024)
  })
})
