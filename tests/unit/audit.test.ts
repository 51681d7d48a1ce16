import { describe, expect, it } from 'vitest'
import { actorLabel, aksiLabel, describePerubahan, formatWaktu } from '~/lib/audit'
import { ROUTE_TABLE, type RouteEntry } from '~/route-table'
import { invoiceAuditOf, riwayatRows } from '~/server/audit.server'
import { declaredDocumentOf, documentOfRequest, documentOfScreen, DOCUMENTS } from '~/server/documents.server'
import { auditListSchema, perubahanOf } from '~/upstream/schemas/audit'

const entry = (id: number, aksi: string, created_at: string, nama_user = 'Admin') => ({ id, aksi, created_at, user: { id: 1, nama_user } })

describe('audit trail as the app shows it', () => {
  it('shows an upstream time in Jakarta time (UTC+7), also without a zone (read as UTC)', () => {
    expect(formatWaktu('2026-11-24T04:05:06.789Z')).toBe('24 November 2026 11.05 WIB')
    expect(formatWaktu('2026-11-24 20:30:00')).toBe('25 November 2026 03.30 WIB')
    expect(formatWaktu('kemarin')).toBe('kemarin')
    expect(formatWaktu(null)).toBe('-')
  })

  it('names the actions in Indonesian', () => {
    expect(['dibuat', 'diubah', 'posting', 'unpost'].map(aksiLabel)).toEqual(['Dibuat', 'Diubah', 'Diposting', 'Di-unpost'])
    expect(aksiLabel('lain')).toBe('lain')
  })

  it('describes a grant change per menu', () => {
    expect(describePerubahan({ menu: 'Departemen', granted: ['create'], revoked: ['delete'] })).toBe('Departemen: +Tambah, −Hapus')
    expect(describePerubahan({ menu: 'Supplier', granted: ['select', 'print'], revoked: [] })).toBe('Supplier: +Akses menu, +Cetak')
  })

  it('reads the per-menu changes of a record, [] when unreadable', () => {
    const change = { menu_fitur_id: 3, menu: 'User', kategori: 'Master', granted: ['show'], revoked: [] }
    expect(perubahanOf({ perubahan: [change] })).toEqual([
      { menu_fitur_id: 3, menu: 'User', kategori: 'Master', granted: ['show'], revoked: [] },
    ])
    expect(perubahanOf(null)).toEqual([])
    expect(perubahanOf({ perubahan: 'x' })).toEqual([])
  })

  it('parses {data: [...]} and a bare array', () => {
    const rows = [{ id: '7', aksi: 'posting', created_at: '2026-01-01T00:00:00Z', user: { id: 2, nama_user: 'Sinta' }, detail: null }]
    expect(auditListSchema.parse({ data: rows })[0]).toMatchObject({ id: 7, aksi: 'posting', user: { id: 2, nama_user: 'Sinta' } })
    expect(auditListSchema.parse(rows)).toHaveLength(1)
  })

  it('gives the invoice who made it and who posted it last, only while it is posted', () => {
    const history = [
      entry(1, 'dibuat', '2026-11-24T01:00:00Z', 'Budi'),
      entry(2, 'posting', '2026-11-24T02:00:00Z', 'Sinta'),
      entry(3, 'unpost', '2026-11-24T03:00:00Z', 'Sinta'),
      entry(4, 'posting', '2026-11-24T04:00:00Z', 'Rudi'),
    ]
    expect(invoiceAuditOf(history, 'posting')).toEqual({
      dibuat: { nama: 'Budi', waktu: '24 November 2026 08.00 WIB' },
      diposting: { nama: 'Rudi', waktu: '24 November 2026 11.00 WIB' },
    })
    expect(invoiceAuditOf(history.slice(0, 3), 'unpost')).toEqual({
      dibuat: { nama: 'Budi', waktu: '24 November 2026 08.00 WIB' },
      diposting: null,
    })
    expect(invoiceAuditOf([], 'posting')).toEqual({ dibuat: null, diposting: null })
  })

  it('lists a history as Waktu, User, Aksi', () => {
    expect(riwayatRows([entry(9, 'unpost', '2026-11-24T04:05:00Z')])).toEqual([
      { id: 9, waktu: '24 November 2026 11.05 WIB', user: 'Admin', aksi: 'Di-unpost' },
    ])
  })

  it("names who acted by the login name with the name as it was: 'admin (Administrator Sistem)'", () => {
    expect(actorLabel({ id: 1, kode_user: 'admin', nama_user: 'Administrator Sistem' })).toBe('admin (Administrator Sistem)')
    expect(actorLabel({ id: 2, kode_user: 'budi', nama_user: 'budi' })).toBe('budi')
    // Records written before the login name was kept, and upstreams without it: the name alone.
    expect(actorLabel({ id: 3, nama_user: 'Sinta' })).toBe('Sinta')
    expect(actorLabel({ id: 4, kode_user: null, nama_user: null })).toBe('User #4')
    expect(actorLabel(null)).toBe('-')
    const rows = auditListSchema.parse({
      data: [
        {
          id: 1,
          aksi: 'posting',
          created_at: '2026-11-24T04:05:00Z',
          user: { id: 5, kode_user: 'sinta', nama_user: 'Administrator Sistem' },
        },
      ],
    })
    expect(riwayatRows(rows)[0]!.user).toBe('sinta (Administrator Sistem)')
  })
})

