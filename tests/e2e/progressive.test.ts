/**
 * Behaviour that JavaScript adds ("JavaScript adds comfort; it is never required"). Every
 * test runs in both projects: with JS it checks the enhancement, without JS (else branch) the
 * equivalent that works without it. Nothing is skipped.
 */
import { expect, test, unique } from './fixtures'
import {
  APP_URL,
  createDepartemen,
  FAULTY_APP_URL,
  findDepartemen,
  holdScripts,
  loginFaulty,
  namesInTable,
  readSession,
  sessionCookieOf,
  setFaultyMode,
  sidebar,
  withFaultyLock,
  writeSession,
} from './support'

const TWO_HOURS = 2 * 60 * 60 * 1000

/** The Finance group's menus, in the sidebar's order (app/screens.ts). */
const FINANCE_MENUS = [
  'Inquery Pembelian Suku Cadang',
  'Inquery Pembelian Ban',
  'Inquery Pemasangan Ban',
  'Inquery Perintah Kerja',
  'Inquery Klaim Ban',
]

test('login: an empty submit shows the field messages (JS: without sending; no JS: from the server)', async ({ page, jsEnabled }) => {
  await page.goto('/login')
  const posts: string[] = []
  page.on('request', (r) => {
    if (r.method() === 'POST') posts.push(r.url())
  })
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByText('Kode User wajib diisi.')).toBeVisible()
  await expect(page.getByText('Password wajib diisi.')).toBeVisible()
  await expect(page.getByLabel('Kode User')).toHaveAttribute('aria-invalid', 'true')
  await expect(page).toHaveURL(`${APP_URL}/login`)
  if (jsEnabled) {
    expect(posts, 'nothing is sent').toEqual([])
  } else {
    expect(posts).toEqual([`${APP_URL}/login`])
  }
  expect(await sessionCookieOf(page.context())).toBeNull()
  // Filling one field leaves only the other message.
  await page.getByLabel('Kode User').fill('admin')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByText('Password wajib diisi.')).toBeVisible()
  await expect(page.getByText('Kode User wajib diisi.')).toHaveCount(0)
  await expect(page.getByLabel('Kode User')).toHaveValue('admin')
})

test('login: the password show/hide toggle (no JS: a plain password field)', async ({ page, jsEnabled }) => {
  await page.goto('/login')
  const password = page.getByLabel('Password', { exact: true })
  await password.fill('rahasia')
  await expect(password).toHaveAttribute('type', 'password')
  if (jsEnabled) {
    await page.getByRole('button', { name: 'Tampilkan password' }).click()
    await expect(password).toHaveAttribute('type', 'text')
    await expect(password).toHaveValue('rahasia')
    await expect(page.getByRole('button', { name: 'Sembunyikan password' })).toHaveAttribute('aria-pressed', 'true')
    await page.getByRole('button', { name: 'Sembunyikan password' }).click()
    await expect(password).toHaveAttribute('type', 'password')
    await expect(password).toHaveValue('rahasia')
  } else {
    await expect(page.getByRole('button', { name: /password/i })).toHaveCount(0)
    await expect(password).toHaveValue('rahasia')
  }
})

test('the session cookie is out of reach of page scripts (no JS: it is marked HttpOnly)', async ({ ownLogin: page, jsEnabled }) => {
  const cookie = await sessionCookieOf(page.context())
  expect(cookie?.httpOnly).toBe(true)
  if (jsEnabled) {
    const visible = await page.evaluate(() => document.cookie)
    expect(visible).not.toContain('fleet_session')
    expect(visible).not.toContain(cookie!.value.slice(0, 20))
  } else {
    expect(cookie?.name).toBe('__Host-fleet_session')
    expect(cookie?.secure).toBe(true)
  }
})

