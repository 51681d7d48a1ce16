/**
 * Update Profile's rules as the server applies them (plain HTTP, no browser): the app's own length
 * rule for a new password, reached by posting the Ganti Password form as a client that skips the
 * browser's minlength check. Each test makes its own user through the api (the shared admin's
 * password is never changed).
 * What stays in tests/e2e/profile.test.ts: changing the password and the contact, a wrong current
 * password (both ways), and the cards against an upstream without the extension (the faulty server).
 */
import { expect, test } from 'vitest'
import { API_URL, loginAs, SAME_ORIGIN } from './http'
import { byText, field, openPage, page, region } from './html'
import { createUser } from './upstream'

/** What the upstream accepts now: the status of POST /api/login with these credentials. */
const apiLoginStatus = async (kode_user: string, password: string) =>
  (
    await fetch(`${API_URL}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ kode_user, password }),
    })
  ).status

test.concurrent('a new password shorter than 8 characters: its message beside the field, nothing changed', async () => {
  const { user, password } = await createUser('profil')
  const c = await loginAs(user.kode_user, password)
  const card = region(await openPage(c, '/admin/users'), 'Ganti Password')
  expect(card, 'the Ganti Password card').toBeTruthy()
  // The form's own fields (its hidden intent included), the new password too short.
  const form = card!.querySelector('form')!
  const fields: Record<string, string> = {}
  for (const input of form.querySelectorAll('input[type="hidden"]')) fields[input.getAttribute('name')!] = input.getAttribute('value') ?? ''
  fields[field(form, 'Password Lama')!.getAttribute('name')!] = password
  fields[field(form, 'Password Baru')!.getAttribute('name')!] = 'pendek'
  fields[field(form, 'Ulangi Password Baru')!.getAttribute('name')!] = 'pendek'
  const res = await c.post(form.getAttribute('action')!, { form: fields, headers: SAME_ORIGIN })
  expect(res.status, 'the form again, refused').toBeGreaterThanOrEqual(400)
  const again = region(page(res), 'Ganti Password')!
  expect(byText(again, 'Password baru minimal 8 karakter.')).toHaveLength(1)
  expect(field(again, 'Password Baru')!.getAttribute('aria-invalid')).toBe('true')
  expect(await apiLoginStatus(user.kode_user, password)).toBe(200)
})
