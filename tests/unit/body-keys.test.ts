import { afterEach, describe, expect, it } from 'vitest'
import { ApiError, nestBracketKeys, parseJsonBody, type FormValue } from '../../api/http.ts'
import { forbiddenKeyIn, readForm } from '~/server/form.server'

/**
 * The body parsers refuse `__proto__`, `constructor` and `prototype` as keys at any depth, and the
 * api's bracket-key nesting builds objects without a prototype: no body can write into
 * Object.prototype.
 */

const PROTO_NAMES = Object.getOwnPropertyNames(Object.prototype)
afterEach(() => {
  const added = Object.getOwnPropertyNames(Object.prototype).filter((n) => !PROTO_NAMES.includes(n))
  for (const name of added) delete (Object.prototype as Record<string, unknown>)[name]
  expect(added, 'written into Object.prototype').toEqual([])
})

const refusal = (fn: () => unknown) => {
  try {
    fn()
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, message: error.message }
    throw error
  }
  return null
}

const nest = (...keys: string[]) => nestBracketKeys(keys.map((k): [string, FormValue] => [k, '1']))

describe('the api: nestBracketKeys', () => {
  it.each([
    ['__proto__[open]', '__proto__'],
    ['__proto__', '__proto__'],
    ['constructor[prototype][open]', 'constructor'],
    ['a[__proto__][open]', '__proto__'],
    ['ban[0][__proto__][open]', '__proto__'],
    ['menus[prototype]', 'prototype'],
    ['a[b][constructor]', 'constructor'],
  ])('refuses %s with 400', (key, part) => {
    expect(refusal(() => nest('nama', key))).toEqual({ status: 400, message: `Nama field tidak diizinkan: ${part}.` })
  })

  it('builds nested objects without a prototype, arrays compacted', () => {
    const body = nest('nama', 'ban[0][no_seri]', 'ban[3][no_seri]', 'menus[a]', 'permissions[a][can_create]')
    expect(Object.getPrototypeOf(body)).toBeNull()
    expect(Object.getPrototypeOf(body.menus)).toBeNull()
    expect(Object.getPrototypeOf((body.ban as unknown[])[1])).toBeNull()
    expect(Object.getPrototypeOf((body.permissions as Record<string, unknown>).a)).toBeNull()
    expect(JSON.parse(JSON.stringify(body))).toEqual({
      nama: '1',
      ban: [{ no_seri: '1' }, { no_seri: '1' }],
      menus: { a: '1' },
      permissions: { a: { can_create: '1' } },
    })
  })

  it('a name Object.prototype has (toString, hasOwnProperty) is an ordinary field', () => {
    const body = nest('toString[x]', 'hasOwnProperty')
    expect(body.hasOwnProperty).toBe('1')
    expect(JSON.parse(JSON.stringify(body))).toEqual({ toString: { x: '1' }, hasOwnProperty: '1' })
  })

  it('a named member of a numbered list is refused, not set on the array (ban[length])', () => {
    expect(refusal(() => nest('ban[0][no_seri]', 'ban[length]'))?.status).toBe(400)
  })
})

describe('the api: parseJsonBody', () => {
  it.each([
    ['{"__proto__":{"open":1}}', '__proto__'],
    // The reviver sees the innermost key first.
    ['{"a":{"constructor":{"prototype":{"open":1}}}}', 'prototype'],
    ['{"a":{"constructor":1}}', 'constructor'],
    ['{"ban":[{"no_seri":"1","__proto__":{"open":1}}]}', '__proto__'],
    ['{"x":[[{"prototype":1}]]}', 'prototype'],
  ])('refuses %s with 400', (text, part) => {
    expect(refusal(() => parseJsonBody(text))).toEqual({ status: 400, message: `Nama field tidak diizinkan: ${part}.` })
  })

  it('reads ordinary JSON as before; broken JSON is still "Body JSON tidak valid."', () => {
    expect(parseJsonBody('{"nama":"x","ban":[{"no_seri":"1"}]}')).toEqual({ nama: 'x', ban: [{ no_seri: '1' }] })
    expect(parseJsonBody('[1]')).toEqual({})
    expect(refusal(() => parseJsonBody('{"nama":'))).toEqual({ status: 400, message: 'Body JSON tidak valid.' })
  })
})

describe('the app: readForm', () => {
  const post = (body: string | FormData) =>
    new Request('http://localhost/admin/departemen/tambah', {
      method: 'POST',
      body,
      ...(typeof body === 'string' ? { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } } : {}),
    })

  it.each([
    ['nama=x&__proto__[open]=1', '__proto__'],
    ['nama=x&__proto__.open=1', '__proto__'],
    ['nama=x&constructor[prototype][open]=1', 'constructor'],
    ['nama=x&ban[0].prototype=1', 'prototype'],
    ['nama=x&a[__proto__][open]=1', '__proto__'],
  ])('refuses %s with 400 and an Indonesian message', async (body, part) => {
    expect(await readForm(post(body))).toEqual({ ok: false, status: 400, message: `Nama field tidak diizinkan: ${part}.` })
    const multipart = new FormData()
    for (const [k, v] of new URLSearchParams(body)) multipart.append(k, v)
    expect(await readForm(post(multipart))).toEqual({ ok: false, status: 400, message: `Nama field tidak diizinkan: ${part}.` })
  })

  it('reads an ordinary form as before', async () => {
    const read = await readForm(post('nama=Gudang&ban[0][no_seri]=A1&toString=x'))
    expect(read.ok && [...read.formData.entries()]).toEqual([
      ['nama', 'Gudang'],
      ['ban[0][no_seri]', 'A1'],
      ['toString', 'x'],
    ])
  })

  it('forbiddenKeyIn names the part, and lets names that only contain the words through', () => {
    expect(forbiddenKeyIn('a.b[__proto__]')).toBe('__proto__')
    expect(forbiddenKeyIn('constructor_id')).toBeNull()
    expect(forbiddenKeyIn('x__proto__')).toBeNull()
  })
})
