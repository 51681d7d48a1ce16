import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { requirementOf } from '~/lib/route-access'
import { SIMPLE_MASTERS } from '~/lib/simple-master'
import { ROUTE_TABLE, screenRoutes, type RouteAccess, type RouteEntry } from '~/route-table'
import { SCREEN_LIST, SCREENS, segmentOf, type ScreenKey } from '~/screens'

const accessText = (a: RouteAccess) =>
  a.kind === 'menu'
    ? ['menu', a.menus.join(','), a.read ? `read=${a.read}` : '', a.write ? `write=${a.write}` : ''].filter(Boolean).join(' ')
    : [a.kind, a.kind === 'session' && a.write ? `write=${a.write}` : ''].filter(Boolean).join(' ')

/** Each route as one line: its URL path under its parents, id, module and access. */
const lines = (entries: RouteEntry[], parent = ''): string[] =>
  entries.flatMap((e) => [
    `${parent}${e.path} ${e.id} ${e.file} ${accessText(e.access)}`,
    ...lines(e.children ?? [], `${parent}${e.path}/`),
  ])

const routesOf = (key: ScreenKey) => {
  const r = screenRoutes(SCREENS[key])
  return { shell: lines(r.shell), bare: lines(r.bare) }
}

const flatten = (entries: RouteEntry[]): RouteEntry[] => entries.flatMap((e) => [e, ...flatten(e.children ?? [])])
const ALL = flatten(ROUTE_TABLE)