test('Departemen search: JS filters while typing; without JS Enter submits the search', async ({ loggedIn: page, jsEnabled }) => {
  const tok = unique('').trim()
  const [alpha, beta] = await createDepartemen(`Ketik ${tok} Alpha`, `Ketik ${tok} Beta`)
  await page.goto('/admin/departemen')
  const box = page.getByRole('searchbox', { name: 'Cari departemen...' })
  const full = `${tok} ALPHA`.toUpperCase()
  const urlOf = (v: string) => `${APP_URL}/admin/departemen?q=${encodeURIComponent(v).replace(/%20/g, '+')}`
  if (jsEnabled) {
    // A user who pauses while typing: the list follows the first word (no button pressed)…
    await box.click()
    await page.keyboard.type(tok.toUpperCase(), { delay: 20 })
    await expect(page).toHaveURL(urlOf(tok.toUpperCase()))
    await expect.poll(() => namesInTable(page)).toEqual([alpha.nama, beta.nama])
    // …and goes on typing in the same box.
    await page.keyboard.type(' ALPHA', { delay: 20 })
    await expect(box).toHaveValue(full)
    await expect(page).toHaveURL(urlOf(full))
    await expect.poll(() => namesInTable(page)).toEqual([alpha.nama])
  } else {
    await box.fill(full)
    await expect(page).toHaveURL(`${APP_URL}/admin/departemen`)
    await box.press('Enter')
    await expect(page).toHaveURL(urlOf(full))
    await expect.poll(() => namesInTable(page)).toEqual([alpha.nama])
  }
  await expect(page.getByText('1 data', { exact: true })).toBeVisible()
})

test('menu search: JS filters live, no JS submits ?menu=; the clear control restores', async ({ loggedIn: page, jsEnabled }) => {
  await page.goto('/admin/dashboard')
  const nav = sidebar(page)
  const box = nav.getByRole('searchbox', { name: 'Cari menu' })
  const tyreEntries = [
    'Ukuran Ban',
    'Merek Ban',
    'Type Ban',
    'Pemasangan Ban',
    'Stok Ban',
    'Pelepasan Ban',
    'Rotasi Ban',
    'Klaim Ban',
    'Pemeriksaan Ban',
    'Pembelian Ban',
    'Inquery Pembelian Ban',
    'Inquery Pemasangan Ban',
    'Inquery Klaim Ban',
    'Laporan Pembelian Ban',
    'Laporan Biaya Ban',
    'Laporan Pemeriksaan Ban',
  ]
  await box.fill('ban')
  if (jsEnabled) {
    await expect(page).toHaveURL(`${APP_URL}/admin/dashboard`)
  } else {
    await nav.getByRole('button', { name: 'Cari menu' }).click()
    await expect(page).toHaveURL(`${APP_URL}/admin/dashboard?menu=ban`)
    await expect(box).toHaveValue('ban')
  }
  await expect(nav.locator('li a:visible')).toHaveText(tyreEntries)
  await expect(nav.locator('summary')).toHaveText(['Master', 'Pemeliharaan Kendaraan', 'Transaksi', 'Finance', 'Laporan'])
  await expect(nav.getByRole('link', { name: 'Departemen' })).toHaveCount(0)
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0)
  // The page itself is untouched.
  await expect(page.getByTestId('angka-posting')).toBeVisible()

  await nav.getByRole('link', { name: 'Hapus pencarian menu' }).click()
  if (!jsEnabled) await expect(page).toHaveURL(`${APP_URL}/admin/dashboard`)
  await expect(box).toHaveValue('')
  await expect(nav.locator('summary')).toHaveText(['Master', 'Operasional', 'Pemeliharaan Kendaraan', 'Transaksi', 'Finance', 'Laporan'])
  await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Hapus pencarian menu' })).toHaveCount(0)

  // Nothing matches.
  await box.fill('zzz tidak ada')
  if (!jsEnabled) await nav.getByRole('button', { name: 'Cari menu' }).click()
  await expect(nav.getByText('Menu tidak ditemukan.')).toBeVisible()
  await expect(nav.locator('li a:visible')).toHaveCount(0)
  // Logout stays reachable whatever the search.
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible()
})

test('a menu search typed before the scripts have loaded filters once they have; without JS on Cari menu', async ({
  loggedIn: page,
  jsEnabled,
}) => {
  await page.goto('/admin/dashboard')
  const release = await holdScripts(page)
  await page.goto('/admin/dashboard', { waitUntil: 'commit' })
  const nav = sidebar(page)
  const box = nav.getByRole('searchbox', { name: 'Cari menu' })
  await box.fill('finance')
  release()
  if (!jsEnabled) await nav.getByRole('button', { name: 'Cari menu' }).click()
  await expect(nav.locator('li a:visible')).toHaveText(FINANCE_MENUS)
  await expect(box).toHaveValue('finance')
})

