import { describe, expect, it } from 'vitest'
import { attachmentHeaders } from '~/server/attachment.server'

describe('attachmentHeaders', () => {
  it('sends a file as an attachment of its type, never cached, never sniffed', () => {
    expect(attachmentHeaders('Laporan Biaya Ban 2026-11-01 2026-11-30.csv', 'text/csv; charset=utf-8')).toEqual({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="Laporan Biaya Ban 2026-11-01 2026-11-30.csv"',
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    })
  })

  it('a quote, backslash or line break in a name cannot end the header’s value', () => {
    expect(attachmentHeaders('a"; filename="x.html\r\nSet-Cookie: s=1\\.csv', 'text/csv')['Content-Disposition']).toBe(
      'attachment; filename="a; filename=x.htmlSet-Cookie: s=1.csv"',
    )
  })
})
