import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import type { Upstream } from '~/upstream/client.server'
import { forgetUpstreamFeatures } from '~/upstream/features.server'
import { ListCache } from '~/upstream/list-cache.server'

/**
 * A fake upstream for a unit test file, on a free loopback port from its first test to its last.
 * Every request's URL is kept in `asked`; `/api/fitur` answers `features()`; `answer` answers the
 * rest (the Content-Type is already JSON). Before each test `asked` is emptied, the app forgets the
 * upstream's features and `up` gets a new list cache that keeps nothing, so every call reaches it.
 */
export function fakeUpstream(features: () => readonly string[], answer: (url: URL, req: IncomingMessage, res: ServerResponse) => void) {
  const fake = { asked: [] as URL[], up: null as unknown as Upstream }
  let server: Server
  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x')
      fake.asked.push(url)
      res.setHeader('Content-Type', 'application/json')
      if (url.pathname === '/api/fitur') return res.end(JSON.stringify({ data: features() }))
      answer(url, req, res)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    fake.up = {
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      token: 't',
      cache: new ListCache({ maxBytes: 0, ttlMs: 0 }),
    }
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
  beforeEach(() => {
    forgetUpstreamFeatures()
    fake.asked.length = 0
    fake.up = { ...fake.up, cache: new ListCache({ maxBytes: 0, ttlMs: 0 }) }
  })
  return fake
}
