import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { clientGoneSignal } from '../../server/client-gone.ts'

/** A server whose one response streams a chunk, then (after `finishAfterMs`, if given) ends; the signal of each request is kept. */
function serve(finishAfterMs?: number) {
  const signals: AbortSignal[] = []
  const server = http.createServer((_req, res) => {
    signals.push(clientGoneSignal(res))
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

describe('clientGoneSignal (the load context’s clientGone)', () => {
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
})
