import { describe, expect, it } from 'vitest'
import { passwordLength, passwordSchema } from '~/lib/forms/password'
import { PasswordSchema } from '~/lib/forms/profil'
import { UserFormSchema } from '~/lib/forms/user'

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).filter((i) => i.path[0] === 'password').map((i) => i.message)

describe('the password rule (Tambah User, Ganti Password)', () => {
  it('counts characters after trimming: code points, not bytes or UTF-16 units', () => {
    expect(passwordLength(' '.repeat(8))).toBe(0)
    expect(passwordLength('😀😀😀😀')).toBe(4)
    expect(passwordLength('  abc  ')).toBe(3)
    expect(passwordLength('é'.repeat(8))).toBe(8)
  })

  it('refuses eight spaces, four emoji and seven characters padded with spaces; takes eight emoji', () => {
    for (const password of ['123456', ' '.repeat(8), '😀😀😀😀', ' 1234567 ']) {
      expect(passwordSchema().safeParse(password).error?.issues[0]?.message, JSON.stringify(password)).toBe('Password minimal 8 karakter.')
    }
    expect(passwordSchema().safeParse('😀'.repeat(8)).success).toBe(true)
    expect(passwordSchema().safeParse('x'.repeat(73)).error?.issues[0]?.message).toBe('Password maksimal 72 karakter.')
  })

  it('Tambah User and Ganti Password use it, each with its own label', () => {
    const user = { karyawan_id: '3', kode_user: 'budi' }
    expect(messages(UserFormSchema.safeParse({ ...user, password: ' '.repeat(8), password_confirm: ' '.repeat(8) }))).toEqual([
      'Password minimal 8 karakter.',
    ])
    expect(messages(UserFormSchema.safeParse({ ...user, password: '😀😀😀😀', password_confirm: '😀😀😀😀' }))).toEqual([
      'Password minimal 8 karakter.',
    ])
    const ganti = { intent: 'password', password_lama: 'lama-lama-1' }
    expect(messages(PasswordSchema.safeParse({ ...ganti, password: ' '.repeat(8), password_confirmation: ' '.repeat(8) }))).toEqual([
      'Password baru minimal 8 karakter.',
    ])
    expect(messages(PasswordSchema.safeParse({ ...ganti, password: '😀😀😀😀', password_confirmation: '😀😀😀😀' }))).toEqual([
      'Password baru minimal 8 karakter.',
    ])
    expect(PasswordSchema.safeParse({ ...ganti, password: '😀'.repeat(8), password_confirmation: '😀'.repeat(8) }).success).toBe(true)
  })
})
