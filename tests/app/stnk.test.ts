/**
 * STNK's rules as the server applies them (plain HTTP, no browser): the vehicle numbers are the
 * server's to fill on save, whatever the browser sent, and no vehicle empties them. Each test makes its
 * own rows through the api.
 * What stays in tests/e2e/stnk.test.ts: the list, the add/edit dialog and its vehicle fill, a refused
 * save, typing before the scripts load, detail and delete (both ways).
 */
import { beforeAll, expect, test } from 'vitest'
import { ADMIN, loginAs, SAME_ORIGIN, type Client } from './http'
import { unique, upstream } from './upstream'
import { stnkRecords } from '../stnk-records'

const { findStnk, makeStnk, aVehicle } = stnkRecords(upstream)

let admin: Client
beforeAll(async () => {
  admin = await loginAs(ADMIN.kode_user, ADMIN.password)
})

test.concurrent('the server fills the vehicle numbers on save, whatever the browser sent; no vehicle empties them', async () => {
  const k = await aVehicle()
  const nama = unique('Pemilik Server')
  const res = await admin.post('/admin/stnk/tambah', {
    form: { nama_pemilik: nama, kendaraan_id: String(k.id), no_pol: 'PALSU', no_rangka: 'PALSU', no_mesin: 'PALSU' },
    headers: SAME_ORIGIN,
  })
  expect(res.status).toBe(302)
  expect(res.headers.get('location'), 'back on the list').toMatch(/^\/admin\/stnk(\?|$)/)
  expect((await findStnk(nama))[0]).toMatchObject({ no_pol: k.no_pol, no_rangka: k.no_rangka, no_mesin: k.no_mesin })
  const s = await makeStnk(unique('Pemilik Kosong'), { kendaraan_id: String(k.id), no_pol: k.no_pol! })
  const edit = await admin.post(`/admin/stnk/${s.id}/edit`, {
    form: { nama_pemilik: s.nama_pemilik, kendaraan_id: '', no_pol: 'x' },
    headers: SAME_ORIGIN,
  })
  expect(edit.status).toBe(302)
  expect(edit.headers.get('location'), 'back on the list').toMatch(/^\/admin\/stnk(\?|$)/)
  expect((await findStnk(s.nama_pemilik))[0]).toMatchObject({ kendaraan_id: null, no_pol: null })
})
