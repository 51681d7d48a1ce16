/**
 * Security: response headers and the CSP nonce, no-store behind the login, cross-site
 * POSTs refused, upload names that try to leave the uploads folder, printed links on PUBLIC_URL whatever
 * the Host header. Headers, refusals and plain requests that JavaScript does not change: every test runs
 * once (@once, in the project without JavaScript).
 */
import type { APIResponse, Response } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { expect, test, unique } from './fixtures'
import { createKaryawan, createUser, PNG_1PX, setGrants } from './master-support'
import { APP_URL, createDepartemen, FAULTY_APP_URL, findDepartemen } from './support'
import { loginByRequest } from './request-login'
import { ONCE } from '../../playwright.config'

function headersOf(res: Response | APIResponse | null) {
  expect(res, 'a response').not.toBeNull()
  return res!.headers()
}

/** The CSP's script nonce, checked against every <script> of the HTML. */
function checkCsp(headers: Record<string, string>, html: string, where: string) {
  const csp = headers['content-security-policy'] ?? ''
  const m = /(?:^|;)\s*script-src 'self' 'nonce-([A-Za-z0-9+/=_-]{16,})'(?:\s|;|$)/.exec(csp)
  expect(m, `${where}: script-src 'self' 'nonce-…' in ${csp}`).not.toBeNull()
  const nonce = m![1]
  expect(csp, where).toMatch(/(?:^|;)\s*frame-ancestors 'none'/)
  expect(/script-src[^;]*'unsafe-inline'/.test(csp), `${where}: no 'unsafe-inline' scripts`).toBe(false)
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((s) => s[0])
  expect(scripts.length, `${where}: the page has scripts`).toBeGreaterThan(0)
  for (const tag of scripts) {
    expect(tag, `${where}: every script carries this response's nonce`).toContain(`nonce="${nonce}"`)
  }
  expect(headers['x-content-type-options'], where).toBe('nosniff')
  expect(headers['referrer-policy'], where).toBe('same-origin')
  return nonce
}

test.describe('headers', { tag: ONCE }, () => {
  test('/login: CSP with a per-response nonce matching its scripts, frame-ancestors none, nosniff, same-origin', async ({ page }) => {
    const res = await page.goto('/login')
    const headers = headersOf(res)
    const nonce = checkCsp(headers, await res!.text(), '/login')
    // A new nonce per response.
    const again = await page.request.get('/login')
    const nonce2 = checkCsp(again.headers(), await again.text(), '/login (2)')
    expect(nonce2).not.toBe(nonce)
  })

  test('admin pages: the same headers plus Cache-Control: no-store', async ({ loggedIn: page }) => {
    for (const path of ['/admin/dashboard', '/admin/departemen', '/admin/departemen/tambah', '/admin/users', '/admin/karyawan']) {
      const res = await page.goto(path)
      expect(res?.status(), path).toBe(200)
      const headers = headersOf(res)
      const nonce = checkCsp(headers, await res!.text(), path)
      expect(headers['cache-control'], path).toContain('no-store')
      // The same page again (same data, so the kept rendering is sent): a nonce of its own all the same.
      const again = await page.request.get(path)
      expect(checkCsp(again.headers(), await again.text(), `${path} (2)`), path).not.toBe(nonce)
    }
    // The client-side data requests too.
    const data = await page.request.get('/admin/departemen.data')
    expect(data.status()).toBe(200)
    expect(data.headers()['cache-control']).toContain('no-store')
  })

  test('an admin 404 and the login redirect carry the headers too', async ({ loggedIn: page }) => {
    const res = await page.goto('/admin/xyz')
    expect(res?.status()).toBe(404)
    checkCsp(headersOf(res), await res!.text(), '/admin/xyz')
    expect(headersOf(res)['cache-control']).toContain('no-store')
  })
})

