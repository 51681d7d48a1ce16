/**
 * The request-level battery: hostile and careless requests against every form route of the app
 * (battery-routes.ts), plain HTTP in a logged-in session against the built app (the `app` project's
 * server), no page rendering. Each asserts: no 5xx (the upstream is healthy here), the right 4xx, and
 * every value typed shown back. The routes' tests run side by side (the project's maxConcurrency);
 * the prototype-pollution sweep and the app's edges (battery-edges.ts) run after them, one at a time.
 */
import { beforeAll, describe, expect, test } from 'vitest'
import { EXTRA_LISTS, FORM_ROUTES, NUMBER_FIELDS, type FormRoute } from './battery-routes'
import { edgeTests } from './battery-edges'
import { ADMIN, client, loginAs, SAME_ORIGIN, type Answer, type Client } from './http'
import { createUser, upstream } from './upstream'
import { HOSTILE_SPREADSHEETS } from '../hostile-spreadsheets'

let api: Client
let anon: Client

beforeAll(async () => {
  // The admin's session for the file (the logout test of battery-edges.ts logs in itself).
  api = await loginAs(ADMIN.kode_user, ADMIN.password)
  anon = client()
})

const ctx = (r: FormRoute) => (r.anonymous ? anon : api)
/** A delete confirmation (reads no fields): its path ends in /hapus, before any query. */
const isDelete = (r: FormRoute) => /\/hapus(\?|$)/.test(r.path)

/** The route's path for a record: `{id}` (or the id given) and the record's other placeholders. */
function fill(path: string, rec: { id: number; vars?: Record<string, string> }, id: string = String(rec.id)) {
  let out = path.replace('{id}', id)
  for (const [k, v] of Object.entries(rec.vars ?? {})) out = out.replace(`{${k}}`, v)
  return out
}
async function pathOf(r: FormRoute) {
  if (!r.path.includes('{id}')) return r.path
  return fill(r.path, await r.record!())
}

function noServerError(res: Answer, what: string) {
  expect(res.status, `${what}: no 5xx`).toBeLessThan(500)
}

/** The page shows `value` again (HTML-escaped, as the app writes it). */
function showsValue(res: Answer, value: string, what: string) {
  const html = res.text
  const escaped = value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
  expect(html.includes(escaped) || html.includes(value.replace(/&/g, '&amp;')), `${what}: the typed value is shown again`).toBe(true)
}

/** `fn` over `items`, at most `limit` at a time (the requests of one test that do not depend on each other). */
async function inPool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  const queue = [...items]
  await Promise.all(
    Array.from({ length: Math.min(limit, queue.length) }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await fn(item)
    }),
  )
}

