import { describe, expect, it } from 'vitest'
import { qrFor } from '~/server/qr.server'

describe('qrFor', () => {
  it('draws a QR code as one path and caches by text', () => {
    const a = qrFor('DP000001')
    expect(a).not.toBeNull()
    expect(a!.size).toBeGreaterThanOrEqual(25)
    expect(a!.path).toMatch(/^M\d+ \d+h\d+v1h-\d+z/)
    expect(qrFor('DP000001')).toBe(a)
    expect(qrFor('DP000002')!.path).not.toBe(a!.path)
  })
  it('is null without a code', () => {
    expect(qrFor(null)).toBeNull()
    expect(qrFor('')).toBeNull()
  })
})
