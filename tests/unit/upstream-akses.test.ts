import { describe, expect, it } from 'vitest'
import { listOf } from '~/upstream/normalize'
import {
  aksesEditSchema,
  aksesRowSchema,
  aksesStateFromEdit,
  buildAksesPayload,
  menufitursSchema,
  userMenuSchema,
  type FeatureState,
} from '~/upstream/schemas/akses'

const allFalse = {
  active: false,
  can_create: false,
  can_update: false,
  can_delete: false,
  can_show: false,
  can_posting: false,
  can_unpost: false,
  can_posting_all: false,
  can_unpost_all: false,
  can_search: false,
  can_print: false,
}

describe('akses list', () => {
  it('reads one row per user', () => {
    expect(listOf(aksesRowSchema).parse([{ id: '1', kode_user: 'admin', karyawan: { nama_lengkap: 'Budi' }, extra: 1 }])).toEqual([
      { id: 1, kode_user: 'admin', karyawan: { id: null, nama_lengkap: 'Budi' } },
    ])
  })
})

describe('menufiturs', () => {
  const expected = [
    {
      kategori: 'Master',
      fiturs: [
        { id: 1, nama: 'Departemen' },
        { id: 2, nama: 'Karyawan' },
      ],
    },
    { kategori: 'Operasional', fiturs: [{ id: 12, nama: 'STNK' }] },
  ]
  it('reads an object keyed by category (the reference api), keeping its order', () => {
    expect(
      menufitursSchema.parse({
        Master: [
          { id: 1, nama: 'Departemen', kategori: 'Master' },
          { id: '2', nama: 'Karyawan', kategori: 'Master' },
        ],
        Operasional: [{ id: 12, nama: 'STNK', kategori: 'Operasional' }],
      }),
    ).toEqual(expected)
  })
  it('reads Laravel groupBy groups serialised as index-keyed objects', () => {
    expect(
      menufitursSchema.parse({
        Master: [
          { id: 1, nama: 'Departemen' },
          { id: 2, nama: 'Karyawan' },
        ],
        Operasional: { '11': { id: 12, nama: 'STNK' } },
      }),
    ).toEqual(expected)
  })
  it('reads a flat array with kategori, category or menu, grouped in first-seen order', () => {
    expect(
      menufitursSchema.parse([
        { id: 1, nama: 'Departemen', kategori: 'Master', route: '/admin/departemen' },
        { id: 12, nama: 'STNK', category: 'Operasional' },
        { id: 2, nama_fitur: 'Karyawan', menu: 'Master' },
      ]),
    ).toEqual(expected)
  })
  it('reads a flat array whose menu is an object, and an index-keyed flat list', () => {
    expect(
      menufitursSchema.parse({
        '0': { id: 1, nama: 'Departemen', menu: { id: 9, nama: 'Master' } },
        '1': { id: 2, name: 'Karyawan', menu: { nama: 'Master' } },
        '2': { id: 12, nama: 'STNK', kategori: 'Operasional' },
      }),
    ).toEqual(expected)
  })
  it('a feature without a category goes to Lainnya; empty forms are no features', () => {
    expect(menufitursSchema.parse([{ id: 5, nama: 'X' }])).toEqual([{ kategori: 'Lainnya', fiturs: [{ id: 5, nama: 'X' }] }])
    expect(menufitursSchema.parse([])).toEqual([])
    expect(menufitursSchema.parse({})).toEqual([])
    expect(menufitursSchema.parse(null)).toEqual([])
  })
  it('fails on features without ids or non-objects', () => {
    expect(menufitursSchema.safeParse([{ nama: 'X', kategori: 'Master' }]).success).toBe(false)
    expect(menufitursSchema.safeParse(['Departemen']).success).toBe(false)
    expect(menufitursSchema.safeParse({ Master: 'Departemen' }).success).toBe(false)
    expect(menufitursSchema.safeParse('Master').success).toBe(false)
  })
})

