import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AKSES_RIWAYAT_FAILED, aksesRiwayat, documentRiwayat, invoiceHistory } from '~/server/audit.server'
import { forgetUpstreamFeatures } from '~/upstream/features.server'
import type { Upstream } from '~/upstream/client.server'

/**
 * The audit trail against upstreams that do not keep one: nothing extra is shown and
 * nothing fails. A small upstream whose /api/fitur and riwayat answers each test sets.
 */
let fitur = '{"data":[]}'
let riwayat: { status: number; body: string } = { status: 200, body: '{"data":[]}' }
const asked: string[] = []
let server: Server
let up: Upstream

beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(req.url ?? '')
    if (req.url === '/api/fitur') res.writeHead(200, { 'Content-Type': 'application/json' }).end(fitur)
    else res.writeHead(riwayat.status, { 'Content-Type': 'application/json' }).end(riwayat.body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  up = { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token: 't' }
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
beforeEach(() => {
  forgetUpstreamFeatures()
  asked.length = 0
})

const statusOf = async (p: Promise<unknown>) => {
  try {
    await p
    return 0
  } catch (thrown) {
    return (thrown as { init?: { status?: number } }).init?.status ?? -1
  }
}

describe('audit trail against an upstream without it', () => {
  it('shows nothing on the invoice or the access editor and asks no riwayat call', async () => {
    fitur = '{"data":[]}'
    expect(await invoiceHistory(up, 'pembelian_ban', 5)).toBeNull()
    expect(await aksesRiwayat(up, 2)).toBeNull()
    expect(asked.filter((u) => u !== '/api/fitur')).toEqual([])
  })

  it('answers a Riwayat URL typed by hand with 501', async () => {
    fitur = '{"data":[]}'
    expect(await statusOf(documentRiwayat(up, 'pemasangan_ban', 5))).toBe(501)
  })
})

describe('audit trail when the upstream fails to answer it', () => {
  it('leaves the invoice without its lines and gives the editor a short message', async () => {
    fitur = '{"data":["audit"]}'
    riwayat = { status: 500, body: '{"message":"Server Error"}' }
    expect(await invoiceHistory(up, 'pembelian_ban', 5)).toBeNull()
    expect(await aksesRiwayat(up, 2)).toEqual({ rows: [], error: AKSES_RIWAYAT_FAILED })
    expect(asked).toContain('/api/riwayat-dokumen/pembelian_ban/5')
    expect(asked).toContain('/api/akses/2/riwayat')
  })

  it('reads the records when it answers', async () => {
    fitur = '{"data":["audit"]}'
    riwayat = {
      status: 200,
      body: JSON.stringify({
        data: [
          {
            id: 1,
            aksi: 'akses_diubah',
            created_at: '2026-11-24T04:00:00Z',
            user: { id: 1, nama_user: 'Admin' },
            detail: { perubahan: [{ menu_fitur_id: 1, menu: 'Departemen', kategori: 'Master', granted: ['create'], revoked: [] }] },
          },
        ],
      }),
    }
    expect(await aksesRiwayat(up, 2)).toEqual({
      rows: [{ id: 1, waktu: '24 November 2026 11.00 WIB', user: 'Admin', aksi: 'Hak akses diubah', perubahan: ['Departemen: +Tambah'] }],
      error: null,
    })
  })
})
