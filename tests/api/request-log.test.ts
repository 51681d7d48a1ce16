import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createApi } from '../../api/app.ts'
import { openDatabase } from '../../api/db.ts'
import { prepareDatabase } from '../../api/seed.ts'
import { freshDatabase, track } from './harness.ts'

const { url, dir } = await freshDatabase()
const db = track(await openDatabase(url))
await prepareDatabase(db, { demo: true, adminPassword: 'admin' })
const lines: string[] = []
const api = await createApi({ db, uploadsDir: join(dir, 'uploads'), log: (line) => lines.push(line) })

describe('one log line per request', () => {
  it("writes method, path, status, ms and the app's X-Request-Id, and answers with that id", async () => {
    const res = await api.request('/api/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Request-Id': 'req-abc-1' },
      body: JSON.stringify({ kode_user: 'admin', password: 'salah' }),
    })
    expect(res.headers.get('X-Request-Id')).toBe('req-abc-1')
    const line = JSON.parse(lines.at(-1)!)
    expect(line).toMatchObject({ server: 'api', id: 'req-abc-1', method: 'POST', path: '/api/login', status: res.status })
    expect(typeof line.ms).toBe('number')
    expect(Date.parse(line.time)).not.toBeNaN()
  })

  it('makes its own id when none (or a malformed one) was sent', async () => {
    const res = await api.request('/health', { headers: { 'X-Request-Id': 'bad id with spaces\n' } })
    const id = res.headers.get('X-Request-Id')!
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ id, method: 'GET', path: '/health', status: 200 })
  })
})
