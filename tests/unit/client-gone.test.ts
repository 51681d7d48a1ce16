import compression from 'compression'
import express from 'express'
import http from 'node:http'
import zlib from 'node:zlib'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { clientGone } from '../../server/client-gone.ts'
import { writeBody } from '../../server/remix-handler.ts'

/** A server whose one response streams a chunk, then (after `finishAfterMs`, if given) ends; the signal of each request is kept. */
function serve(finishAfterMs?: number) {
  const signals: AbortSignal[] = []
  const server = http.createServer((_req, res) => {
    signals.push(clientGone(res).gone)
    res.writeHead(200, { 'Content-Type': 'text/plain' })
    res.write('erste Seite\n')
    if (finishAfterMs !== undefined) setTimeout(() => res.end('fertig\n'), finishAfterMs)
  })
  return new Promise<{ server: http.Server; port: number; signals: AbortSignal[] }>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port, signals })),
  )
}

let open: http.Server | null = null
afterEach(async () => {
  open?.closeAllConnections()
  await new Promise((resolve) => open?.close(resolve) ?? resolve(null))
  open = null
})

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10))
}

/** A client that reads the response's first chunk and goes away. */
const leaveAfterFirstChunk = (port: number) =>
  new Promise<void>((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/' }, (res) => {
      res.once('data', () => {
        req.destroy()
        resolve()
      })
    })
  })

describe('clientGone (the load context’s client): gone', () => {
  it('aborts when the client goes away before the response was sent whole', async () => {
    const { server, port, signals } = await serve()
    open = server
    await leaveAfterFirstChunk(port)
    await until(() => signals[0]?.aborted === true)
    expect(signals[0]?.aborted).toBe(true)
  })

  it('does not abort for a response sent whole, nor while it is still being sent', async () => {
    const { server, port, signals } = await serve(100)
    open = server
    let seenWhileSending = true
    const body = await new Promise<string>((resolve) => {
      http.get({ host: '127.0.0.1', port, path: '/' }, (res) => {
        let text = ''
        res.on('data', (chunk: Buffer) => {
          if (!text) seenWhileSending = signals[0]?.aborted ?? true
          text += chunk.toString()
        })
        res.on('end', () => resolve(text))
      })
    })
    expect(body).toBe('erste Seite\nfertig\n')
    expect(seenWhileSending).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(signals[0]?.aborted).toBe(false)
  })
})

describe('writeBody (server/remix-handler.ts): a body written as fast as the client takes it', () => {
  const CHUNK = 64 * 1024
  const TOTAL = 64 * 1024 * 1024

  /** A server whose response is a 64 MB body made 64 KB a pull; how many bytes were pulled is kept. */
  function serveBody() {
    const state = { pulled: 0, cancelled: false }
    const server = http.createServer((_req, res) => {
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (state.pulled >= TOTAL) return controller.close()
          state.pulled += CHUNK
          controller.enqueue(new Uint8Array(CHUNK))
        },
        cancel() {
          state.cancelled = true
        },
      })
      res.writeHead(200, { 'Content-Type': 'application/octet-stream' })
      void writeBody(body, res as Parameters<typeof writeBody>[1]).catch(() => {})
    })
    return new Promise<{ server: http.Server; port: number; state: typeof state }>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port, state })),
    )
  }

  it('pulls the body no further than the socket takes while the client reads nothing, all of it once the client reads', async () => {
    const { server, port, state } = await serveBody()
    open = server
    let received = 0
    const done = new Promise<void>((resolve) => {
      http.get({ host: '127.0.0.1', port, path: '/' }, (res) => {
        res.pause()
        setTimeout(() => {
          // The client has read nothing for 300 ms: what was pulled is what the sockets' buffers hold.
          expect(state.pulled).toBeLessThan(TOTAL / 2)
          res.on('data', (chunk: Buffer) => (received += chunk.length))
          res.on('end', () => resolve())
          res.resume()
        }, 300)
      })
    })
    await done
    expect(received).toBe(TOTAL)
    expect(state.pulled).toBe(TOTAL)
  })

  it('through the compression middleware too, waiting at every chunk without piling up listeners', async () => {
    const SIZE = 16 * 1024 * 1024
    const warnings: string[] = []
    const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`)
    process.on('warning', onWarning)
    let pulled = 0
    const app = express()
    app.use(compression())
    app.get('/', (_req, res) => {
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (pulled >= SIZE) return controller.close()
          pulled += CHUNK
          controller.enqueue(new Uint8Array(CHUNK).fill(65))
        },
      })
      res.setHeader('Content-Type', 'text/plain')
      void writeBody(body, res).catch(() => {})
    })
    const server = await new Promise<http.Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s))
    })
    open = server
    const port = (server.address() as AddressInfo).port
    const unzipped = await new Promise<number>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port, path: '/', headers: { 'accept-encoding': 'gzip' } }, (res) => {
        expect(res.headers['content-encoding']).toBe('gzip')
        let n = 0
        res
          .pipe(zlib.createGunzip())
          .on('data', (chunk: Buffer) => (n += chunk.length))
          .on('end', () => resolve(n))
          .on('error', reject)
      })
    })
    await new Promise((resolve) => setTimeout(resolve, 20))
    process.off('warning', onWarning)
    expect(unzipped).toBe(SIZE)
    expect(warnings).toEqual([])
  })

  it('cancels the body when the client goes away', async () => {
    const { server, port, state } = await serveBody()
    open = server
    await leaveAfterFirstChunk(port)
    await until(() => state.cancelled)
    expect(state.cancelled).toBe(true)
    expect(state.pulled).toBeLessThan(TOTAL)
  })
})