test.describe('cross-site POST', { tag: ONCE }, () => {
  test('to /admin/departemen/tambah is refused and nothing is stored; the same POST from the app works', async ({ loggedIn: page }) => {
    const evil = unique('Silang Situs')
    for (const path of ['/admin/departemen/tambah', '/admin/departemen/tambah.data']) {
      const res = await page.request.post(path, {
        form: { nama: evil },
        headers: { Origin: 'https://evil.example', Referer: 'https://evil.example/form' },
        maxRedirects: 0,
      })
      expect(res.status(), path).toBeGreaterThanOrEqual(400)
    }
    expect(await findDepartemen(evil)).toHaveLength(0)

    // Control: the very same request from the app's own origin is accepted (so the refusal above is
    // the Origin check, not a malformed request).
    const ok = unique('Situs Sendiri')
    const res = await page.request.post('/admin/departemen/tambah', {
      form: { nama: ok },
      headers: { Origin: APP_URL },
      maxRedirects: 0,
    })
    expect(res.status()).toBe(302)
    expect(res.headers()['location']).toBe('/admin/departemen')
    expect(await findDepartemen(ok)).toHaveLength(1)
  })

  test('edit and delete from another origin are refused and change nothing', async ({ loggedIn: page }) => {
    const [dep] = await createDepartemen(unique('Silang Ubah'))
    const edit = await page.request.post(`/admin/departemen/${dep.id}/edit`, {
      form: { nama: `${dep.nama} diretas` },
      headers: { Origin: 'https://evil.example' },
      maxRedirects: 0,
    })
    expect(edit.status()).toBeGreaterThanOrEqual(400)
    const del = await page.request.post(`/admin/departemen/${dep.id}/hapus`, {
      form: { intent: 'hapus' },
      headers: { Origin: 'https://evil.example' },
      maxRedirects: 0,
    })
    expect(del.status()).toBeGreaterThanOrEqual(400)
    expect(await findDepartemen(dep.nama)).toHaveLength(1)
  })

  test('a cross-site login POST is refused (no session is started)', async ({ page }) => {
    const res = await page.request.post('/login', {
      form: { kode_user: 'admin', password: 'admin', redirectTo: '' },
      headers: { Origin: 'https://evil.example' },
      maxRedirects: 0,
    })
    expect(res.status()).toBeGreaterThanOrEqual(400)
    expect(res.headers()['set-cookie'] ?? '').not.toContain('fleet_session')
    await page.goto('/admin/dashboard')
    await expect(page).toHaveURL(`${APP_URL}/login?redirectTo=%2Fadmin%2Fdashboard`)
  })

  test('GET never changes data: opening a delete URL deletes nothing', async ({ loggedIn: page }) => {
    const [dep] = await createDepartemen(unique('Get Aman'))
    const res = await page.request.get(`/admin/departemen/${dep.id}/hapus?intent=hapus`)
    expect(res.status()).toBe(200)
    expect(await findDepartemen(dep.nama)).toHaveLength(1)
  })
})

