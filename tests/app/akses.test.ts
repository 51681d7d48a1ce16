/**
 * Hak Akses as the server applies it (plain HTTP, no browser): a crafted form granting permissions of
 * an inactive menu stores none of them. The list, the editor and its refusals stay in
 * tests/e2e/akses.test.ts, both ways.
 */
import { expect, test } from 'vitest'
import { PERMISSIONS } from '../../app/lib/grants'
import { ADMIN, loginAs, SAME_ORIGIN } from './http'
import { createUser, featureIds, storedGrants } from './upstream'

/** Every permission flag off, as the upstream stores it. */
const FLAGS0 = Object.fromEntries(PERMISSIONS.map((p) => [`can_${p}`, 0]))

test('a crafted form with a permission of an inactive menu: not granted', async () => {
  const admin = await loginAs(ADMIN.kode_user, ADMIN.password)
  const { user } = await createUser('aksc')
  const ids = await featureIds(user.id)
  const res = await admin.post(`/admin/akses/edit/${user.id}`, {
    headers: SAME_ORIGIN,
    form: { intent: 'save', [`active-${ids['Golongan']}`]: 'on', [`create-${ids['Supplier']}`]: 'on', [`delete-${ids['Supplier']}`]: 'on' },
  })
  expect(res.status).toBe(302)
  expect(await storedGrants(user.id)).toEqual({ Golongan: expect.objectContaining({ active: 1, ...FLAGS0 }) })
})
