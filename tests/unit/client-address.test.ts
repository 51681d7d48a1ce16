import { describe, expect, it } from 'vitest'
import { clientAddress, requestHost, trustedHops } from '../../scripts/client-address.mjs'

const peer = '10.0.0.5'

describe('clientAddress: the X-Forwarded-For entry the trusted proxy appended', () => {
  it('without TRUST_PROXY: the socket peer, whatever the header says', () => {
    expect(clientAddress({ forwardedFor: '1.2.3.4', remoteAddress: peer, trustProxy: false })).toBe(peer)
  })
  it('one trusted proxy: the last entry, not the first one the client wrote', () => {
    expect(clientAddress({ forwardedFor: '6.6.6.6, 203.0.113.9', remoteAddress: peer, trustProxy: true })).toBe('203.0.113.9')
    expect(clientAddress({ forwardedFor: '203.0.113.9', remoteAddress: peer, trustProxy: true, hops: 1 })).toBe('203.0.113.9')
  })
  it('a fresh forged value per try gives the same address (the login throttle bites)', () => {
    const seen = new Set(
      ['1.1.1.1', '2.2.2.2', 'x', ''].map((forged) =>
        clientAddress({ forwardedFor: `${forged}, 203.0.113.9`, remoteAddress: peer, trustProxy: true }),
      ),
    )
    expect([...seen]).toEqual(['203.0.113.9'])
  })
  it('TRUST_PROXY_HOPS proxies: the entry that many from the right', () => {
    const chain = '6.6.6.6, 203.0.113.9, 10.0.0.2'
    expect(clientAddress({ forwardedFor: chain, remoteAddress: peer, trustProxy: true, hops: 2 })).toBe('203.0.113.9')
    expect(clientAddress({ forwardedFor: chain, remoteAddress: peer, trustProxy: true, hops: 3 })).toBe('6.6.6.6')
    // Fewer entries than proxies: the leftmost.
    expect(clientAddress({ forwardedFor: '203.0.113.9', remoteAddress: peer, trustProxy: true, hops: 2 })).toBe('203.0.113.9')
  })
  it('a repeated header (an array, or joined with commas) counts as one list', () => {
    expect(clientAddress({ forwardedFor: ['6.6.6.6', '203.0.113.9'], remoteAddress: peer, trustProxy: true })).toBe('203.0.113.9')
  })
  it('no header or an empty one: the socket peer', () => {
    expect(clientAddress({ forwardedFor: undefined, remoteAddress: peer, trustProxy: true })).toBe(peer)
    expect(clientAddress({ forwardedFor: ' , ', remoteAddress: peer, trustProxy: true })).toBe(peer)
    expect(clientAddress({ forwardedFor: undefined, remoteAddress: undefined, trustProxy: true })).toBe('')
  })
})

describe('requestHost: the X-Forwarded-Host the proxy set', () => {
  it('behind a trusted proxy the last entry; otherwise Host', () => {
    expect(requestHost({ forwardedHost: 'evil.example, armada.example.co.id', host: 'app:3000', trustProxy: true })).toBe(
      'armada.example.co.id',
    )
    expect(requestHost({ forwardedHost: 'armada.example.co.id', host: 'app:3000', trustProxy: true })).toBe('armada.example.co.id')
    expect(requestHost({ forwardedHost: 'evil.example', host: 'app:3000', trustProxy: false })).toBe('app:3000')
    expect(requestHost({ forwardedHost: undefined, host: 'app:3000', trustProxy: true })).toBe('app:3000')
  })
})

describe('trustedHops', () => {
  it('a whole number ≥ 1, else 1', () => {
    expect(trustedHops(undefined)).toBe(1)
    expect(trustedHops('2')).toBe(2)
    for (const bad of ['0', '-1', 'x', '1.5', '']) expect(trustedHops(bad), bad).toBe(1)
  })
})
