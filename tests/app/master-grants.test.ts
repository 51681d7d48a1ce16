/**
 * The grants on the master screens as the server applies them (plain HTTP, no browser): a user with
 * only Supplier (show) and Kendaraan (create) sees only the buttons granted; the other actions answer
 * 403 in the action too, and a menu without Select answers 403.
 */
import { expect, test } from 'vitest'
import { loginAs, SAME_ORIGIN } from './http'
import { links, named, openPage, page, rowsWith, text } from './html'
import { createUser, setGrants, unique, upstream } from './upstream'

test('only the granted buttons show; a refused action answers 403 and changes nothing', async () => {
  const { user, password } = await createUser('sebagian', 'rahasia-uji-123')
  await setGrants(user.id, { Supplier: ['show'], Kendaraan: ['create'] })
  const sup = (await (await upstream()).post('/api/supplier/add', { nama_supp: unique('PT Izin') })).json.data
  const c = await loginAs(user.kode_user, password)

  const list = await openPage(c, `/admin/supplier?q=${encodeURIComponent(sup.nama_supp)}`)
  expect(links(list, 'Tambah Supplier')).toHaveLength(0)
  const row = rowsWith(list, sup.nama_supp)[0]!
  const detail = links(row, 'Detail')
  expect(detail).toHaveLength(1)
  expect(links(row, 'Edit')).toHaveLength(0)
  expect(links(row, 'Hapus')).toHaveLength(0)
  const shown = await openPage(c, detail[0]!.getAttribute('href')!)
  expect(named(shown, '[role="dialog"], dialog', 'Detail Supplier')).toHaveLength(1)

  const edit = await c.get(`/admin/supplier/${sup.id}/edit`)
  expect(edit.status).toBe(403)
  expect(text(page(edit))).toContain('Anda tidak memiliki izin untuk tindakan ini.')
  const post = await c.post(`/admin/supplier/${sup.id}/hapus`, { form: { intent: 'hapus' }, headers: SAME_ORIGIN })
  expect(post.status).toBe(403)
  expect(((await (await upstream()).get('/api/supplier')).json as { id: number }[]).some((s) => s.id === sup.id)).toBe(true)

  const kendaraan = await openPage(c, '/admin/kendaraan')
  expect(links(kendaraan, 'Tambah Kendaraan')).toHaveLength(1)
  expect(links(kendaraan, 'Edit')).toHaveLength(0)
  expect(links(kendaraan, 'Detail')).toHaveLength(0)

  for (const path of ['/admin/ukuran', '/admin/typban/tambah', '/admin/jenis_kendaraan']) {
    const res = await c.get(path)
    expect(res.status, path).toBe(403)
    expect(text(page(res)), path).toContain('Anda tidak memiliki akses ke menu ini.')
  }
})
