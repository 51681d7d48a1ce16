/**
 * Security as the server applies it (plain HTTP, no browser): response headers and the CSP nonce,
 * no-store behind the login, cross-site POSTs refused, upload names that try to leave the uploads
 * folder, who may see a KTP photo, printed links on PUBLIC_URL whatever the Host header. The login
 * page's demo note beside the second app (a real upstream) stays in tests/e2e/security.test.ts.
 */
import { request as httpRequest } from 'node:http'
import { beforeAll, describe, expect, test } from 'vitest'
import { PNG_1PX } from '../png-1px'
import { ADMIN, APP_URL, client, loginAs, SAME_ORIGIN, type Answer, type Client } from './http'
import { headingTexts, page, text } from './html'
import { createDepartemen, createKaryawan, createUser, setGrants, unique, upstream } from './upstream'

let admin: Client
beforeAll(async () => {
  admin = await loginAs(ADMIN.kode_user, ADMIN.password)
})

const header = (res: Answer, name: string) => res.headers.get(name) ?? ''

/** The CSP's script nonce, checked against every <script> of the HTML. */
function checkCsp(res: Answer, where: string) {
  const csp = header(res, 'content-security-policy')
  const m = /(?:^|;)\s*script-src 'self' 'nonce-([A-Za-z0-9+/=_-]{16,})'(?:\s|;|$)/.exec(csp)
  expect(m, `${where}: script-src 'self' 'nonce-…' in ${csp}`).not.toBeNull()
  const nonce = m![1]
  expect(csp, where).toMatch(/(?:^|;)\s*frame-ancestors 'none'/)
  expect(/script-src[^;]*'unsafe-inline'/.test(csp), `${where}: no 'unsafe-inline' scripts`).toBe(false)
  const scripts = [...res.text.matchAll(/<script\b[^>]*>/g)].map((s) => s[0])
  expect(scripts.length, `${where}: the page has scripts`).toBeGreaterThan(0)
  for (const tag of scripts) {
    expect(tag, `${where}: every script carries this response's nonce`).toContain(`nonce="${nonce}"`)
  }
  expect(header(res, 'x-content-type-options'), where).toBe('nosniff')
  expect(header(res, 'referrer-policy'), where).toBe('same-origin')
  return nonce
}

const findDepartemen = async (nama: string) =>
  ((await (await upstream()).get('/api/departemen')).json as { nama: string }[]).filter((d) => d.nama === nama)

/** A GET read as bytes (a photo), with `c`'s cookies and these headers, never following a redirect. */
async function bytes(c: Client, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(new URL(path, APP_URL), { headers: { ...headers, Cookie: c.cookie() }, redirect: 'manual' })
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) }
}

describe('headers', () => {
  test.concurrent('/login: CSP with a per-response nonce matching its scripts, frame-ancestors none, nosniff, same-origin', async () => {
    const c = client()
    const nonce = checkCsp(await c.get('/login'), '/login')
    // A new nonce per response.
    const nonce2 = checkCsp(await c.get('/login'), '/login (2)')
    expect(nonce2).not.toBe(nonce)
  })

  test.concurrent('admin pages: the same headers plus Cache-Control: no-store', async () => {
    for (const path of ['/admin/dashboard', '/admin/departemen', '/admin/departemen/tambah', '/admin/users', '/admin/karyawan']) {
      const res = await admin.get(path)
      expect(res.status, path).toBe(200)
      const nonce = checkCsp(res, path)
      expect(header(res, 'cache-control'), path).toContain('no-store')
      // The same page again (same data, so the kept rendering is sent): a nonce of its own all the same.
      expect(checkCsp(await admin.get(path), `${path} (2)`), path).not.toBe(nonce)
    }
    // The client-side data requests too.
    const data = await admin.get('/admin/departemen.data')
    expect(data.status).toBe(200)
    expect(header(data, 'cache-control')).toContain('no-store')
  })

  test.concurrent('an admin 404 and the login redirect carry the headers too', async () => {
    const res = await admin.get('/admin/xyz')
    expect(res.status).toBe(404)
    checkCsp(res, '/admin/xyz')
    expect(header(res, 'cache-control')).toContain('no-store')
  })
})

describe('cross-site POST', () => {
  test.concurrent('to /admin/departemen/tambah is refused and nothing is stored; the same POST from the app works', async () => {
    const evil = unique('Silang Situs')
    for (const path of ['/admin/departemen/tambah', '/admin/departemen/tambah.data']) {
      const res = await admin.post(path, {
        form: { nama: evil },
        headers: { Origin: 'https://evil.example', Referer: 'https://evil.example/form' },
      })
      expect(res.status, path).toBeGreaterThanOrEqual(400)
    }
    expect(await findDepartemen(evil)).toHaveLength(0)

    // Control: the very same request from the app's own origin is accepted (so the refusal above is
    // the Origin check, not a malformed request).
    const ok = unique('Situs Sendiri')
    const res = await admin.post('/admin/departemen/tambah', { form: { nama: ok }, headers: SAME_ORIGIN })
    expect(res.status).toBe(302)
    expect(header(res, 'location')).toBe('/admin/departemen')
    expect(await findDepartemen(ok)).toHaveLength(1)
  })

  test.concurrent('edit and delete from another origin are refused and change nothing', async () => {
    const [dep] = await createDepartemen(unique('Silang Ubah'))
    const edit = await admin.post(`/admin/departemen/${dep!.id}/edit`, {
      form: { nama: `${dep!.nama} diretas` },
      headers: { Origin: 'https://evil.example' },
    })
    expect(edit.status).toBeGreaterThanOrEqual(400)
    const del = await admin.post(`/admin/departemen/${dep!.id}/hapus`, {
      form: { intent: 'hapus' },
      headers: { Origin: 'https://evil.example' },
    })
    expect(del.status).toBeGreaterThanOrEqual(400)
    expect(await findDepartemen(dep!.nama)).toHaveLength(1)
  })

  test.concurrent('a cross-site login POST is refused (no session is started)', async () => {
    const c = client()
    const res = await c.post('/login', {
      form: { kode_user: 'admin', password: 'admin', redirectTo: '' },
      headers: { Origin: 'https://evil.example' },
    })
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(header(res, 'set-cookie')).not.toContain('fleet_session')
    const dashboard = await c.get('/admin/dashboard')
    expect(dashboard.status).toBe(302)
    expect(header(dashboard, 'location')).toBe('/login?redirectTo=%2Fadmin%2Fdashboard')
  })

  test.concurrent('GET never changes data: opening a delete URL deletes nothing', async () => {
    const [dep] = await createDepartemen(unique('Get Aman'))
    const res = await admin.get(`/admin/departemen/${dep!.id}/hapus?intent=hapus`)
    expect(res.status).toBe(200)
    expect(await findDepartemen(dep!.nama)).toHaveLength(1)
  })
})