test.describe('uploads', { tag: ONCE }, () => {
  test('names that try to leave the uploads folder are refused', async ({ loggedIn: page }) => {
    for (const path of [
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      '/uploads/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/uploads/..%5C..%5Cetc%5Cpasswd',
      '/uploads/%2Fetc%2Fpasswd',
      '/uploads/..%2F..%2Fpackage.json',
    ]) {
      const res = await page.request.get(path, { maxRedirects: 0 })
      expect(res.status(), path).toBe(404)
      const body = await res.text()
      expect(body, path).not.toContain('root:')
    }
    // A literal ../ is resolved by the client before it is sent: it never reaches the uploads route.
    const plain = await page.request.get('/uploads/../../etc/passwd', { maxRedirects: 0 })
    expect(plain.status()).toBe(404)
    expect(await plain.text()).not.toContain('root:')
  })

  test('uploads need a session', async ({ page }) => {
    const anon = await page.request.get('/uploads/tidak-ada.png', { maxRedirects: 0 })
    expect(anon.status()).toBe(302)
    expect(anon.headers()['location']).toMatch(/^\/login\?redirectTo=%2Fuploads%2Ftidak-ada\.png$/)
  })

  test('a KTP photo needs Show on Karyawan: Select on User alone gets none, admin gets it, private, no-store', async ({
    browser,
    jsEnabled,
    loggedIn: admin,
  }) => {
    const k = await createKaryawan({ nama_lengkap: unique('Karyawan Foto') }, { photo: true })
    const path = `/uploads/${k.gambar}`
    const { user, password } = await createUser('foto')
    await setGrants(user.id, { User: [] })
    const context = await browser.newContext({ baseURL: APP_URL, javaScriptEnabled: jsEnabled })
    try {
      const page = await context.newPage()
      await loginByRequest(page, user.kode_user, password)
      const refused = await page.request.get(path, { maxRedirects: 0 })
      expect(refused.status()).toBe(403)
      expect(refused.headers()['content-type']).not.toContain('image/')
      expect(refused.headers()['cache-control']).toBe('private, no-store')
      expect(await refused.body()).not.toEqual(PNG_1PX)
      // As an <img> asks: an empty answer.
      const asImage = await page.request.get(path, { headers: { 'Sec-Fetch-Dest': 'image' }, maxRedirects: 0 })
      expect(asImage.status()).toBe(403)
      expect((await asImage.body()).length).toBe(0)
      // Opened in the browser: a short Indonesian page.
      expect((await page.goto(path))?.status()).toBe(403)
      await expect(page.getByRole('heading', { name: 'Akses ditolak' })).toBeVisible()
      await expect(page.getByText('Anda tidak memiliki izin untuk melihat foto ini.')).toBeVisible()
      // The same user with Select + Show on Karyawan sees it.
      await setGrants(user.id, { User: [], Karyawan: ['show'] })
      const granted = await page.request.get(path, { maxRedirects: 0 })
      expect(granted.status()).toBe(200)
      expect(await granted.body()).toEqual(PNG_1PX)
    } finally {
      await context.close()
    }
    const res = await admin.request.get(path, { maxRedirects: 0 })
    expect(res.status()).toBe(200)
    expect(res.headers()['content-type']).toBe('image/png')
    expect(res.headers()['cache-control']).toBe('private, no-store')
    expect(res.headers()['x-content-type-options']).toBe('nosniff')
    expect(res.headers()['content-security-policy']).toContain("default-src 'none'")
    expect(await res.body()).toEqual(PNG_1PX)
  })

  test('a missing image is a 404 (never an HTML page from the upstream)', async ({ loggedIn: page }) => {
    const res = await page.request.get('/uploads/tidak-ada-sama-sekali.png', { maxRedirects: 0 })
    expect(res.status()).toBe(404)
    expect(res.headers()['content-type'] ?? '').not.toContain('text/html')
  })
})

/** A GET with a Host header of the client's choosing (a browser cannot send one), and the cookies of `state`. */
function getWithHost(path: string, host: string, state: string): Promise<{ status: number; body: string }> {
  const { cookies } = JSON.parse(readFileSync(state, 'utf8')) as { cookies: { name: string; value: string }[] }
  const url = new URL(path, APP_URL)
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: url.port, path, headers: { Host: host, Cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') } },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      },
    )
    req.on('error', reject)
    req.end()
  })
}

test.describe('printed links', { tag: ONCE }, () => {
  // PUBLIC_URL is unset for the e2e server: its default, http://localhost:PORT, is APP_URL.
  test('Host: evil.example still gets tyre labels and the tyre history QR on PUBLIC_URL', async ({ adminState }) => {
    for (const path of ['/admin/label-ban/1', '/admin/ban/1']) {
      const { status, body } = await getWithHost(path, 'evil.example', adminState)
      expect(status, path).toBe(200)
      const urls = [...body.matchAll(/data-qr-url="([^"]+)"/g)].map((m) => m[1])
      expect(urls.length, `${path}: QR addresses`).toBeGreaterThan(0)
      for (const u of urls) expect(u, path).toMatch(new RegExp(`^${APP_URL}/admin/ban/\\d+$`))
      expect(body, path).not.toContain('evil.example')
    }
    // The history page prints its address as text under the QR code.
    const { body } = await getWithHost('/admin/ban/1', 'evil.example', adminState)
    expect(body).toMatch(new RegExp(`data-qr-url="${APP_URL}/admin/ban/1">${APP_URL}/admin/ban/1<`))
  })
})

test.describe('demo data', { tag: ONCE }, () => {
  // The e2e server runs the embedded api with DEMO_DATA=true; the second app has a real upstream.
  test('the login page says it is demo data only where the embedded api serves the demo', async ({ page }) => {
    await page.goto('/login')
    await expect(page.locator('[data-demo-note]')).toHaveText('Data demo: semua isi aplikasi ini adalah contoh, bukan data perusahaan.')
    await page.goto(`${FAULTY_APP_URL}/login`)
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible()
    await expect(page.locator('[data-demo-note]')).toHaveCount(0)
  })
})
