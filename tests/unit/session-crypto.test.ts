import { describe, expect, it, vi } from 'vitest'

describe('token encryption in the session (AES-256-GCM)', () => {
  it('round-trips and never contains the token in clear', async () => {
    vi.resetModules()
    process.env.SESSION_SECRET = 'new-secret-0123456789abcdef'
    const { encryptToken, decryptToken } = await import('~/session.server')
    const enc = encryptToken('the-bearer-token-value')
    expect(enc).not.toContain('the-bearer-token-value')
    expect(decryptToken(enc)).toBe('the-bearer-token-value')
  })
  it('reads values made with an older secret after rotation, refuses tampering', async () => {
    vi.resetModules()
    process.env.SESSION_SECRET = 'old-secret-0123456789abcdef'
    const old = await import('~/session.server')
    const enc = old.encryptToken('tok')
    vi.resetModules()
    process.env.SESSION_SECRET = 'new-secret-0123456789abcdef,old-secret-0123456789abcdef'
    const rotated = await import('~/session.server')
    expect(rotated.decryptToken(enc)).toBe('tok')
    const tampered = enc.slice(0, -2) + (enc.endsWith('A') ? 'BB' : 'AA')
    expect(rotated.decryptToken(tampered)).toBeNull()
    vi.resetModules()
    process.env.SESSION_SECRET = 'another-secret-0123456789abcdef'
    const other = await import('~/session.server')
    expect(other.decryptToken(enc)).toBeNull()
  })
})
