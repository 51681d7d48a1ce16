import { afterEach, describe, expect, it } from 'vitest'
import { NO_MENU_ACCESS } from '../../api/grants.ts'
import { call, entries, idsOf, isOpen, snapshot, type Api } from './grant-walk.ts'
import { makeApi, userWithGrants, type Json } from './harness.ts'

/**
 * Bodies that try to write into Object.prototype (`__proto__[open]=1` would make every grant entry
 * look open, and every login answer 500), sent to every route of the grant table as an urlencoded
 * form, a multipart form and JSON, without a token, with a token of a user without grants and with
 * the administrator's. None may answer 5xx, each one that is read is refused with 400, and afterwards
 * the grants, the logins and the saves are exactly as before.
 */

const PROTO_NAMES = Object.getOwnPropertyNames(Object.prototype)
// A failing run must not leave the worker polluted for the next test.
afterEach(() => {
  for (const name of Object.getOwnPropertyNames(Object.prototype)) {
    if (!PROTO_NAMES.includes(name)) delete (Object.prototype as Record<string, unknown>)[name]
  }
})

const FORM_BODIES = [
  'kode_user=x&password=y&__proto__[open]=1',
  'kode_user=x&password=y&constructor[prototype][open]=1',
  'nama=x&a[__proto__][open]=1',
  'ban[0][no_seri]=1&ban[0][__proto__][open]=1',
  'menus[1]=1&permissions[prototype][open]=1',
]
const JSON_BODIES = [
  '{"kode_user":"x","password":"y","__proto__":{"open":1}}',
  '{"menus":{"__proto__":{"open":1}},"permissions":{}}',
  '{"a":{"constructor":{"prototype":{"open":1}}}}',
  '{"ban":[{"no_seri":"1","__proto__":{"open":1}}]}',
]
const REFUSED = /^Nama field tidak diizinkan: (__proto__|constructor|prototype)\.$/

const multipart = (body: string) => {
  const form = new FormData()
  for (const [k, v] of new URLSearchParams(body)) form.append(k, v)
  return form
}

/** Every route of the table (logout left out for a token: it would end the token), writes before deletes. */
function routes(withToken: boolean) {
  const keys = entries.map(([k]) => k).filter((k) => !(withToken && k === 'POST /api/logout'))
  return [...keys.filter((k) => !k.startsWith('DELETE ')), ...keys.filter((k) => k.startsWith('DELETE '))]
}

/** Sends each polluting body to each route; returns how many were refused with 400. */
async function pollute(api: Api, token: string | null) {
  const fill = await idsOf(api)
  let refused = 0
  const check = (res: { status: number; json: Json }, label: string) => {
    expect(res.status, label).toBeLessThan(500)
    if (res.status === 400) {
      expect(res.json.message, label).toMatch(REFUSED)
      refused++
    }
  }
  for (const key of routes(token !== null)) {
    const [method, pattern] = key.split(' ')
    const path = await fill(pattern)
    if (method === 'GET') {
      check(await api.request('GET', `${path}?__proto__[open]=1&constructor[prototype][open]=1`, { token }), key)
      continue
    }
    for (const body of FORM_BODIES) {
      check(await api.request(method, path, { token, raw: { type: 'application/x-www-form-urlencoded', body } }), `${key} form ${body}`)
      check(await api.request(method, path, { token, form: multipart(body) }), `${key} multipart ${body}`)
    }
    for (const body of JSON_BODIES) {
      check(await api.request(method, path, { token, raw: { type: 'application/json', body } }), `${key} json ${body}`)
    }
  }
  return refused
}

/** After the bodies: nothing inherited, a user without grants refused everywhere, the admin logs in and saves. */
async function unchanged(api: Api) {
  expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(PROTO_NAMES)
  expect(({} as Record<string, unknown>).open).toBeUndefined()
  const fill = await idsOf(api)
  const tanpa = await userWithGrants(api, `tanpa.${Date.now()}`)
  for (const [key, grant] of entries) {
    if (isOpen(grant)) continue
    const res = await call(api, key, tanpa.token, fill)
    expect(res.status, key).toBe(403)
    expect(res.json, key).toEqual({ message: NO_MENU_ACCESS })
  }
  const token = await api.login()
  const json = await api.post('/api/departemen', { token, json: { nama: 'Sesudah Serangan' } })
  expect(json.status).toBe(201)
  const form = await api.post('/api/departemen', { token, raw: { type: 'application/x-www-form-urlencoded', body: 'nama=Lewat+Formulir' } })
  expect(form.status).toBe(201)
  expect(form.json.data.nama).toBe('Lewat Formulir')
}

describe('bodies naming __proto__, constructor or prototype', () => {
  it('the reported request: an anonymous login with __proto__[open]=1 is a 400 and changes nothing', async () => {
    const api = await makeApi()
    const res = await api.request('POST', '/api/login', {
      token: null,
      raw: { type: 'application/x-www-form-urlencoded', body: 'kode_user=x&password=y&__proto__[open]=1' },
    })
    expect(res.status).toBe(400)
    expect(res.json).toEqual({ message: 'Nama field tidak diizinkan: __proto__.' })
    const tanpa = await userWithGrants(api, 'tanpa')
    expect((await api.get('/api/karyawan', { token: tanpa.token })).status).toBe(403)
    expect((await api.del('/api/user/1', { token: tanpa.token })).status).toBe(403)
    await unchanged(api)
  }, 30_000)

  it('without a token, on every route of the grant table: nothing stored, grants and logins as before', async () => {
    const api = await makeApi()
    const before = await snapshot(api)
    await pollute(api, null)
    expect(await snapshot(api)).toEqual(before)
    await unchanged(api)
  }, 60_000)

  it('with the token of a user without grants, on every route: 403 before the body, nothing stored', async () => {
    const api = await makeApi()
    const tanpa = await userWithGrants(api, 'tanpa.penyerang')
    const before = await snapshot(api)
    await pollute(api, tanpa.token)
    expect(await snapshot(api)).toEqual(before)
    await unchanged(api)
  }, 60_000)

  it("with the administrator's token, on every route: each body that is read is refused with 400", async () => {
    const api = await makeApi()
    const refused = await pollute(api, await api.login())
    // Every write that reads a body refuses it (the count guards against bodies never reaching a parser).
    expect(refused).toBeGreaterThan(100)
    // The administrator's calls may have deleted records (the admin user too): judged on a fresh api
    // in the same process, where anything written into Object.prototype would still be seen.
    await unchanged(await makeApi())
  }, 60_000)
})