test('menu search by group name lists the whole group', async ({ loggedIn: page, jsEnabled }) => {
  await page.goto('/admin/dashboard')
  const nav = sidebar(page)
  await nav.getByRole('searchbox', { name: 'Cari menu' }).fill('finance')
  if (jsEnabled) await expect(page).toHaveURL(`${APP_URL}/admin/dashboard`)
  else await nav.getByRole('button', { name: 'Cari menu' }).click()
  await expect(nav.locator('li a:visible')).toHaveText(FINANCE_MENUS)
})

test('dialogs: JS makes them modal and Escape closes; without JS the close link does', async ({ loggedIn: page, jsEnabled }) => {
  const [dep] = await createDepartemen(unique('Escape Uji'))
  const list = `${APP_URL}/admin/departemen?q=${encodeURIComponent(dep.nama).replace(/%20/g, '+')}`
  await page.goto(list)
  await page.getByRole('link', { name: 'Tambah Departemen' }).click()
  const dialog = page.getByRole('dialog', { name: 'Tambah Departemen' })
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Nama Departemen').fill('tidak disimpan')
  if (jsEnabled) {
    await expect.poll(() => dialog.evaluate((d) => d.matches(':modal'))).toBe(true)
    await page.keyboard.press('Escape')
  } else {
    await dialog.getByRole('link', { name: 'Tutup' }).click()
  }
  await expect(page).toHaveURL(list)
  await expect(page.getByRole('dialog')).toHaveCount(0)
  expect(await findDepartemen('tidak disimpan')).toHaveLength(0)

  // The delete confirmation too.
  await page.getByRole('link', { name: 'Hapus', exact: true }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Apakah Anda yakin?' })
  await expect(confirm).toBeVisible()
  if (jsEnabled) await page.keyboard.press('Escape')
  else await confirm.getByRole('link', { name: 'Batal' }).click()
  await expect(page).toHaveURL(list)
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
  await expect(page.getByRole('cell', { name: dep.nama, exact: true })).toBeVisible()
})

test('keep-alive: JS activity renews the session after a minute; without JS every page request does', async ({
  ownLogin: page,
  jsEnabled,
}) => {
  const s = await readSession(page.context())
  const soon = Date.now() + 10 * 60_000
  if (jsEnabled) {
    await page.clock.install()
    await page.goto('/admin/dashboard')
    await writeSession(page.context(), { ...s!, expiresAt: soon })
    expect((await readSession(page.context()))?.expiresAt).toBe(soon)
    await page.clock.fastForward(61_000)
    const ping = page.waitForResponse((r) => r.url() === `${APP_URL}/keepalive` && r.request().method() === 'POST')
    await page.mouse.move(300, 300)
    await page.mouse.move(320, 320)
    expect((await ping).status()).toBe(200)
  } else {
    await writeSession(page.context(), { ...s!, expiresAt: soon })
    expect((await readSession(page.context()))?.expiresAt).toBe(soon)
    await page.goto('/admin/users')
    await expect(page.getByRole('heading', { name: 'Edit Profile' })).toBeVisible()
  }
  const renewed = await readSession(page.context())
  expect(renewed?.expiresAt).toBeGreaterThan(Date.now() + TWO_HOURS - 60_000)
})

test('slow loads: JS shows "Memuat data, harap tunggu..." while the next page loads; without JS the page arrives with the result', async ({
  page,
  jsEnabled,
}) => {
  test.setTimeout(60_000) // it may wait for the other project's turn on the faulty upstream
  await withFaultyLock(async () => {
    await loginFaulty(page)
    await setFaultyMode('slow')
    const nav = sidebar(page)
    await nav.locator('summary', { hasText: 'Master' }).click()
    await nav.getByRole('link', { name: 'Departemen', exact: true }).click()
    if (jsEnabled) {
      await expect(page.getByRole('status').filter({ hasText: 'Memuat data, harap tunggu...' })).toBeVisible()
    }
    await expect(page).toHaveURL(`${FAULTY_APP_URL}/admin/departemen`)
    await expect(page.getByRole('alert')).toContainText('waktu habis')
    await expect(page.getByText('Memuat data, harap tunggu...')).toHaveCount(0)
  })
})
