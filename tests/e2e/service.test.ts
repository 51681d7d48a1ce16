/**
 * The app as a service: /healthz answers while the process lives, /readyz only while
 * the upstream answers too — a load balancer takes an instance whose upstream is down out of rotation.
 */
import { expect, test } from './fixtures'
import { APP_URL, FAULTY_APP_URL, setFaultyMode, withFaultyLock } from './support'

test('/healthz and /readyz answer 200 with a healthy upstream, never cached', async ({ request }) => {
  for (const path of ['/healthz', '/readyz']) {
    const res = await request.get(`${APP_URL}${path}`)
    expect(res.status(), path).toBe(200)
    expect(await res.json()).toEqual({ ok: true })
    expect(res.headers()['cache-control']).toBe('no-store')
  }
})

test('/readyz answers 503 while the upstream fails; /healthz still 200', async ({ request }) => {
  await withFaultyLock(async () => {
    await setFaultyMode('500')
    const ready = await request.get(`${FAULTY_APP_URL}/readyz`)
    expect(ready.status()).toBe(503)
    expect((await ready.json()).ok).toBe(false)
    expect((await request.get(`${FAULTY_APP_URL}/healthz`)).status()).toBe(200)
    await setFaultyMode('ok')
    expect((await request.get(`${FAULTY_APP_URL}/readyz`)).status()).toBe(200)
  })
})

test('every answer carries its request id (a new one: the client is no trusted proxy), the same id the logs and the upstream get', async ({
  request,
}) => {
  const a = await request.get(`${APP_URL}/login`, { headers: { 'X-Request-Id': 'dipalsukan-oleh-klien' } })
  const b = await request.get(`${APP_URL}/login`)
  const ids = [a.headers()['x-request-id'], b.headers()['x-request-id']]
  for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/)
  expect(ids[0]).not.toBe(ids[1])
})