describe('uploads', () => {
  test.concurrent('names that try to leave the uploads folder are refused', async () => {
    for (const path of [
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      '/uploads/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/uploads/..%5C..%5Cetc%5Cpasswd',
      '/uploads/%2Fetc%2Fpasswd',
      '/uploads/..%2F..%2Fpackage.json',
    ]) {
      const res = await admin.get(path)
      expect(res.status, path).toBe(404)
      expect(res.text, path).not.toContain('root:')
    }
    // A literal ../ is resolved by the client before it is sent: it never reaches the uploads route.
    const plain = await admin.get('/uploads/../../etc/passwd')
    expect(plain.status).toBe(404)
    expect(plain.text).not.toContain('root:')
  })

  test.concurrent('uploads need a session', async () => {
    const anon = await client().get('/uploads/tidak-ada.png')
    expect(anon.status).toBe(302)
    expect(header(anon, 'location')).toMatch(/^\/login\?redirectTo=%2Fuploads%2Ftidak-ada\.png$/)
  })

  test.concurrent('a KTP photo needs Show on Karyawan: Select on User alone gets none, admin gets it, private, no-store', async () => {
    const k = await createKaryawan({ nama_lengkap: unique('Karyawan Foto') }, { photo: true })
    const path = `/uploads/${k.gambar}`
    const { user, password } = await createUser('foto')
    await setGrants(user.id, { User: [] })
    const c = await loginAs(user.kode_user, password)
    const refused = await bytes(c, path)
    expect(refused.status).toBe(403)
    expect(refused.headers.get('content-type')).not.toContain('image/')
    expect(refused.headers.get('cache-control')).toBe('private, no-store')
    expect(refused.body).not.toEqual(PNG_1PX)
    // As an <img> asks: an empty answer.
    const asImage = await bytes(c, path, { 'Sec-Fetch-Dest': 'image' })
    expect(asImage.status).toBe(403)
    expect(asImage.body.length).toBe(0)
    // Opened in the browser: a short Indonesian page.
    const opened = await c.get(path, { 'Sec-Fetch-Dest': 'document', Accept: 'text/html' })
    expect(opened.status).toBe(403)
    const doc = page(opened)
    expect(headingTexts(doc)).toContain('Akses ditolak')
    expect(text(doc)).toContain('Anda tidak memiliki izin untuk melihat foto ini.')
    // The same user with Select + Show on Karyawan sees it.
    await setGrants(user.id, { User: [], Karyawan: ['show'] })
    const granted = await bytes(c, path)
    expect(granted.status).toBe(200)
    expect(granted.body).toEqual(PNG_1PX)

    const res = await bytes(admin, path)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(res.body).toEqual(PNG_1PX)
  })

  test.concurrent('a missing image is a 404 (never an HTML page from the upstream)', async () => {
    const res = await admin.get('/uploads/tidak-ada-sama-sekali.png')
    expect(res.status).toBe(404)
    expect(header(res, 'content-type')).not.toContain('text/html')
  })
})

/** A GET with a Host header of the client's choosing (fetch sends the URL's own), with `c`'s cookies. */
function getWithHost(c: Client, path: string, host: string): Promise<{ status: number; body: string }> {
  const url = new URL(path, APP_URL)
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: url.port, path, headers: { Host: host, Cookie: c.cookie() } }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('printed links', () => {
  // PUBLIC_URL is unset for the test server: its default, http://localhost:PORT, is APP_URL.
  test.concurrent('Host: evil.example still gets tyre labels and the tyre history QR on PUBLIC_URL', async () => {
    for (const path of ['/admin/label-ban/1', '/admin/ban/1']) {
      const { status, body } = await getWithHost(admin, path, 'evil.example')
      expect(status, path).toBe(200)
      const urls = [...body.matchAll(/data-qr-url="([^"]+)"/g)].map((m) => m[1])
      expect(urls.length, `${path}: QR addresses`).toBeGreaterThan(0)
      for (const u of urls) expect(u, path).toMatch(new RegExp(`^${APP_URL}/admin/ban/\\d+$`))
      expect(body, path).not.toContain('evil.example')
    }
    // The history page prints its address as text under the QR code.
    const { body } = await getWithHost(admin, '/admin/ban/1', 'evil.example')
    expect(body).toMatch(new RegExp(`data-qr-url="${APP_URL}/admin/ban/1">${APP_URL}/admin/ban/1<`))
  })
})
