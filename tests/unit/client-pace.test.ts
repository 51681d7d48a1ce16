import { EventEmitter } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { clientPace } from '../../server/client-pace.ts'

/** A server whose one response streams a chunk, then (after `finishAfterMs`, if given) ends; the signal of each request is kept. */
function serve(finishAfterMs?: number) {
  const signals: AbortSignal[] = []
  const server = http.createServer((_req, res) => {
    signals.push(clientPace(res).gone)
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

describe('clientPace (the load context’s client): gone', () => {
  it('aborts when the client goes away before the response was sent whole', async () => {
    const { server, port, signals } = await serve()
    open = server
    await new Promise<void>((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/' }, (res) => {
        res.once('data', () => {
          req.destroy()
          resolve()
        })
      })
    })
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

  it('ready() resolves at once while the response takes more, else at its drain or its close', async () => {
    // The response as clientPace reads it: whether its buffer asks to wait, and its events.
    const res = Object.assign(new EventEmitter(), { writableNeedDrain: false, closed: false, writableFinished: false })
    const pace = clientPace(res as unknown as http.ServerResponse)
    let ready = false
    await pace.ready().then(() => (ready = true))
    expect(ready).toBe(true)

    res.writableNeedDrain = true
    ready = false
    void pace.ready().then(() => (ready = true))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(ready).toBe(false)
    res.writableNeedDrain = false
    res.emit('drain')
    await until(() => ready)
    expect(ready).toBe(true)
    expect(res.listenerCount('drain')).toBe(0)

    // A client that goes away while a page waits: ready() resolves and `gone` is aborted.
    res.writableNeedDrain = true
    ready = false
    void pace.ready().then(() => (ready = true))
    res.closed = true
    res.emit('close')
    await until(() => ready)
    expect(ready).toBe(true)
    expect(pace.gone.aborted).toBe(true)
  })
})