const urlencoded = { ...SAME_ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded' }

for (const route of FORM_ROUTES) {
  describe.concurrent(route.name, () => {
    test('bodies that are not a form: 400/415 with an Indonesian message', async () => {
      const path = await pathOf(route)
      const cases: [string, Record<string, string>, string | Buffer][] = [
        ['json', { 'Content-Type': 'application/json' }, JSON.stringify(route.valid())],
        ['text', { 'Content-Type': 'text/plain' }, 'nama=x'],
        ['xml', { 'Content-Type': 'application/xml' }, '<nama>x</nama>'],
        ['none', {}, Buffer.from('nama=x')],
        ['multipart without boundary', { 'Content-Type': 'multipart/form-data' }, 'nama=x'],
        [
          'multipart cut off',
          { 'Content-Type': 'multipart/form-data; boundary=zz' },
          '--zz\r\nContent-Disposition: form-data; name="nama"\r\n\r\nab',
        ],
      ]
      for (const [what, headers, data] of cases) {
        const res = await ctx(route).post(path, { headers: { ...SAME_ORIGIN, ...headers }, data })
        noServerError(res, what)
        if (isDelete(route)) continue // a delete confirmation reads no fields
        expect([400, 415], `${what}: status`).toContain(res.status)
        expect(res.text, what).toMatch(/Isi formulir tidak dapat dibaca|Formulir harus dikirim sebagai formulir biasa/)
      }
    })

    test('repeated, missing, huge and hostile values: no 5xx, values shown again', async () => {
      const path = await pathOf(route)
      const post = (form: Record<string, string> | string) =>
        ctx(route).post(path, { headers: urlencoded, data: typeof form === 'string' ? form : new URLSearchParams(form).toString() })
      const missing = await post('')
      noServerError(missing, 'missing fields')
      if (!route.textField) return
      const field = route.textField
      const valid = route.valid()
      // Repeated field: the first value is used, and shown again if the form is refused.
      const typed = `${valid[field]}-pertama`
      const repeated = await post(`${new URLSearchParams({ ...valid, [field]: typed })}&${field}=kedua`)
      noServerError(repeated, 'repeated field')
      if (repeated.status >= 400) showsValue(repeated, typed, 'repeated field')
      for (const [what, value] of [
        ['10,000 characters', 'x'.repeat(10_000)],
        ['HTML', `<script>alert(1)</script><img src=x onerror=alert(2)>`],
        ['SQL-ish', `'; DROP TABLE departemen; --`],
        ['control characters', `a\u0000b\u0007c\u001b`],
        ['Unicode', 'Ñàmé 名前 🚚 \u202Eterbalik'],
      ] as const) {
        const res = await post({ ...valid, [field]: value })
        noServerError(res, what)
        expect(res.text, `${what}: never echoed as markup`).not.toContain('<script>alert(1)</script>')
        if (res.status >= 400 && what !== 'control characters') showsValue(res, value.slice(0, 200), what)
      }
      // Just under the 1 MB body limit the route reads it; just over, the server refuses it.
      const huge = await post({ ...valid, [field]: 'y'.repeat(1_000_000) })
      noServerError(huge, 'a value of a million characters')
      expect(huge.status, 'a value of a million characters is read').not.toBe(413)
      const over = await post({ ...valid, [field]: 'y'.repeat(1024 * 1024) })
      expect(over.status, 'a body over 1 MB').toBe(413)
      expect(over.text).toContain('Kiriman terlalu besar')
      const intent = await post({ ...valid, intent: 'hapus-semua-data' })
      noServerError(intent, 'unknown intent')
    })

    if (route.record) {
      test('ids that are 0, negative, huge, not a number or deleted: 404, never 5xx', async () => {
        const rec = await route.record!()
        await rec.remove()
        for (const id of ['0', '-1', '99999999999999999999', 'abc', '1e3', String(rec.id)]) {
          const path = fill(route.path, rec, id)
          const get = await api.get(path)
          expect(get.status, `GET ${path}`).toBe(404)
          const res = await api.post(path, { form: route.valid(), headers: SAME_ORIGIN })
          noServerError(res, `POST ${path}`)
          // A delete of a record gone meanwhile goes back to the list with the error banner.
          if (!isDelete(route)) expect(res.status, `POST ${path}`).toBe(404)
        }
      })
    }

    test('a POST from another site is refused with 403 and a short Indonesian page', async () => {
      const path = await pathOf(route)
      for (const origin of ['http://evil.example', 'null']) {
        const res = await ctx(route).post(path, { form: route.valid(), headers: { Origin: origin } })
        expect(res.status, origin).toBe(403)
        expect(res.text).toContain('Permintaan ini berasal dari situs lain')
      }
    })
  })
}

const LISTS = [...new Set([...FORM_ROUTES.map((r) => r.list).filter((l): l is string => !!l), ...EXTRA_LISTS])]
describe.concurrent('number fields', () => {
  for (const { route: name, field, label } of NUMBER_FIELDS) {
    test(`${name}: ${label} of 1e300, -1, a fraction or over its bound is refused beside the field, the value kept`, async () => {
      const route = FORM_ROUTES.find((r) => r.name === name)
      if (!route) throw new Error(`no form route ${name}`)
      for (const value of ['1e300', '-1', '1500000,50', '1.000.000.000.001']) {
        const res = await api.post(route.path, {
          headers: urlencoded,
          data: new URLSearchParams({ ...route.valid(), [field]: value }).toString(),
        })
        noServerError(res, value)
        expect(res.status, `${value}: refused`).toBeGreaterThanOrEqual(400)
        expect(res.text, `${value}: the field's message`).toMatch(new RegExp(`${label} (harus|tidak boleh)`))
        showsValue(res, value, value)
      }
    })
  }
})

describe.concurrent('lists, pages and uploads', () => {
  for (const list of LISTS) {
    test(`${list}: hostile query parameters never give a 5xx`, async () => {
      for (const q of [
        'page=1e309',
        'page=-5',
        'page=abc',
        'sort=__proto__',
        'sort=constructor&dir=sideways',
        `q=${'a'.repeat(5000)}`,
        'q=%00%01',
        'q=%E0%A4%A',
        // The finance screens' date filter: not dates, one date, reversed, huge, hostile status.
        'tanggal_awal=2026-02-30&tanggal_akhir=x',
        'tanggal_awal=2026-01-01',
        'tanggal_awal=2026-12-01&tanggal_akhir=2026-01-01',
        `tanggal_awal=${'9'.repeat(5000)}&tanggal_akhir=1e309`,
        'status=__proto__',
        'tanggal_awal=2026-01-01&tanggal_awal=x&tanggal_akhir=2026-01-02',
        // The tyre cost report's choices.
        'group=__proto__&urutan=constructor',
        `group=${'x'.repeat(5000)}`,
        // The downloads' Excel format (the CSV routes' ?format=xlsx; the lists ignore it).
        'format=xlsx&tanggal_awal=2026-02-30&tanggal_akhir=x',
        'format=xlsx&q=%00%01&sort=__proto__',
        'format=__proto__',
      ]) {
        const res = await api.get(`${list}?${q}`)
        expect(res.status, `${list}?${q.slice(0, 40)}`).toBeLessThan(500)
      }
    })
  }

  test('POST where no form is accepted: 405 with an Indonesian page, never framework text', async () => {
    for (const path of ['/admin/departemen', '/admin/dashboard', '/admin', '/admin/tidak-ada', '/admin/departemen/%2e%2e/edit', '/']) {
      const res = await api.post(path, { form: { x: '1' }, headers: SAME_ORIGIN })
      expect(res.status, path).toBe(405)
      // What the page shows (the hydration data in <script> is not shown; with JS the same boundary renders).
      const body = res.text.replace(/<script\b[\s\S]*?<\/script>/g, '')
      expect(body, path).toContain('Halaman ini tidak menerima kiriman formulir.')
      expect(body, path).not.toMatch(/You made a POST request|Unexpected Server Error/)
    }
  })

  test('an unknown path under a screen, or a hidden route without its id, is a 404', async () => {
    for (const path of [
      '/admin/departemen/abc/def',
      '/admin/akses/edit',
      '/admin/inquery-pemasangan-ban/edit',
      '/admin/pembelian-detail',
      '/admin/pemasangan-detail',
    ]) {
      const res = await api.get(path)
      expect(res.status, path).toBe(404)
      expect(res.text, path).toContain('Halaman yang Anda cari tidak ditemukan.')
    }
  })

  test('a cross-site logout is refused and the session goes on', async () => {
    const res = await api.post('/admin/logout', { headers: { Origin: 'http://evil.example' } })
    expect(res.status).toBe(403)
    const still = await api.get('/admin/dashboard')
    expect(still.status).toBe(200)
  })

  test('a save to a record deleted meanwhile: 404, its message, the typed value, a way back', async () => {
    const route = FORM_ROUTES.find((r) => r.name === 'departemen edit')!
    const rec = await route.record!()
    await rec.remove()
    const res = await api.post(route.path.replace('{id}', String(rec.id)), { form: { nama: 'Ketikan Saya' }, headers: SAME_ORIGIN })
    expect(res.status).toBe(404)
    expect(res.text).toContain('Departemen tidak ditemukan.')
    expect(res.text).toContain('value="Ketikan Saya"')
    expect(res.text).toContain('Batal')
  })
})

// After the routes' tests, alone: the app reads at most two uploads at once, and these are its heaviest.
test('Impor Stok Ban: hostile spreadsheets are refused on the upload form, never staged, never a 5xx', { timeout: 120_000 }, async () => {
  for (const f of HOSTILE_SPREADSHEETS) {
    const res = await api.post('/admin/ban/impor', {
      headers: SAME_ORIGIN,
      multipart: {
        file: { name: f.name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: f.data },
      },
    })
    // A redirect would be the preview of a staged batch.
    expect(res.status, f.what).toBe(422)
    expect(res.text, f.what).toContain(f.message)
  }
})

/** Field names that would write into Object.prototype where names are nested into objects (`a[b]`, `a.b`). */
const POLLUTING = ['__proto__[open]=1', 'constructor[prototype][open]=1', 'a.__proto__.open=1']

test(
  'names reaching Object.prototype, on every form route: 400 when read, never 5xx; then logins, saves and grants as before',
  async () => {
    const paths = new Map<FormRoute, string>()
    await inPool(FORM_ROUTES, 8, async (route) => void paths.set(route, await pathOf(route)))
    const cases = FORM_ROUTES.flatMap((route) =>
      POLLUTING.flatMap((extra) =>
        (['anonymous', 'logged in'] as const).flatMap((who) =>
          (['form', 'multipart'] as const).map((kind) => ({ route, extra, who, kind })),
        ),
      ),
    )
    await inPool(cases, 8, async ({ route, extra, who, kind }) => {
      const path = paths.get(route)!
      const body = `${new URLSearchParams(route.valid())}&${extra}`
      const c = who === 'anonymous' ? anon : api
      const what = `${route.name}, ${who}, ${kind}: ${extra}`
      const res =
        kind === 'form'
          ? await c.post(path, { headers: urlencoded, data: body })
          : await c.post(path, { headers: SAME_ORIGIN, multipart: Object.fromEntries(new URLSearchParams(body)) })
      noServerError(res, what)
      // The login reads the form at once; any other route reads it once the session is the admin's.
      if (route.anonymous ? c === anon : c === api && !isDelete(route)) {
        expect(res.status, what).toBe(400)
        expect(res.text, what).toMatch(/Nama field tidak diizinkan: (__proto__|constructor|prototype)\./)
      }
    })
    // Afterwards: the admin logs in and saves, a user without grants is refused every form route.
    const admin = await loginAs(ADMIN.kode_user, ADMIN.password)
    const nama = `Sesudah Serangan ${Date.now().toString(36)}`
    const saved = await admin.post('/admin/departemen/tambah', { form: { nama }, headers: SAME_ORIGIN })
    expect(saved.status, 'the save redirects to the list').toBeGreaterThanOrEqual(300)
    expect(saved.status).toBeLessThan(400)
    const stored = (await (await upstream()).get('/api/departemen')).json as { nama: string }[]
    expect(stored.some((d) => d.nama === nama)).toBe(true)
    const none = await createUser('tanpa')
    const tanpa = await loginAs(none.user.kode_user, none.password)
    await inPool(
      FORM_ROUTES.filter((route) => !route.anonymous && route.path !== '/admin/users'),
      8,
      async (route) => {
        const res = await tanpa.post(await pathOf(route), { form: route.valid(), headers: SAME_ORIGIN })
        expect(res.status, `${route.name}: a user without grants`).toBe(403)
      },
    )
  },
  60_000 + FORM_ROUTES.length * 4_000,
)

edgeTests(() => api)
