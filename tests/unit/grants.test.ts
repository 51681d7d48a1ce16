import { describe, expect, it } from 'vitest'
import { allows, canOn, grantsFromAkses, menuPathOfFeature, PERMISSIONS, visibleMenu, type Permission } from '~/lib/grants'
import { isPrivateUrl, requirementOf } from '~/lib/route-access'
import { filterOptions } from '~/ui/searchable-select'

const flags = (on: Permission[]) =>
  Object.fromEntries(PERMISSIONS.map((p) => [`can_${p}`, on.includes(p)])) as Record<`can_${Permission}`, boolean>

const catalogue = [
  {
    kategori: 'Master',
    fiturs: [
      { id: 1, nama: 'Departemen' },
      { id: 2, nama: 'Karyawan' },
      { id: 9, nama: 'Menu Asing' },
    ],
  },
  { kategori: 'Finance', fiturs: [{ id: 16, nama: 'inquery  pembelian BAN' }] },
]

describe('grants', () => {
  it('maps catalogue features to menus by name, ignoring case, spacing and unknown features', () => {
    expect(menuPathOfFeature('Departemen')).toBe('/admin/departemen')
    expect(menuPathOfFeature(' merek ban ')).toBe('/admin/merek')
    expect(menuPathOfFeature('Menu Asing')).toBeNull()
    const g = grantsFromAkses(catalogue, {
      1: { active: true, ...flags(['create', 'show']) },
      16: { active: true, ...flags(['posting']) },
      9: { active: true, ...flags(['create']) },
    })
    expect(Object.keys(g).sort()).toEqual(['/admin/departemen', '/admin/inquery-pembelian-ban'])
  })

  it('an inactive menu grants nothing, even with its flags set', () => {
    const g = grantsFromAkses(catalogue, { 1: { active: false, ...flags(['create', 'delete']) } })
    expect(allows(g, '/admin/departemen')).toBe(false)
    expect(allows(g, '/admin/departemen', 'create')).toBe(false)
    expect(canOn(g, '/admin/departemen').create).toBe(false)
  })

  it('checks the menu and then the permission', () => {
    const g = grantsFromAkses(catalogue, { 1: { active: true, ...flags(['show']) } })
    expect(allows(g, '/admin/departemen')).toBe(true)
    expect(allows(g, '/admin/departemen', 'show')).toBe(true)
    expect(allows(g, '/admin/departemen', 'delete')).toBe(false)
    expect(allows(g, '/admin/karyawan')).toBe(false)
    expect(canOn(g, '/admin/departemen')).toMatchObject({ show: true, create: false, update: false, delete: false })
  })

  it('the sidebar keeps only active menus and drops empty groups', () => {
    const g = grantsFromAkses(catalogue, { 2: { active: true, ...flags([]) } })
    const groups = visibleMenu(g)
    expect(groups.map((x) => x.label)).toEqual(['Master'])
    expect(groups[0].entries.map((e) => e.label)).toEqual(['Karyawan'])
  })

  const req = (path: string, method = 'GET') => requirementOf(new URL(path, 'http://app.test'), method)
  const checksOf = (path: string, method = 'GET') => {
    const r = req(path, method)
    return r.kind === 'granted' ? r.checks : r
  }

  it('reads the menu and permission from the route the path reaches, hidden routes included', () => {
    expect(checksOf('/admin/departemen')).toEqual([{ menus: ['/admin/departemen'] }])
    expect(checksOf('/admin/departemen/3/edit')).toEqual([
      { menus: ['/admin/departemen'] },
      { menus: ['/admin/departemen'], perm: 'update' },
    ])
    expect(checksOf('/admin/perpanjangan-stnk/tambah', 'POST')).toEqual([
      { menus: ['/admin/perpanjangan-stnk'] },
      { menus: ['/admin/perpanjangan-stnk'], perm: 'create' },
      { menus: ['/admin/perpanjangan-stnk'], perm: 'create' },
    ])
    expect(checksOf('/admin/akses/edit/4')).toEqual([{ menus: ['/admin/akses'], perm: 'update' }])
    expect(checksOf('/admin/pembelian-detail/7')).toEqual([
      { menus: ['/admin/pembelian-ban', '/admin/inquery-pembelian-ban'], perm: 'show' },
    ])
    expect(checksOf('/admin/inquery-pemasangan-ban/edit/2')).toEqual([
      { menus: ['/admin/inquery-pemasangan-ban', '/admin/pemasangan-ban'], perm: 'update' },
    ])
    expect(checksOf('/admin/laporan-pembelian-ban/cetak')).toEqual([{ menus: ['/admin/laporan-pembelian-ban'], perm: 'print' }])
    expect(req('/admin/dashboard')).toMatchObject({ kind: 'granted', checks: [], menus: [] })
    expect(req('/login')).toEqual({ kind: 'public' })
  })

  it('matches as Remix does: any case, escaped letters, dot segments, a trailing slash, single-fetch .data', () => {
    const akses = [{ menus: ['/admin/akses'], perm: 'update' }]
    for (const path of [
      '/admin/AKSES/edit/4',
      '/ADMIN/akses/edit/4',
      '/admin/Akses/Edit/4',
      '/admin/%61kses/edit/4',
      '/admin/./akses/edit/4',
      '/admin/x/../akses/edit/4',
      '/admin/akses/edit/4/',
      '/admin/akses/edit/4.data',
    ]) {
      expect(checksOf(path), path).toEqual(akses)
    }
    // A path the table does not know under /admin is the shell's 404 route (session only, no menu permission).
    expect(req('/admin/akses;x/edit/4')).toMatchObject({ kind: 'granted', checks: [], menus: [] })
  })

  it('fails closed on writes: a route without a write declaration takes no POST, an intent action needs its intent', () => {
    expect(req('/admin/dashboard', 'POST')).toEqual({ kind: 'refused', status: 405 })
    expect(req('/admin/departemen', 'POST')).toEqual({ kind: 'refused', status: 405 })
    expect(req('/admin/pembelian-ban', 'POST')).toMatchObject({ kind: 'granted', byIntent: true })
    expect(req('/admin/logout', 'POST')).toMatchObject({ kind: 'granted', checks: [] })
  })

  it('marks every route that needs a session private, whatever the spelling', () => {
    expect(isPrivateUrl(new URL('http://app.test/Admin/dashboard'))).toBe(true)
    expect(isPrivateUrl(new URL('http://app.test/UPLOADS/x.png'))).toBe(true)
    expect(isPrivateUrl(new URL('http://app.test/login'))).toBe(false)
    expect(isPrivateUrl(new URL('http://app.test/nowhere'))).toBe(false)
  })
})

describe('searchable choice filter', () => {
  const options = [
    { value: '1', label: 'KB-001 Hino' },
    { value: '2', label: 'KB-002 Fuso' },
    { value: '3', label: 'kb-010 hino dutro' },
  ]
  it('matches every typed word case-insensitively and always keeps the chosen option', () => {
    expect(filterOptions(options, 'HINO', '').map((o) => o.value)).toEqual(['1', '3'])
    expect(filterOptions(options, 'hino dutro', '2').map((o) => o.value)).toEqual(['2', '3'])
    expect(filterOptions(options, '', '').length).toBe(3)
    expect(filterOptions(options, '', '', 1).map((o) => o.value)).toEqual(['1'])
  })
})
