import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { forgetUpstreamFeatures, upstreamFeatures } from '~/upstream/features.server'
import type { Upstream } from '~/upstream/client.server'
import { enabledExtensions, EXTENSIONS } from '../../api/features'

/** An upstream whose answer to GET /api/fitur each test sets. */
let answer: { status: number; body: string } = { status: 404, body: '{"message":"Tidak ditemukan."}' }
let hits = 0
let server: Server
let up: Upstream

beforeAll(async () => {
  server = createServer((req, res) => {
    hits++
    res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(answer.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  up = { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token: 't' }
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
beforeEach(() => {
  forgetUpstreamFeatures()
  hits = 0
})

describe('upstreamFeatures', () => {
  it('reads the extensions the upstream lists, ignoring unknown names', async () => {
    answer = { status: 200, body: '{"data":["ban-lifecycle","something-else"]}' }
    expect([...(await upstreamFeatures(up))]).toEqual(['ban-lifecycle'])
  })

  it('an upstream with only the spec calls (404) offers none, and is asked once a minute, not per request', async () => {
    answer = { status: 404, body: '{"message":"Not Found"}' }
    expect((await upstreamFeatures(up)).size).toBe(0)
    expect((await upstreamFeatures(up)).size).toBe(0)
    expect(hits).toBe(1)
  })

  it('an answer of another shape offers none', async () => {
    answer = { status: 200, body: '[]' }
    expect((await upstreamFeatures(up)).size).toBe(0)
  })

  it('an unreachable upstream offers none now and is asked again next time', async () => {
    const gone: Upstream = { baseUrl: 'http://127.0.0.1:9', token: 't', timeoutMs: 500 }
    expect((await upstreamFeatures(gone)).size).toBe(0)
    answer = { status: 200, body: '{"data":["audit"]}' }
    expect([...(await upstreamFeatures(up))]).toEqual(['audit'])
  })
})

describe('API_EXTENSIONS (reference api)', () => {
  it('all by default, none, or a list', () => {
    expect(enabledExtensions(undefined).size).toBe(EXTENSIONS.length)
    expect(enabledExtensions('none').size).toBe(0)
    expect([...enabledExtensions('audit, password')]).toEqual(['audit', 'password'])
  })
})
