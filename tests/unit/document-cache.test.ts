import type { EntryContext } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { DocumentCache } from '~/lib/document-cache.server'
import { acceptsGzip } from '~/lib/document-encoding.server'

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
    expect(cache.keyOf(url, 200, 'linked', contextOf({ loaderData: { x: 1n } }))).toBeNull()
    expect(new DocumentCache(0).keyOf(url, 200, 'linked', data([]))).toBeNull()
  })

  it('hands a kept document out with the new nonce in every place of the old one', () => {
    const cache = new DocumentCache(1024 * 1024)
    cache.set('k', '<script nonce="OLD+/=">1</script><p>OLD</p><script nonce="OLD+/=">2</script>', 'OLD+/=')
    expect(cache.get('k', 'NEW')).toBe('<script nonce="NEW">1</script><p>OLD</p><script nonce="NEW">2</script>')
    expect(cache.get('missing', 'NEW')).toBeNull()
  })

  it('stays within its size bound, least recently used out first', () => {
    const cache = new DocumentCache(2000) // 2 bytes a character; a page may take a quarter (250 characters)
    const page = (c: string) => c.repeat(240)
    for (const c of 'abcd') cache.set(c, page(c), 'n')
    expect(cache.size).toBe(4)
    expect(cache.get('a', 'n')).toBe(page('a')) // a is now the most recent
    cache.set('e', page('e'), 'n')
    expect(cache.bytes).toBeLessThanOrEqual(2000)
    expect(cache.get('b', 'n')).toBeNull()
    for (const c of 'acde') expect(cache.get(c, 'n')).toBe(page(c))
    cache.set('big', 'x'.repeat(300), 'n') // more than a quarter of the bound: never kept
    expect(cache.get('big', 'n')).toBeNull()
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
