import { describe, expect, it } from 'vitest'
import {
  AKSES_SELF_LOCKOUT,
  featureMatches,
  groupAllActive,
  groupOfIntent,
  locksOutOfAkses,
  stateFromBoxes,
  stateFromForm,
  toggleGroup,
} from '~/lib/akses-form'
import { karyawanInput, KaryawanFormSchema } from '~/lib/forms/karyawan'
import { userInput, UserFormSchema } from '~/lib/forms/user'
import { buildAksesPayload } from '~/upstream/schemas/akses'

const fd = (fields: Record<string, string | File>) => {
  const f = new FormData()
  for (const [k, v] of Object.entries(fields)) f.append(k, v)
  return f
}
const errorsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]))

describe('Karyawan form schema', () => {
  it('requires nama_lengkap with the spec message', () => {
    expect(errorsOf(KaryawanFormSchema.safeParse({ nama_lengkap: '   ' }))).toEqual({ nama_lengkap: 'Nama Karyawan tidak boleh kosong!' })
    expect(errorsOf(KaryawanFormSchema.safeParse({}))).toEqual({ nama_lengkap: 'Nama Karyawan tidak boleh kosong!' })
  })
  it('gender and nama_bank are choices; dates are real dates; email checked', () => {
    const r = KaryawanFormSchema.safeParse({
      nama_lengkap: 'A',
      gender: 'L',
      nama_bank: 'BANK X',
      tanggal_lahir: '2024-02-30',
      tanggal_gabung: '12/01/2020',
      gmail: 'bukan-email',
    })
    expect(errorsOf(r)).toEqual({
      gender: 'Gender harus Laki-laki atau Perempuan.',
      nama_bank: 'Nama Bank tidak dikenal.',
      tanggal_lahir: 'Tanggal Lahir bukan tanggal yang valid.',
      tanggal_gabung: 'Tanggal Gabung harus berupa tanggal (YYYY-MM-DD).',
      gmail: 'Email tidak valid.',
    })
    const ok = KaryawanFormSchema.parse({ nama_lengkap: 'A', gender: 'Perempuan', nama_bank: 'CIMB NIAGA', tanggal_lahir: '2024-02-29' })
    expect(ok).toMatchObject({ gender: 'Perempuan', nama_bank: 'CIMB NIAGA', tanggal_lahir: '2024-02-29' })
  })
  it('photos: images only; an empty file is no change', () => {
    const txt = new File(['x'], 'a.txt', { type: 'text/plain' })
    expect(errorsOf(KaryawanFormSchema.safeParse({ nama_lengkap: 'A', gambar: txt }))).toEqual({
      gambar: 'Foto KTP harus berupa gambar (JPG, PNG, GIF atau WEBP).',
    })
    const empty = new File([], '', { type: 'application/octet-stream' })
    expect(KaryawanFormSchema.parse({ nama_lengkap: 'A', ft_sim: empty }).ft_sim).toBeUndefined()
  })
  it('the upstream input clears emptied fields and sends a photo only when chosen', () => {
    const input = karyawanInput(KaryawanFormSchema.parse({ nama_lengkap: 'A', telp: '08' }))
    expect(input).toMatchObject({ nama_lengkap: 'A', telp: '08', alamat: '', gender: '', gambar: null, ft_sim: null })
  })
})

describe('User form schema', () => {
  const valid = { karyawan_id: '3', kode_user: 'budi', password: 'rahasia-1', password_confirm: 'rahasia-1' }
  it('accepts a complete form', () => {
    expect(UserFormSchema.safeParse(valid).success).toBe(true)
  })
  it('an employee must be chosen', () => {
    expect(errorsOf(UserFormSchema.safeParse({ ...valid, karyawan_id: undefined }))).toEqual({
      karyawan_id: 'Silakan pilih karyawan terlebih dahulu!',
    })
    expect(errorsOf(UserFormSchema.safeParse({ ...valid, karyawan_id: 'x' }))).toEqual({
      karyawan_id: 'Silakan pilih karyawan terlebih dahulu!',
    })
  })
  it('password: at least 8 characters, at most 72, entered twice the same — said together with other errors', () => {
    expect(errorsOf(UserFormSchema.safeParse({ ...valid, password: '1234567', password_confirm: '1234567' }))).toEqual({
      password: 'Password minimal 8 karakter.',
    })
    expect(errorsOf(UserFormSchema.safeParse({ ...valid, password: 'x'.repeat(73), password_confirm: 'x'.repeat(73) }))).toEqual({
      password: 'Password maksimal 72 karakter.',
    })
    expect(errorsOf(UserFormSchema.safeParse({ ...valid, password_confirm: 'lain-lain-1' }))).toEqual({
      password_confirm: 'Konfirmasi password tidak sama.',
    })
    expect(errorsOf(UserFormSchema.safeParse({ kode_user: 'a b', password: 'pendek', password_confirm: 'lain' }))).toEqual({
      karyawan_id: 'Silakan pilih karyawan terlebih dahulu!',
      kode_user: 'Kode User tidak boleh mengandung spasi.',
      password: 'Password minimal 8 karakter.',
      password_confirm: 'Konfirmasi password tidak sama.',
    })
  })
  it('empty nama_user, telp and alamat come from the chosen employee; the password is sent', () => {
    const v = UserFormSchema.parse({ ...valid, telp: '0811' })
    expect(userInput(v, { id: 3, nama_lengkap: 'Budi Santoso', telp: '0899', alamat: 'Jl. A' })).toEqual({
      karyawan_id: '3',
      nama_user: 'Budi Santoso',
      kode_user: 'budi',
      telp: '0811',
      alamat: 'Jl. A',
      password: 'rahasia-1',
    })
  })
})

