/**
 * Drafts kept across an ended session: tied to the user whose session it
 * was, sealed, and when a form is too large for a cookie, what fits is kept and the cut is said.
 */
import { randomBytes } from 'node:crypto'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

type DraftModule = typeof import('~/server/draft.server')
type SessionModule = typeof import('~/session.server')
let d: DraftModule
let s: SessionModule

beforeAll(async () => {
  vi.resetModules()
  process.env.SESSION_SECRET = 'draft-test-secret-0123456789abcdef0123'
  d = await import('~/server/draft.server')
  s = await import('~/session.server')
})
afterEach(() => vi.useRealTimers())

const PAGE = '/admin/pembelian-ban/tambah'
const pair = (setCookie: string | null) => (setCookie ?? '').split(';')[0]!

/** A refused POST of `fields`, sent from PAGE. */
const post = (fields: [string, string][], cookie = '') =>
  new Request(`http://app.test${PAGE}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Referer: `http://app.test${PAGE}`,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
  })
const open = (cookie: string, path = PAGE) => new Request(`http://app.test${path}`, { headers: { Cookie: cookie } })

/** A purchase with `n` tyre lines, as the dialog sends it. */
function purchase(n: number): [string, string][] {
  const out: [string, string][] = [
    ['supplier_id', '3'],
    ['alamat', 'Jl. Pemasok 1'],
  ]
  for (let i = 0; i < n; i++) {
    out.push(
      [`ban[${i}].no_seri`, `SN-${1000 + i}`],
      [`ban[${i}].ukuran_id`, '2'],
      [`ban[${i}].kondisi_ban`, 'BARU'],
      [`ban[${i}].merek_id`, '1'],
      [`ban[${i}].typeban_id`, '4'],
      [`ban[${i}].harga`, '1.250.000'],
    )
  }
  return out
}

/** Text that does not compress (a cookie of it fills up quickly). */
const noise = (chars: number) => randomBytes(chars).toString('base64url').slice(0, chars)

describe('stashDraft / takeDraft', () => {
  it('keeps a purchase of 40 tyre lines (far past the old 3,000 characters) whole, in one cookie', async () => {
    const fields = purchase(40)
    expect(fields.reduce((n, [k, v]) => n + k.length + v.length, 0)).toBeGreaterThan(3000)
    const set = await d.stashDraft(post(fields), PAGE, 7)
    expect(set).toMatch(/HttpOnly/)
    expect(pair(set).length).toBeLessThanOrEqual(4096)
    const taken = await d.takeDraft(open(pair(set)), 7)
    expect(taken?.values?.cut).toBe(false)
    expect(taken?.values?.fields).toEqual(Object.fromEntries(fields))
    expect(taken?.clear).toMatch(/Max-Age=0/)
  })

  it('never keeps passwords, intents or files', async () => {
    const form = new FormData()
    form.append('nama', 'Budi')
    form.append('password', 'rahasia')
    form.append('intent', 'save')
    form.append('foto', new Blob(['x'], { type: 'image/png' }), 'a.png')
    const req = new Request(`http://app.test${PAGE}`, { method: 'POST', body: form })
    const taken = await d.takeDraft(open(pair(await d.stashDraft(req, PAGE, 7))), 7)
    expect(taken?.values?.fields).toEqual({ nama: 'Budi' })
  })

  it('a form too large for a cookie: the fields that fit are kept in order, the draft says it was cut', async () => {
    // Ten notes of 800 random characters: about three fit.
    const fields: [string, string][] = [['nama', 'Budi']]
    for (let i = 0; i < 10; i++) fields.push([`catatan_${i}`, noise(800)])
    fields.push(['telp', '0812'])
    const set = await d.stashDraft(post(fields), PAGE, 7)
    expect(pair(set).length).toBeLessThanOrEqual(4096)
    const values = (await d.takeDraft(open(pair(set)), 7))?.values
    expect(values?.cut).toBe(true)
    const kept = Object.keys(values!.fields)
    expect(kept.length).toBeGreaterThan(2)
    expect(kept.length).toBeLessThan(fields.length)
    // What is kept is whole and in form order; a small field after the cut still fits.
    for (const k of kept) expect(values!.fields[k]).toBe(Object.fromEntries(fields)[k])
    expect(kept[0]).toBe('nama')
    expect(kept).toContain('telp')
  })

  it('a single field too large for any cookie: the rest is kept and the cut is said', async () => {
    const set = await d.stashDraft(
      post([
        ['nama', 'Budi'],
        ['alamat', noise(6000)],
        ['telp', '0812'],
      ]),
      PAGE,
      7,
    )
    const values = (await d.takeDraft(open(pair(set)), 7))?.values
    expect(values).toEqual({ fields: { nama: 'Budi', telp: '0812' }, cut: true })
  })

  it('is restored only for the user whose session ended: another user gets nothing and the draft is cleared', async () => {
    const cookie = pair(await d.stashDraft(post(purchase(2)), PAGE, 7))
    const other = await d.takeDraft(open(cookie), 8)
    expect(other?.values).toBeNull()
    expect(other?.clear).toMatch(/Max-Age=0/)
    expect((await d.takeDraft(open(cookie), 7))?.values?.fields.supplier_id).toBe('3')
  })

  it('belongs to its page only, and a changed or forged cookie restores nothing', async () => {
    const cookie = pair(await d.stashDraft(post(purchase(1)), PAGE, 7))
    expect(await d.takeDraft(open(cookie, '/admin/departemen/tambah'), 7)).toBeNull()
    const [name, value] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)]
    const changed = `${name}=${value.slice(0, -4)}${value.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`
    expect((await d.takeDraft(open(changed), 7))?.values).toBeNull()
    expect((await d.takeDraft(open(`${name}=eyJwIjoiL2FkbWluIn0`), 7))?.values).toBeNull()
  })
})

describe('the guard keeps the draft for the user of the ended session', () => {
  const user = { id: 41, kodeUser: 'ani', namaLengkap: 'Ani' }

  it('an expired session: the POST goes to /login with redirectTo, the draft is tied to that user', async () => {
    const session = pair(await s.startSession(new Request('http://app.test/login'), 'token-ani', user))
    vi.useFakeTimers({ now: Date.now() + s.SESSION_TTL_MS + 1000 })
    const thrown = await s.requireAuth(post(purchase(1), session)).catch((r: unknown) => r)
    expect(thrown).toBeInstanceOf(Response)
    const res = thrown as Response
    expect(res.headers.get('Location')).toBe(`/login?redirectTo=${encodeURIComponent(PAGE)}`)
    const draft = res.headers.getSetCookie().find((c) => c.includes('fleet_draft='))
    expect(draft).toBeTruthy()
    expect((await d.takeDraft(open(pair(draft!)), 41))?.values?.fields['ban[0].no_seri']).toBe('SN-1000')
    expect((await d.takeDraft(open(pair(draft!)), 42))?.values).toBeNull()
  })

  it('no session at all (nobody to tie it to): no draft is kept', async () => {
    const res = (await s.requireAuth(post(purchase(1))).catch((r: unknown) => r)) as Response
    expect(res.headers.get('Location')).toBe(`/login?redirectTo=${encodeURIComponent(PAGE)}`)
    expect(res.headers.getSetCookie().some((c) => c.includes('fleet_draft='))).toBe(false)
  })
})
