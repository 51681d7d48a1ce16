import type { TestProject } from 'vitest/node'
import { startPostgres } from '../../scripts/postgres.mjs'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The private PostgreSQL server of this test run (its `postgres` database), for tests/api/harness.ts. */
    postgresUrl: string
  }
}

/**
 * The api contract tests on PostgreSQL (vitest project `api-pg`): one private server for the run
 * (scripts/postgres.mjs), with two template databases made once — `fleet_empty` (migrations only) and
 * `fleet_seeded` (plus the demo seed) — from which every api of a test is a fresh copy
 * (CREATE DATABASE … TEMPLATE, tests/api/harness.ts). Port: PG_TEST_PORT, else 5499.
 */
export default async function setup(project: TestProject) {
  // The project's env (API_PASSWORD_ROUNDS: 4) reaches its test files, not this setup, which runs in
  // vitest's own process: without it the templates' demo users were hashed at cost 10, and every login
  // of a test as admin cost a tenth of a second of bcrypt (more than half of some files' time).
  Object.assign(process.env, project.config.env)
  const pg = startPostgres({ port: Number(process.env.PG_TEST_PORT ?? 5499) })
  try {
    const { openDatabase } = await import('../../api/db.ts')
    const { prepareDatabase } = await import('../../api/seed.ts')
    pg.createDatabase('fleet_empty')
    const empty = await openDatabase(pg.url('fleet_empty'))
    await empty.close()
    pg.createDatabase('fleet_seeded', 'fleet_empty')
    const seeded = await openDatabase(pg.url('fleet_seeded'))
    await prepareDatabase(seeded, { demo: true, adminPassword: 'admin' })
    await seeded.close()
  } catch (error) {
    pg.stop()
    throw error
  }
  project.provide('postgresUrl', pg.url())
  return () => pg.stop()
}
