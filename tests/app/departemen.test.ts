/**
 * The Departemen screen as the server renders and applies it (plain HTTP, no browser): sorting through
 * the column links, the refusal to delete a department in use, the delete of a last page's only row,
 * unknown ids. The list's look (the QR code's rendered size), search, the dialogs and their URLs stay in
 * tests/e2e/departemen.test.ts, both ways.
 */
import { beforeAll, describe, expect, test } from 'vitest'
import { ADMIN, API_URL, loginAs, SAME_ORIGIN, type Client } from './http'
import { alerts, buttons, byText, headingTexts, links, text, type Element, openPage } from './html'
import { createDepartemen, unique, upstream } from './upstream'

const q = (s: string) => `q=${encodeURIComponent(s).replace(/%20/g, '+')}`
type Dep = { id: number; nama: string; kode_departemen: string }

let admin: Client
beforeAll(async () => {
  admin = await loginAs(ADMIN.kode_user, ADMIN.password)
})

const open = (path: string, status?: number) => openPage(admin, path, status)
/** The Nama column of the list's rows, in order. */
const namesInTable = (doc: Element) => doc.querySelectorAll('tbody tr').map((tr) => text(tr.querySelectorAll('td')[2]))
const header = (doc: Element, name: string) => doc.querySelectorAll('th').find((th) => text(th).startsWith(name))
/** The sort link of a column (its name is the column's, the ↕ arrow beside it is hidden from assistive technology). */
const sortLink = (doc: Element, name: string) => header(doc, name)?.querySelector('a')?.getAttribute('href')
const allDepartemen = async () => (await (await upstream()).get('/api/departemen')).json as Dep[]

/** Posts the form holding the button named `button` (its fields, urlencoded) to its action, as a browser without JavaScript. */
async function submit(doc: Element, button: string, fallbackAction: string) {
  const btn = buttons(doc, button)[0]
  expect(btn, `the button ${button}`).toBeTruthy()
  const form = btn!.closest('form')!
  const fields: Record<string, string> = {}
  for (const el of form.querySelectorAll('input[name]')) fields[el.getAttribute('name')!] = el.getAttribute('value') ?? ''
  if (btn!.getAttribute('name')) fields[btn!.getAttribute('name')!] = btn!.getAttribute('value') ?? ''
  return admin.post(form.getAttribute('action') ?? fallbackAction, { form: fields, headers: SAME_ORIGIN })
}

