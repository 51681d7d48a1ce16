import type { EntryContext } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { DocumentCache } from '~/lib/document-cache.server'
import { crc32, gunzipSync } from 'node:zlib'
import { acceptsGzip, crc32Combine, crc32Shift, gzipJoined, precompress } from '~/lib/document-encoding.server'

const contextOf = (state: Record<string, unknown>) => ({ staticHandlerContext: { loaderData: {}, actionData: null, errors: null, ...state } }) as unknown as EntryContext

describe('DocumentCache (rendered documents kept by what they were rendered from)', () => {
  const url = 'http://app/admin/departemen?page=2'
  const data = (rows: string[]) => contextOf({ loaderData: { 'routes/admin/layout': { user: 'admin' }, departemen: { rows } } })

  it('gives the same key for the same URL, data and stylesheet variant, another for any difference', () => {
    const cache = new DocumentCache(1024 * 1024)
    const key = cache.keyOf(url, 200, 'linked', data(['A', 'B']))
    expect(key).toBeTruthy()
    expect(cache.keyOf(url, 200, 'linked', data(['A', 'B']))).toBe(key)
    expect(cache.keyOf(url, 200, 'linked', data(['A', 'C']))).not.toBe(key)
    expect(cache.keyOf(`${url}&sort=nama`, 200, 'linked', data(['A', 'B']))).not.toBe(key)
    expect(cache.keyOf(url, 200, 'inline', data(['A', 'B']))).not.toBe(key)
  })

  it('keeps nothing for errors, action data, another status, or when turned off', () => {
    const cache = new DocumentCache(1024 * 1024)
    expect(cache.keyOf(url, 200, 'linked', contextOf({ errors: { root: new Error('x') } }))).toBeNull()
    expect(cache.keyOf(url, 200, 'linked', contextOf({ actionData: { x: 1 } }))).toBeNull()
    expect(cache.keyOf(url, 404, 'linked', data([]))).toBeNull()
    for (const odd of [1n, Promise.resolve(1), new Date(0), new Map([[1, 2]]), new Set([1]), () => 1, new URL('http://x/')]) {
      expect(cache.keyOf(url, 200, 'linked', contextOf({ loaderData: { route: { odd } } })), String(odd)).toBeNull()
    }
    // A missing key and an undefined one are different data.
    expect(cache.keyOf(url, 200, 'linked', contextOf({ loaderData: { route: { a: undefined } } }))).not.toBe(
      cache.keyOf(url, 200, 'linked', contextOf({ loaderData: { route: {} } })),
    )
    expect(new DocumentCache(0).keyOf(url, 200, 'linked', data([]))).toBeNull()
  })

  it('hands a kept document out with the new nonce in every place of the old one', () => {
    const cache = new DocumentCache(1024 * 1024)
    cache.set('k', '<script nonce="OLD+/=">1</script><p>OLD</p><script nonce="OLD+/=">2</script>', 'OLD+/=')
    expect(cache.get('k', 'NEW')?.html()).toBe('<script nonce="NEW">1</script><p>OLD</p><script nonce="NEW">2</script>')
    expect(cache.get('missing', 'NEW')).toBeNull()
  })

  it("gzips a kept document to exactly its text with this response's nonce (the parts between nonces compressed once)", () => {
    const cache = new DocumentCache(1024 * 1024)
    const page = `<html><head><title>Daftar — Armada</title></head><body>${'<tr><td>Ban é</td></tr>'.repeat(200)}<script nonce="OLD">1</script><script nonce="OLD">2</script></body></html>`
    cache.set('k', page, 'OLD')
    for (const nonce of ['N1', 'N2']) {
      const kept = cache.get('k', nonce)!
      expect(kept.html()).toBe(page.replaceAll('OLD', nonce))
      expect(kept.length).toBe(kept.html().length)
      expect(gunzipSync(kept.gzip()).toString('utf8')).toBe(kept.html())
    }
  })

  it('stays within its size bound, least recently used out first', () => {
    const cache = new DocumentCache(2000) // 2 bytes a character; a page may take a quarter (250 characters)
    const page = (c: string) => c.repeat(240)
    for (const c of 'abcd') cache.set(c, page(c), 'n')
    expect(cache.size).toBe(4)
    expect(cache.get('a', 'n')?.html()).toBe(page('a')) // a is now the most recent
    cache.set('e', page('e'), 'n')
    expect(cache.bytes).toBeLessThanOrEqual(2000)
    expect(cache.get('b', 'n')).toBeNull()
    for (const c of 'acde') expect(cache.get(c, 'n')?.html()).toBe(page(c))
    cache.set('big', 'x'.repeat(300), 'n') // more than a quarter of the bound: never kept
    expect(cache.get('big', 'n')).toBeNull()
  })
})

describe('gzipJoined (one gzip member from parts compressed once and what goes between them)', () => {
  it('reads back as the whole text: multi-byte characters at the seams, empty parts, and a joint longer than one stored block', () => {
    const cases: [string[], string][] = [
      [['abc—', 'é def'], 'NONCE+/='],
      [['', 'only after'], 'n'],
      [['only before', ''], 'n'],
      [['', '', ''], 'é'],
      [['single part, no joint'], 'unused'],
      [['x'.repeat(70_000), 'y—'.repeat(30_000), 'z'], 'q'.repeat(70_000)],
    ]
    for (const [parts, joint] of cases) {
      expect(gunzipSync(gzipJoined(precompress(parts), joint)).toString('utf8')).toBe(parts.join(joint))
    }
  })
})

describe('crc32Combine', () => {
  it("gives the CRC-32 of two joined texts from their own CRCs and the second one's length", () => {
    const texts = ['', 'a', 'Armada — Departemen', 'x'.repeat(70_000), 'é'.repeat(1234)]
    for (const a of texts) {
      for (const b of texts) {
        const bytesB = Buffer.from(b, 'utf8')
        expect(crc32Combine(crc32(a), crc32(bytesB), crc32Shift(bytesB.length)), `${a.length}+${b.length}`).toBe(crc32(a + b))
      }
    }
  })
})

describe('acceptsGzip', () => {
  it('reads Accept-Encoding as browsers send it', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true)
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true)
    expect(acceptsGzip('gzip;q=0')).toBe(false)
    expect(acceptsGzip('identity')).toBe(false)
    expect(acceptsGzip('*')).toBe(true)
    expect(acceptsGzip('*;q=0, gzip;q=0')).toBe(false)
    expect(acceptsGzip(null)).toBe(false)
  })
})
