import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The SQLite template files of this test run, for tests/api/harness.ts. */
    sqliteTemplates: { empty: string; seeded: string }
  }
}

/**
 * The api contract tests on SQLite (vitest project `api`): two template files made once for the run,
 * as tests/api/postgres-setup.ts makes its template databases — `empty.db` (migrations only) and
 * `seeded.db` (plus the demo seed). Every api of a test is a copy of one (tests/api/harness.ts): a
 * file copy instead of the migrations and the demo seed, about 0.4 s, for each of some 300 apis.
 */
export default async function setup(project: TestProject) {
  // The project's env (API_PASSWORD_ROUNDS: 4) reaches its test files, not this setup, which runs in
  // vitest's own process: without it the templates' demo users were hashed at cost 10, and every login
  // of a test as admin cost a tenth of a second of bcrypt (more than half of some files' time).
  Object.assign(process.env, project.config.env)
  const dir = mkdtempSync(join(tmpdir(), 'fleet-templates-'))
  const { openDatabase } = await import('../../api/db.ts')
  const { prepareDatabase } = await import('../../api/seed.ts')
  const empty = join(dir, 'empty.db')
  const seeded = join(dir, 'seeded.db')
  await (await openDatabase(`file:${empty}`)).close()
  const db = await openDatabase(`file:${seeded}`)
  await prepareDatabase(db, { demo: true, adminPassword: 'admin' })
  await db.close()
  project.provide('sqliteTemplates', { empty, seeded })
  return () => rmSync(dir, { recursive: true, force: true })
}