describe('list', () => {
  test.concurrent('sorting by ID and Nama: ascending first, descending on the second click', async () => {
    const tok = unique('Sortir').replace(' ', '-')
    const [c, a, b] = (await createDepartemen(`${tok} c`, `${tok} a`, `${tok} b`)) as [Dep, Dep, Dep]
    let doc = await open(`/admin/departemen?${q(tok)}`)
    expect(namesInTable(doc)).toEqual([c.nama, a.nama, b.nama])

    let href = sortLink(doc, 'Nama')
    expect(href).toBe(`/admin/departemen?${q(tok)}&sort=nama&dir=asc`)
    doc = await open(href!)
    expect(namesInTable(doc)).toEqual([a.nama, b.nama, c.nama])
    expect(header(doc, 'Nama')?.getAttribute('aria-sort')).toBe('ascending')
    href = sortLink(doc, 'Nama')
    expect(href).toBe(`/admin/departemen?${q(tok)}&sort=nama&dir=desc`)
    doc = await open(href!)
    expect(namesInTable(doc)).toEqual([c.nama, b.nama, a.nama])
    expect(header(doc, 'Nama')?.getAttribute('aria-sort')).toBe('descending')

    href = sortLink(doc, 'ID')
    expect(href).toMatch(/sort=kode_departemen&dir=asc/)
    doc = await open(href!)
    expect(namesInTable(doc)).toEqual([c.nama, a.nama, b.nama])
    expect(header(doc, 'ID')?.getAttribute('aria-sort')).toBe('ascending')
    expect(header(doc, 'Nama')?.hasAttribute('aria-sort')).toBe(false)
    expect(sortLink(doc, 'ID')).toMatch(/sort=kode_departemen&dir=desc/)
  })

  test.concurrent('a department karyawan belong to is not deleted: the dialog says what uses it', async () => {
    const api = await upstream()
    const [dep] = (await createDepartemen(unique('Dipakai Uji'))) as [Dep]
    for (let i = 0; i < 2; i++) {
      const form = new FormData()
      form.append('nama_lengkap', unique('Anggota'))
      form.append('departemen_id', String(dep.id))
      // The api takes an employee as multipart (as tests/app/upstream.ts's createUser does).
      const r = await fetch(`${API_URL}/api/karyawan/add`, {
        method: 'POST',
        headers: { Accept: 'application/json', Authorization: await bearer() },
        body: form,
      })
      expect(r.status).toBe(201)
    }
    const path = `/admin/departemen/${dep.id}/hapus?${q(dep.nama)}`
    const res = await submit(await open(path), 'Ya, hapus!', path)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`/admin/departemen?${q(dep.nama)}`)
    const doc = await open(res.headers.get('location')!)
    // The error banner (role alert) with the upstream's message.
    const refused = alerts(doc).filter((t) => t.includes('Error!'))
    expect(refused).toHaveLength(1)
    expect(refused[0]).toContain('Departemen tidak dapat dihapus karena masih digunakan oleh 2 karyawan.')
    expect(namesInTable(doc).filter((n) => n === dep.nama)).toHaveLength(1)
    expect((await allDepartemen()).filter((d) => d.nama === dep.nama)).toHaveLength(1)
    const karyawan = (await api.get('/api/karyawan')).json as { departemen_id: number | null }[]
    expect(karyawan.filter((k) => k.departemen_id === dep.id)).toHaveLength(2)
  })

  test.concurrent('deleting the only row of the last page returns to page 1', async () => {
    const tok = unique('Akhir').replace(' ', '-')
    const deps = (await createDepartemen(...[1, 2, 3, 4, 5, 6].map((i) => `${tok} ${i}`))) as Dep[]
    let doc = await open(`/admin/departemen?${q(tok)}&page=2`)
    const pager = () => doc.querySelectorAll('nav').find((n) => n.getAttribute('aria-label') === 'Halaman')
    expect(text(pager()?.querySelector('[aria-current="page"]'))).toBe('2')
    expect(namesInTable(doc)).toEqual([deps[5]!.nama])
    const row = doc.querySelectorAll('tbody tr').find((tr) => tr.querySelectorAll('td').some((td) => text(td) === deps[5]!.nama))!
    const href = links(row, 'Hapus')[0]?.getAttribute('href')
    expect(href).toBe(`/admin/departemen/${deps[5]!.id}/hapus?${q(tok)}&page=2`)
    const res = await submit(await open(href!), 'Ya, hapus!', href!)
    expect(res.status).toBe(302)
    doc = await open(res.headers.get('location')!)
    expect(text(doc.querySelector('body'))).toContain('Dihapus!')
    expect(namesInTable(doc)).toEqual(deps.slice(0, 5).map((d) => d.nama))
    expect(doc.querySelectorAll('tbody tr').map((tr) => text(tr.querySelector('td')))).toEqual(['1', '2', '3', '4', '5'])
    expect(byText(doc, '5 data').length).toBeGreaterThan(0)
    expect(pager()).toBeUndefined()
    expect((await allDepartemen()).some((d) => d.id === deps[5]!.id || d.nama === deps[5]!.nama)).toBe(false)
  })

  test.concurrent('unknown ids show the not-found message inside the list', async () => {
    for (const [path, message] of [
      ['/admin/departemen/999999/edit', 'Departemen tidak ditemukan.'],
      ['/admin/departemen/999999/hapus', 'Departemen tidak ditemukan.'],
      ['/admin/departemen/abc/hapus', 'Data tidak ditemukan.'],
      ['/admin/departemen/0/edit', 'Data tidak ditemukan.'],
    ] as const) {
      const doc = await open(path, 404)
      const alert = alerts(doc).filter((t) => t.includes('Tidak ditemukan'))
      expect(alert, path).toHaveLength(1)
      expect(alert[0]).toContain(message)
      expect(headingTexts(doc, 1)).toContain('Departemen')
      expect(doc.querySelectorAll('th').some((th) => text(th).startsWith('Nama'))).toBe(true)
      expect(text(doc.querySelector('[data-testid="nama-lengkap"]'))).toBe('Administrator Sistem')
      expect(doc.querySelectorAll('[role="dialog"], [role="alertdialog"], dialog[open]')).toHaveLength(0)
    }
  })
})

let token: Promise<string> | null = null
/** The admin's api bearer (one login for the file). */
function bearer() {
  token ??= (async () => {
    const r = await fetch(`${API_URL}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(ADMIN),
    })
    return `Bearer ${((await r.json()) as { token: string }).token}`
  })()
  return token
}