describe('each kind of screen makes the routes, modules and access it declares (app/screens.ts)', () => {
  it('supplier: a list with a detail dialog and its import (upload, preview, template, refused rows)', () => {
    expect(routesOf('supplier')).toEqual({
      shell: [
        'supplier supplier routes/admin/supplier/list.tsx menu /admin/supplier',
        'supplier/tambah supplier-tambah routes/admin/supplier/form.tsx menu /admin/supplier read=create write=create',
        'supplier/:id/edit supplier-edit routes/admin/supplier/form.tsx menu /admin/supplier read=update write=update',
        'supplier/:id/hapus supplier-hapus routes/admin/supplier/hapus.tsx menu /admin/supplier read=delete write=delete',
        'supplier/:id supplier-detail routes/admin/supplier/detail.tsx menu /admin/supplier read=show',
        'supplier/impor supplier-impor routes/admin/impor/unggah.tsx menu /admin/supplier read=create write=create',
        'supplier/impor/:id supplier-impor-pratinjau routes/admin/impor/pratinjau.tsx menu /admin/supplier read=create write=create',
      ],
      bare: [
        'admin/supplier/impor/template supplier-impor-template routes/admin/impor/template.tsx menu /admin/supplier read=create',
        'admin/supplier/impor/:id/ditolak.xlsx supplier-impor-ditolak routes/admin/impor/ditolak.tsx menu /admin/supplier read=create',
      ],
    })
  })

  it('user: a list without an edit dialog', () => {
    expect(routesOf('user')).toEqual({
      shell: [
        'user user routes/admin/user/list.tsx menu /admin/user',
        'user/tambah user-tambah routes/admin/user/form.tsx menu /admin/user read=create write=create',
        'user/:id/hapus user-hapus routes/admin/user/hapus.tsx menu /admin/user read=delete write=delete',
      ],
      bare: [],
    })
  })

  it('stnk: a list whose form has a searchable choice', () => {
    expect(routesOf('stnk')).toEqual({
      shell: [
        'stnk stnk routes/admin/stnk/list.tsx menu /admin/stnk',
        'stnk/tambah stnk-tambah routes/admin/stnk/form.tsx menu /admin/stnk read=create write=create',
        'stnk/tambah/pilihan/no-kabin stnk-tambah-pilihan-no-kabin routes/admin/pilihan.tsx menu /admin/stnk read=create write=create',
        'stnk/:id/edit stnk-edit routes/admin/stnk/form.tsx menu /admin/stnk read=update write=update',
        'stnk/:id/edit/pilihan/no-kabin stnk-edit-pilihan-no-kabin routes/admin/pilihan.tsx menu /admin/stnk read=update write=update',
        'stnk/:id/hapus stnk-hapus routes/admin/stnk/hapus.tsx menu /admin/stnk read=delete write=delete',
        'stnk/:id stnk-detail routes/admin/stnk/detail.tsx menu /admin/stnk read=show',
      ],
      bare: [],
    })
  })

  it('pembelianBan: a document list with Riwayat, row-menu intents and its invoice and label pages', () => {
    expect(routesOf('pembelianBan')).toEqual({
      shell: [
        'pembelian-ban pembelian-ban routes/admin/pembelian-ban/list.tsx menu /admin/pembelian-ban write=intent',
        'pembelian-ban/tambah pembelian-ban-tambah routes/admin/pembelian-ban/form.tsx menu /admin/pembelian-ban read=create write=create',
        'pembelian-ban/:id/edit pembelian-ban-edit routes/admin/pembelian-ban/form.tsx menu /admin/pembelian-ban read=update write=update',
        'pembelian-ban/:id/hapus pembelian-ban-hapus routes/admin/pembelian-ban/hapus.tsx menu /admin/pembelian-ban read=delete write=delete',
        'pembelian-ban/:id/riwayat pembelian-ban-riwayat routes/admin/riwayat-dokumen.tsx menu /admin/pembelian-ban read=show',
      ],
      bare: [
        'admin/pembelian-detail/:id pembelian-detail routes/print/faktur-pembelian.tsx menu /admin/pembelian-ban,/admin/inquery-pembelian-ban read=show',
        'admin/label-ban/:id label-ban routes/print/label-ban.tsx menu /admin/pembelian-ban read=print',
      ],
    })
  })

  it('pemasanganBan: a document on a vehicle: picker, create and edit screens, invoice', () => {
    expect(routesOf('pemasanganBan')).toEqual({
      shell: [
        'pemasangan-ban pemasangan-ban routes/admin/pemasangan-ban/list.tsx menu /admin/pemasangan-ban write=intent',
        'pemasangan-ban/tambah pemasangan-ban-tambah routes/admin/pemasangan-ban/pilih-kendaraan.tsx menu /admin/pemasangan-ban read=create write=create',
        'pemasangan-ban/tambah/pilihan/kendaraan pemasangan-ban-tambah-pilihan-kendaraan routes/admin/pilihan.tsx menu /admin/pemasangan-ban read=create write=create',
        'pemasangan-ban/:id/hapus pemasangan-ban-hapus routes/admin/document/hapus.tsx menu /admin/pemasangan-ban read=delete write=delete',
        'pemasangan-ban/:id/riwayat pemasangan-ban-riwayat routes/admin/riwayat-dokumen.tsx menu /admin/pemasangan-ban read=show',
        'create-pemasangan-ban create-pemasangan-ban routes/admin/pemasangan-ban/screen.tsx menu /admin/pemasangan-ban read=create write=create',
        'create-pemasangan-ban/posisi/:posisi create-pemasangan-ban-posisi routes/admin/pemasangan-ban/posisi.tsx menu /admin/pemasangan-ban read=create write=create',
        'create-pemasangan-ban/posisi/:posisi/pilihan/ban create-pemasangan-ban-posisi-pilihan-ban routes/admin/pilihan.tsx menu /admin/pemasangan-ban read=create write=create',
        'create-pemasangan-ban/detail/:detailId/hapus create-pemasangan-ban-hapus-detail routes/admin/pemasangan-ban/hapus-detail.tsx menu /admin/pemasangan-ban read=create write=create',
        'inquery-pemasangan-ban/edit/:id edit-pemasangan-ban routes/admin/pemasangan-ban/screen.tsx menu /admin/inquery-pemasangan-ban,/admin/pemasangan-ban read=update write=update',
        'inquery-pemasangan-ban/edit/:id/posisi/:posisi edit-pemasangan-ban-posisi routes/admin/pemasangan-ban/posisi.tsx menu /admin/inquery-pemasangan-ban,/admin/pemasangan-ban read=update write=update',
        'inquery-pemasangan-ban/edit/:id/posisi/:posisi/pilihan/ban edit-pemasangan-ban-posisi-pilihan-ban routes/admin/pilihan.tsx menu /admin/inquery-pemasangan-ban,/admin/pemasangan-ban read=update write=update',
        'inquery-pemasangan-ban/edit/:id/detail/:detailId/hapus edit-pemasangan-ban-hapus-detail routes/admin/pemasangan-ban/hapus-detail.tsx menu /admin/inquery-pemasangan-ban,/admin/pemasangan-ban read=update write=update',
      ],
      bare: [
        'admin/pemasangan-detail/:id pemasangan-detail routes/print/faktur-pemasangan.tsx menu /admin/pemasangan-ban,/admin/inquery-pemasangan-ban read=show',
      ],
    })
  })

  it('inqueryPembelianBan: a finance inquiry with the dialogs of its document and its CSV', () => {
    expect(routesOf('inqueryPembelianBan')).toEqual({
      shell: [
        'inquery-pembelian-ban inquery-pembelian-ban routes/admin/inquery-pembelian-ban/list.tsx menu /admin/inquery-pembelian-ban write=intent',
        'inquery-pembelian-ban/:id/edit inquery-pembelian-ban-edit routes/admin/pembelian-ban/form.tsx menu /admin/inquery-pembelian-ban read=update write=update',
        'inquery-pembelian-ban/:id/hapus inquery-pembelian-ban-hapus routes/admin/pembelian-ban/hapus.tsx menu /admin/inquery-pembelian-ban read=delete write=delete',
        'inquery-pembelian-ban/:id/riwayat inquery-pembelian-ban-riwayat routes/admin/riwayat-dokumen.tsx menu /admin/inquery-pembelian-ban read=show',
        'inquery-pembelian-ban/posting-semua inquery-pembelian-ban-posting-semua routes/admin/finance/bulk.tsx menu /admin/inquery-pembelian-ban read=posting_all write=posting_all',
        'inquery-pembelian-ban/unpost-semua inquery-pembelian-ban-unpost-semua routes/admin/finance/bulk.tsx menu /admin/inquery-pembelian-ban read=unpost_all write=unpost_all',
      ],
      bare: [
        'admin/inquery-pembelian-ban/csv inquery-pembelian-ban-csv routes/finance/csv.tsx menu /admin/inquery-pembelian-ban read=print',
      ],
    })
  })

  it('ban: a page with a child dialog, a page beside it, its import (upload, preview, template, refused rows) and a CSV', () => {
    expect(routesOf('ban')).toEqual({
      shell: [
        'ban ban routes/admin/ban/list.tsx menu /admin/ban',
        'ban/:id/terima-vulkanisir ban-terima-vulkanisir routes/admin/ban/terima-vulkanisir.tsx menu /admin/ban read=update write=update',
        'ban/:id ban-riwayat routes/admin/ban/riwayat.tsx menu /admin/ban read=show',
        'ban/impor ban-impor routes/admin/impor/unggah.tsx menu /admin/ban read=create write=create',
        'ban/impor/:id ban-impor-pratinjau routes/admin/impor/pratinjau.tsx menu /admin/ban read=create write=create',
      ],
      bare: [
        'admin/ban/impor/template ban-impor-template routes/admin/impor/template.tsx menu /admin/ban read=create',
        'admin/ban/impor/:id/ditolak.xlsx ban-impor-ditolak routes/admin/impor/ditolak.tsx menu /admin/ban read=create',
        'admin/ban/csv ban-csv routes/admin/ban/csv.tsx menu /admin/ban read=print',
      ],
    })
  })

  it('jatuhTempo: a report: a page, its print page and its CSV', () => {
    expect(routesOf('jatuhTempo')).toEqual({
      shell: ['jatuh-tempo jatuh-tempo routes/admin/jatuh-tempo/list.tsx menu /admin/jatuh-tempo'],
      bare: [
        'admin/jatuh-tempo/cetak jatuh-tempo-cetak routes/print/jatuh-tempo.tsx menu /admin/jatuh-tempo read=print',
        'admin/jatuh-tempo/csv jatuh-tempo-csv routes/admin/jatuh-tempo/csv.tsx menu /admin/jatuh-tempo read=print',
      ],
    })
  })
})

