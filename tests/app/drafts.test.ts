/**
 * What the user typed and an ended session, as the server applies it (plain HTTP, no browser): a form
 * sent after the session expired goes to the login, and the draft it keeps is its writer's only — the
 * next user logging in on the same browser sees none of it; a draft too large for its cookie restores
 * what fits and says the rest was not. The session is ended as time ends it (its signed cookie says it
 * expired), the forms are posted as a browser without JavaScript posts them.
 * What stays in tests/e2e/drafts.test.ts: the writer getting the draft back, on each kind of form
 * (plain dialog, purchase lines, access grid, fitting position), both ways.
 */
import { expect, test } from 'vitest'
import { loginAs, SAME_ORIGIN, type Client } from './http'
import { buttons, field, named, openPage, text, valueOf, type Element } from './html'
import { expireSession } from './session'
import { createUser, setGrants, unique, upstream } from './upstream'

const RESTORED = 'Sesi Anda sempat berakhir. Data yang Anda ketik telah dipulihkan'

/** The dialog named `name` on `doc`. */
function dialog(doc: Element, name: string): Element {
  const found = named(doc, '[role="dialog"], dialog', name)
  expect(found, `the dialog ${name}`).toHaveLength(1)
  return found[0]!
}

/**
 * The form of the dialog's Simpan button sent by `c` with `fields`: refused for the ended session, it
 * leads to the login page for `path` (the redirect, checked).
 */
async function sendAfterTheEnd(c: Client, doc: Element, fields: Record<string, string>, path: string) {
  const form = buttons(doc, 'Simpan')[0]!.closest('form')!
  const res = await c.post(form.getAttribute('action')!, {
    form: fields,
    headers: { ...SAME_ORIGIN, Referer: `${SAME_ORIGIN.Origin}${path}` },
  })
  expect(res.status).toBe(302)
  expect(res.headers.get('location')).toBe(`/login?redirectTo=${encodeURIComponent(path)}`)
}

/** Logs in on the login page the refused form led to (its form as given, redirectTo included); back on `path`. */
async function loginHere(c: Client, path: string, kode_user: string, password: string): Promise<Element> {
  const login = await openPage(c, `/login?redirectTo=${encodeURIComponent(path)}`)
  const redirectTo = login.querySelector('input[name="redirectTo"]')?.getAttribute('value') ?? ''
  const res = await c.post('/login', { form: { kode_user, password, redirectTo }, headers: SAME_ORIGIN })
  expect(res.status).toBe(302)
  expect(res.headers.get('location')).toBe(path)
  return openPage(c, path)
}

const findDepartemen = async (nama: string) =>
  ((await (await upstream()).get('/api/departemen')).json as { nama: string }[]).filter((d) => d.nama === nama)

test.concurrent('A types, A’s session ends, B logs in on the same browser: B sees none of it', async () => {
  const path = '/admin/departemen/tambah'
  const a = await createUser('drafta')
  const b = await createUser('draftb')
  for (const u of [a, b]) await setGrants(u.user.id, { Departemen: ['show', 'create'] })
  // A types, the session ends, the save is refused and leads to the login.
  const browser = await loginAs(a.user.kode_user, a.password)
  const form = dialog(await openPage(browser, path), 'Tambah Departemen')
  const secret = unique('Rahasia A')
  await expireSession(browser)
  await sendAfterTheEnd(browser, form, { [field(form, 'Nama Departemen')!.getAttribute('name')!]: secret }, path)
  // B logs in there: an empty form, no notice, and A's draft is gone for good.
  const doc = await loginHere(browser, path, b.user.kode_user, b.password)
  expect(valueOf(field(dialog(doc, 'Tambah Departemen'), 'Nama Departemen')!)).toBe('')
  expect(text(doc)).not.toContain(RESTORED)
  expect(doc.querySelector('body')!.toString()).not.toContain(secret)
  expect(
    browser
      .cookie()
      .split('; ')
      .some((c) => c.split('=')[0]!.endsWith('fleet_draft')),
  ).toBe(false)
  expect(await findDepartemen(secret)).toEqual([])
})

test.concurrent('a draft too large for its cookie: what fits is restored and the form says the rest was not', async () => {
  // A session of its own: the shared admin's is not ended.
  const browser = await loginAs('admin', 'admin')
  // A purchase of 300 tyre lines with serials that do not repeat (far past what one cookie holds).
  const [s] = (await (await upstream()).get('/api/supplier')).json as { id: number }[]
  const path = '/admin/pembelian-ban/tambah'
  const page = dialog(await openPage(browser, path), 'Tambah Pembelian Ban')
  const form: Record<string, string> = { supplier_id: String(s!.id) }
  const random = () => Math.random().toString(36).slice(2, 12)
  for (let i = 0; i < 300; i++) {
    form[`ban[${i}].no_seri`] = `${random()}${random()}${random()}`
    form[`ban[${i}].harga`] = String(100_000 + i)
  }
  await expireSession(browser)
  await sendAfterTheEnd(browser, page, form, path)
  const doc = dialog(await loginHere(browser, path, 'admin', 'admin'), 'Tambah Pembelian Ban')
  expect(text(doc)).toContain('Sebagian isian terlalu panjang untuk disimpan dan tidak dipulihkan.')
  expect(valueOf(doc.querySelector('select[name=supplier_id]')!)).toBe(String(s!.id))
  expect(valueOf(field(doc, 'No Seri ban 1')!)).toBe(form['ban[0].no_seri'])
  const lines = doc
    .querySelectorAll('input, select, textarea')
    .filter((el) => /^No Seri ban \d+$/.test(el.getAttribute('aria-label') ?? '')).length
  expect(lines).toBeGreaterThan(10)
  expect(lines).toBeLessThan(300)
})