describe('the documents (app/server/documents.server.ts)', () => {
  const flatten = (entries: readonly RouteEntry[], parent: string, file: string): string[] =>
    entries.flatMap((e) => {
      const path = `${parent}/${e.path ?? ''}`.replace(/\/+/g, '/')
      return [...(e.file === file ? [path] : []), ...flatten(e.children ?? [], path, file)]
    })
  const screensOf = (file: string) => flatten(ROUTE_TABLE, '', file).map((path) => path.split('/')[2])
  const riwayatScreens = screensOf('routes/admin/riwayat-dokumen.tsx')

  it('names a document for every screen with a Riwayat dialog, and only those', () => {
    expect(riwayatScreens.length).toBeGreaterThan(0)
    for (const screen of riwayatScreens) expect(documentOfScreen(screen!), screen).not.toBeNull()
    expect(
      Object.values(DOCUMENTS)
        .flatMap((d) => d.screens)
        .sort(),
    ).toEqual([...riwayatScreens].sort())
  })

  it('maps a screen to its document, a list and its inquiry alike', () => {
    expect(documentOfScreen('inquery-pembelian-ban')).toBe('pembelian_ban')
    expect(documentOfScreen('perpanjangan-stnk')).toBe('perpanjangan')
    expect(documentOfScreen('stnk')).toBeNull()
  })

  it('finds the declaration of every screen mounting the shared list, screens and line undo, by the folder', () => {
    const shared = ['list', 'screen', 'hapus-detail', 'lihat'].map((m) => new Set(screensOf(`routes/admin/document/${m}.tsx`)))
    // The list (rotasi-ban), the create form (create-rotasi-ban), the edit screen (under the list) and Show (rotasi-detail).
    expect([...shared[0]!].sort()).toEqual(['pelepasan-ban', 'rotasi-ban'])
    expect([...shared[1]!].sort()).toEqual(['create-pelepasan-ban', 'create-rotasi-ban', 'pelepasan-ban', 'rotasi-ban'])
    expect([...shared[2]!].sort()).toEqual([...shared[1]!].sort())
    expect([...shared[3]!]).toEqual(['rotasi-detail'])
    for (const segment of shared.flatMap((s) => [...s])) {
      const d = declaredDocumentOf(new Request(`http://x/admin/${segment}/5`))
      expect([d.path, `create-${d.path}`, d.show], segment).toContain(segment)
      expect(DOCUMENTS[d.entitas]?.screen, segment).toBe(d)
    }
    expect(() => declaredDocumentOf(new Request('http://x/admin/pemasangan-ban'))).toThrow()
  })

  it('declares the delete dialog of every screen mounting the shared one, found under any spelling of its path', () => {
    const hapusScreens = screensOf('routes/admin/document/hapus.tsx')
    expect([...hapusScreens].sort()).toEqual(['inquery-pemasangan-ban', 'pelepasan-ban', 'pemasangan-ban', 'pemeriksaan-ban', 'rotasi-ban'])
    for (const screen of hapusScreens) expect(DOCUMENTS[documentOfScreen(screen!)!].hapus, screen).not.toBeNull()
    expect(documentOfRequest(new Request('http://x/admin/Rotasi-Ban/5/hapus'))).toBe('rotasi_ban')
    expect(documentOfRequest(new Request('http://x/admin/%72otasi-ban/5/hapus'))).toBe('rotasi_ban')
    expect(documentOfRequest(new Request('http://x/admin/%E0%A4%A/5/hapus'))).toBeNull()
  })
})