describe('the route table with the screens in it', () => {
  it('makes every route of a screen built on an extension need it, and no other route but one that declares its own', () => {
    const needing: string[] = []
    for (const s of SCREEN_LIST) {
      const { shell, bare } = screenRoutes(s)
      for (const e of flatten([...shell, ...bare])) {
        const needs = e.access.kind === 'menu' ? [...(e.access.extensions ?? [])].sort() : []
        const own = s.extra?.find((x) => x.id === e.id)?.extension
        expect(needs, e.id).toEqual([...new Set([s.extension, own].filter((x) => x !== undefined))].sort())
        if (needs.length) needing.push(e.id)
      }
    }
    // Every route of Rotasi Ban, its dialogs, screens and their choices included; Pemasangan Ban's none.
    expect(needing).toEqual(expect.arrayContaining(['rotasi-ban', 'rotasi-ban-hapus', 'create-rotasi-ban-posisi', 'rotasi-ban-riwayat']))
    expect(needing.filter((id) => id.includes('pemasangan'))).toEqual([])
  })

  it('gives the guard the extensions of the routes a URL reaches', () => {
    const extensionsOf = (path: string, method = 'GET') => {
      const req = requirementOf(new URL(`http://x${path}`), method)
      return req.kind === 'granted' ? req.extensions : null
    }
    expect(extensionsOf('/admin/rotasi-ban/5/hapus', 'POST')).toEqual(['rotasi-ban'])
    expect(extensionsOf('/admin/klaim-ban/5')).toEqual(['klaim-ban'])
    expect(extensionsOf('/admin/label-ban/3')).toEqual(['ban-lifecycle'])
    expect(extensionsOf('/admin/pemasangan-ban/tambah')).toEqual([])
    expect(extensionsOf('/admin/pelepasan-ban/tambah')).toEqual(['ban-lifecycle'])
    expect(extensionsOf('/admin/dashboard')).toEqual([])
  })

  it('has one route per id', () => {
    const ids = ALL.map((r) => r.id)
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([])
  })

  it('names route modules that exist', () => {
    expect(ALL.map((r) => r.file).filter((file) => !existsSync(new URL(`../../app/${file}`, import.meta.url)))).toEqual([])
  })

  it("opens each sidebar entry with Select on that entry's menu and nothing more (and its extension)", () => {
    for (const s of SCREEN_LIST) {
      expect(requirementOf(new URL(s.path, 'http://app.test'), 'GET'), s.path).toEqual({
        kind: 'granted',
        checks: [{ menus: [s.path] }],
        menus: [s.path],
        byIntent: false,
        extensions: s.extension ? [s.extension] : [],
      })
    }
  })

  it('has a screen of the shared simple-master routes for each simple master configuration, and no other', () => {
    const simple = SCREEN_LIST.filter((s) => s.routes.kind === 'list' && s.routes.dir === 'routes/admin/simple-master').map(segmentOf)
    expect(simple.sort()).toEqual(
      Object.values(SIMPLE_MASTERS)
        .map((m) => m.path)
        .sort(),
    )
  })
})
