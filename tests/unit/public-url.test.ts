/**
 * Printed links and QR codes name the configured PUBLIC_URL, never the Host header of the request
 * (a client chooses it: a label printed from `Host: evil.example` would send whoever scans it there).
 */
import { describe, expect, it } from 'vitest'
import { loadEnv } from '~/env.server'
import { riwayatUrl } from '~/server/riwayat-link.server'

const base = { NODE_ENV: 'test', SESSION_SECRET: 'unit-test-secret-0123456789abcdef' } as const

describe('PUBLIC_URL', () => {
  it('gives the origin of printed links; default http://localhost:PORT', () => {
    expect(loadEnv({ ...base, PUBLIC_URL: 'https://armada.example.co.id' }).publicOrigin).toBe('https://armada.example.co.id')
    expect(loadEnv({ ...base, PUBLIC_URL: 'http://fleet.lan:8443/' }).publicOrigin).toBe('http://fleet.lan:8443')
    expect(loadEnv({ ...base, PORT: '3999' }).publicOrigin).toBe('http://localhost:3999')
  })

  it.each([
    ['armada.example.co.id', /URL http\(s\)/],
    ['ftp://armada.example.co.id', /http atau https/],
    ['javascript:alert(1)', /http atau https/],
    ['https://armada.example.co.id/app', /tanpa path/],
    ['https://armada.example.co.id/?a=1', /tanpa path/],
    ['https://armada.example.co.id/#x', /tanpa path/],
    ['https://user:pw@armada.example.co.id', /tanpa path/],
  ])('refuses %s at start with a clear line', (value, message) => {
    expect(() => loadEnv({ ...base, PUBLIC_URL: value })).toThrow(message)
  })

  it('is required in production without the demo data, not for the demo', () => {
    const production = { ...base, NODE_ENV: 'production' }
    expect(() => loadEnv(production)).toThrow(/PUBLIC_URL is required in production/)
    expect(loadEnv({ ...production, PUBLIC_URL: 'https://armada.example.co.id' }).publicOrigin).toBe('https://armada.example.co.id')
    expect(loadEnv({ ...production, DEMO_DATA: 'true', PORT: '3000' }).publicOrigin).toBe('http://localhost:3000')
  })
})

describe("a tyre's history address (its QR code and label)", () => {
  it('is on the configured origin, whatever the request said', () => {
    expect(riwayatUrl(17, 'https://armada.example.co.id')).toBe('https://armada.example.co.id/admin/ban/17')
  })

  it("defaults to this process's PUBLIC_URL (tests: http://localhost:3000)", () => {
    expect(riwayatUrl(1)).toBe(`${loadEnv({ ...base, ...process.env }).publicOrigin}/admin/ban/1`)
  })
})
