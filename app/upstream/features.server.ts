import { LRUCache } from 'lru-cache'
import { EXTENSIONS, type Extension } from '~/lib/extensions'
import { z } from 'zod'
import { call, type Upstream } from './client.server'
import { UpstreamHttpError, UpstreamMalformed, UpstreamUnauthorized } from './errors'

/**
 * The extensions of the spec the upstream offers (`GET /api/fitur`, docs/upstream-contract.md). An
 * upstream that has only the spec's calls answers 404 (or anything but a list): it offers none, and
 * the screens built on an extension say so instead of failing. Asked at most once a minute per
 * upstream; an unreachable upstream is not remembered (the next request asks again). The names the
 * app knows: app/lib/extensions.ts.
 */
export { EXTENSIONS, type Extension }

const fiturSchema = z.object({ data: z.array(z.string()) })
const known = new LRUCache<string, ReadonlySet<Extension>>({ max: 16, ttl: 60_000 })
const NONE: ReadonlySet<Extension> = new Set()

export async function upstreamFeatures(up: Upstream): Promise<ReadonlySet<Extension>> {
  const remembered = known.get(up.baseUrl)
  if (remembered) return remembered
  try {
    const answer = await call(up, 'GET', '/api/fitur', { schema: fiturSchema })
    const offered: ReadonlySet<Extension> = new Set(EXTENSIONS.filter((e) => answer.data.includes(e)))
    known.set(up.baseUrl, offered)
    return offered
  } catch (error) {
    if (error instanceof UpstreamUnauthorized) throw error
    if (error instanceof UpstreamHttpError || error instanceof UpstreamMalformed) {
      known.set(up.baseUrl, NONE)
      return NONE
    }
    return NONE
  }
}

/** Forgets what the upstreams offer (tests that switch an upstream's extensions). */
export const forgetUpstreamFeatures = () => known.clear()
