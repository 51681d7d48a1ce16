import { describe, expect, it } from 'vitest'
import { allows, canOn, grantsFromAkses, menuPathOfFeature, menusOfPath, visibleMenu } from '~/lib/grants'
import { filterOptions } from '~/ui/searchable-select'

const flags = (on: string[]) =>
  Object.fromEntries(
    ['create', 'update', 'delete', 'show', 'posting', 'unpost', 'posting_all', 'unpost_all', 'search', 'print'].map((p) => [
      `can_${p}`,
      on.includes(p),
    ]),
  ) as Record<`can_${'create' | 'update' | 'delete' | 'show' | 'posting' | 'unpost' | 'posting_all' | 'unpost_all' | 'search' | 'print'}`, boolean>

const catalogue = [
  { kategori: 'Master', fiturs: [{ id: 1, nama: 'Departemen' }, { id: 2, nama: 'Karyawan' }, { id: 9, nama: 'Menu Asing' }] },
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

  it('finds the menu of every admin path, hidden routes included; open paths have none', () => {
    expect(menusOfPath('/admin/departemen')).toEqual(['/admin/departemen'])
    expect(menusOfPath('/admin/departemen/3/edit')).toEqual(['/admin/departemen'])
    expect(menusOfPath('/admin/perpanjangan-stnk/tambah')).toEqual(['/admin/perpanjangan-stnk'])
    expect(menusOfPath('/admin/akses/edit/4')).toEqual(['/admin/akses'])
    expect(menusOfPath('/admin/pembelian-detail/7')).toEqual(['/admin/pembelian-ban', '/admin/inquery-pembelian-ban'])
    expect(menusOfPath('/admin/pemasangan-detail/7')).toEqual(['/admin/pemasangan-ban', '/admin/inquery-pemasangan-ban'])
    expect(menusOfPath('/admin/create-pemasangan-ban')).toEqual(['/admin/pemasangan-ban'])
    expect(menusOfPath('/admin/inquery-pemasangan-ban/edit/2')).toEqual(['/admin/inquery-pemasangan-ban', '/admin/pemasangan-ban'])
    expect(menusOfPath('/admin/laporan-pembelian-ban/cetak')).toEqual(['/admin/laporan-pembelian-ban'])
    // A prefix that is not a path segment is another path.
    expect(menusOfPath('/admin/userx')).toBeNull()
    expect(menusOfPath('/admin/user/3/hapus')).toEqual(['/admin/user'])
    expect(menusOfPath('/admin/users')).toBeNull()
    expect(menusOfPath('/admin/dashboard')).toBeNull()
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