describe('access editor form', () => {
  const groups = [
    {
      kategori: 'Master',
      fiturs: [
        { id: 1, nama: 'Departemen' },
        { id: 4, nama: 'Hak Akses' },
      ],
    },
    {
      kategori: 'Operasional',
      fiturs: [
        { id: 12, nama: 'STNK' },
        { id: 13, nama: 'Perpanjangan STNK' },
      ],
    },
  ]
  it('reads the posted boxes; an inactive menu never keeps a permission', () => {
    const s = stateFromForm(groups, fd({ 'active-1': 'on', 'create-1': 'on', 'print-1': 'on', 'delete-12': 'on', 'active-99': 'on' }))
    expect(s[1]).toMatchObject({ active: true, create: true, print: true, update: false })
    expect(s[12]).toMatchObject({ active: false, delete: false })
    expect(Object.keys(s).sort()).toEqual(['1', '12', '13', '4'])
    expect(buildAksesPayload(s)).toEqual({
      menus: { 1: 1 },
      permissions: {
        1: {
          can_create: 1,
          can_update: 0,
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
  it('the boxes as the page shows them (ticked before its scripts ran) become the state; an inactive menu keeps its ticked permissions', () => {
    const ticked = new Set(['active-1', 'update-1', 'delete-12', 'active-99'])
    const s = stateFromBoxes(groups, (name) => ticked.has(name))
    expect(s[1]).toMatchObject({ active: true, update: true, create: false })
    expect(s[12]).toMatchObject({ active: false, delete: true })
    expect(Object.keys(s).sort()).toEqual(['1', '12', '13', '4'])
    // Posted, the same boxes grant nothing on the inactive menu.
    expect(stateFromForm(groups, fd({ 'active-1': 'on', 'delete-12': 'on' }))[12]).toMatchObject({ active: false, delete: false })
  })
  it('the category box is checked only when every menu is active; a toggle turns all on, then all off, keeping permissions', () => {
    let s = stateFromForm(groups, fd({ 'active-12': 'on', 'search-12': 'on' }))
    expect(groupAllActive(groups[1], s)).toBe(false)
    s = toggleGroup(groups[1], s)
    expect(groupAllActive(groups[1], s)).toBe(true)
    expect(s[12]).toMatchObject({ active: true, search: true })
    expect(s[1].active).toBe(false)
    s = toggleGroup(groups[1], s)
    expect([s[12].active, s[13].active]).toEqual([false, false])
    expect(s[12].search).toBe(true)
  })
  it('finds the group of a toggle intent', () => {
    expect(groupOfIntent(groups, 'toggle-group-Operasional')).toBe(groups[1])
    expect(groupOfIntent(groups, 'toggle-group-Asing')).toBeNull()
    expect(groupOfIntent(groups, 'save')).toBeNull()
  })
  it('refuses a state without Select and Update on Hak Akses', () => {
    expect(locksOutOfAkses(groups, stateFromForm(groups, fd({ 'active-4': 'on', 'update-4': 'on' })))).toBe(false)
    expect(locksOutOfAkses(groups, stateFromForm(groups, fd({ 'active-4': 'on' })))).toBe(true)
    expect(locksOutOfAkses(groups, stateFromForm(groups, fd({ 'update-4': 'on' })))).toBe(true)
    expect(AKSES_SELF_LOCKOUT).toContain('Hak Akses')
  })
  it('menu search matches the menu or its category, case-insensitively', () => {
    expect(featureMatches('stnk', 'Operasional', 'Perpanjangan STNK')).toBe(true)
    expect(featureMatches('OPERA', 'Operasional', 'STNK')).toBe(true)
    expect(featureMatches('ban', 'Master', 'Departemen')).toBe(false)
    expect(featureMatches('  ', 'Master', 'Departemen')).toBe(true)
  })
})
