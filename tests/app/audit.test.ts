/**
 * The audit trail as the server renders it (plain HTTP, no browser): a grant change saved through the
 * access editor's form shows on the editor, who, when and what. A purchase's history (its Riwayat
 * dialog, its invoice, printed too) stays in tests/e2e/audit.test.ts.
 */
import { beforeAll, expect, test } from 'vitest'
import { adminName, literal, TIME, todayJakarta } from '../audit-records'
import { ADMIN, loginAs, SAME_ORIGIN, type Client } from './http'
import { buttons, field, formValues, named, openPage, text } from './html'
import { createUser, setGrants, upstream } from './upstream'

let admin: Client
beforeAll(async () => {
  admin = await loginAs(ADMIN.kode_user, ADMIN.password)
})

// What the access editor renders from the trail (its save is tested both ways in akses and drafts).
test('a grant change shows on the access editor: who, when and what', async () => {
  const { user } = await createUser('audak')
  await setGrants(user.id, { Departemen: ['delete'] })
  const adminNama = await adminName(upstream)
  const path = `/admin/akses/edit/${user.id}`
  const doc = await openPage(admin, path)
  const save = buttons(doc, 'Save Permissions')[0]
  expect(save, 'the button Save Permissions').toBeTruthy()
  const form = save!.closest('form')!
  const fields = formValues(form)
  // Ticked and unticked as a user does: Create Departemen on, Delete Departemen off, Select Supplier on.
  const nameOf = (label: string) => field(doc, label)?.getAttribute('name') ?? `(no field ${label})`
  fields[nameOf('Create Departemen')] = 'on'
  delete fields[nameOf('Delete Departemen')]
  fields[nameOf('Select Supplier')] = 'on'
  fields[save!.getAttribute('name')!] = save!.getAttribute('value')!
  const res = await admin.post(form.getAttribute('action') || path, { form: fields, headers: SAME_ORIGIN })
  expect(res.status).toBe(302)
  expect(res.headers.get('location')).toBe('/admin/akses')

  const after = await openPage(admin, path)
  const panel = named(after, 'section, [role="region"]', 'Perubahan hak akses terakhir')[0]
  expect(panel, 'the region Perubahan hak akses terakhir').toBeTruthy()
  const changes = panel!
    .querySelector('ol')!
    .childNodes.filter((n): n is typeof panel => 'tagName' in n && (n as typeof panel).tagName === 'LI')
  const newest = changes[0]!
  expect(text(newest)).toMatch(new RegExp(`${todayJakarta()} ${TIME} · oleh ${literal(adminNama)}`))
  expect(newest.querySelectorAll('li').map(text)).toEqual(['Departemen: +Tambah, −Hapus', 'Supplier: +Akses menu'])
  // The change made before (through the api, by the admin too) is listed under it.
  expect(changes).toHaveLength(2)
  expect(changes[1]!.querySelectorAll('li').map(text)).toEqual(['Departemen: +Akses menu, +Hapus'])
})