describe('userMenu', () => {
  it('reads an object keyed by feature id with 0/1 flags (the reference api)', () => {
    const m = userMenuSchema.parse({
      '1': {
        menu_fitur_id: 1,
        active: 1,
        can_create: 1,
        can_update: 0,
        can_delete: 0,
        can_show: 1,
        can_posting: 0,
        can_unpost: 0,
        can_posting_all: 0,
        can_unpost_all: 0,
        can_search: 1,
        can_print: 0,
      },
    })
    expect(m[1]).toEqual({ ...allFalse, active: true, can_create: true, can_show: true, can_search: true })
  })
  it('reads "0"/"1" and booleans, and an array with menu_fitur_id', () => {
    const m = userMenuSchema.parse([
      { id: 77, user_id: 3, menu_fitur_id: '4', active: '1', can_print: '1', can_delete: '0' },
      { menu_fitur_id: 9, active: false, can_create: true },
    ])
    expect(Object.keys(m).sort()).toEqual(['4', '9'])
    expect(m[4]).toEqual({ ...allFalse, active: true, can_print: true })
    expect(m[9]).toEqual({ ...allFalse, can_create: true })
  })
  it("an entry's menu_fitur_id wins over its key; no active field means active", () => {
    const m = userMenuSchema.parse({ '77': { menu_fitur_id: 4, can_show: 1 } })
    expect(m[4]).toEqual({ ...allFalse, active: true, can_show: true })
    expect(m[77]).toBeUndefined()
  })
  it("PHP's empty array, {} and null are no grants", () => {
    expect(userMenuSchema.parse([])).toEqual({})
    expect(userMenuSchema.parse({})).toEqual({})
    expect(userMenuSchema.parse(null)).toEqual({})
  })
  it('fails on an array entry without menu_fitur_id, a non-numeric key or a bad flag', () => {
    expect(userMenuSchema.safeParse([{ active: 1 }]).success).toBe(false)
    expect(userMenuSchema.safeParse({ abc: { active: 1 } }).success).toBe(false)
    expect(userMenuSchema.safeParse({ '1': { active: 2 } }).success).toBe(false)
    expect(userMenuSchema.safeParse({ '1': 'yes' }).success).toBe(false)
  })
})

describe('akses edit answer and the save payload', () => {
  const answer = {
    user: { id: 3, kode_user: 'ops', karyawan: { nama_lengkap: 'Sari' } },
    menufiturs: {
      Master: [
        { id: 1, nama: 'Departemen', kategori: 'Master' },
        { id: 2, nama: 'Karyawan', kategori: 'Master' },
      ],
    },
    userMenu: {
      '2': {
        menu_fitur_id: 2,
        active: 1,
        can_create: 1,
        can_update: 1,
        can_delete: 0,
        can_show: 0,
        can_posting: 0,
        can_unpost: 0,
        can_posting_all: 0,
        can_unpost_all: 0,
        can_search: 0,
        can_print: 1,
      },
    },
  }
  it('reads the edit answer', () => {
    const e = aksesEditSchema.parse(answer)
    expect(e.user).toEqual({ id: 3, kode_user: 'ops', karyawan: { id: null, nama_lengkap: 'Sari' } })
    expect(e.menufiturs[0].fiturs.map((f) => f.id)).toEqual([1, 2])
    expect(e.userMenu[2].can_print).toBe(true)
  })
  it('makes the editor state for every feature, then the contract payload with 0/1 flags', () => {
    const state = aksesStateFromEdit(aksesEditSchema.parse(answer))
    const off: FeatureState = {
      active: false,
      create: false,
      update: false,
      delete: false,
      show: false,
      posting: false,
      unpost: false,
      posting_all: false,
      unpost_all: false,
      search: false,
      print: false,
    }
    expect(state[1]).toEqual(off)
    expect(state[2]).toEqual({ ...off, active: true, create: true, update: true, print: true })
    state[1] = { ...off, active: true, posting_all: true, search: true }
    expect(buildAksesPayload(state)).toEqual({
      menus: { '1': 1, '2': 1 },
      permissions: {
        '1': {
          can_create: 0,
          can_update: 0,
          can_delete: 0,
          can_show: 0,
          can_posting: 0,
          can_unpost: 0,
          can_posting_all: 1,
          can_unpost_all: 0,
          can_search: 1,
          can_print: 0,
        },
        '2': {
          can_create: 1,
          can_update: 1,
          can_delete: 0,
          can_show: 0,
          can_posting: 0,
          can_unpost: 0,
          can_posting_all: 0,
          can_unpost_all: 0,
          can_search: 0,
          can_print: 1,
        },
      },
    })
  })
  it('leaves inactive features out of both maps; missing flags are 0', () => {
    expect(buildAksesPayload({ 5: { active: false, create: true }, 6: { active: true, show: true } })).toEqual({
      menus: { '6': 1 },
      permissions: {
        '6': {
          can_create: 0,
          can_update: 0,
          can_delete: 0,
          can_show: 1,
          can_posting: 0,
          can_unpost: 0,
          can_posting_all: 0,
          can_unpost_all: 0,
          can_search: 0,
          can_print: 0,
        },
      },
    })
    expect(buildAksesPayload({})).toEqual({ menus: {}, permissions: {} })
  })
})
