#!/usr/bin/env node
// One-shot preparation of the api's database before several api processes start on it (run by
// scripts/cluster.mjs, the `migrate` service of deploy/docker-compose.yml): the migrations, the
// feature catalogue and, on an empty database, the demo data (DEMO_DATA=true) or only the admin user
// (ADMIN_PASSWORD, required then), exactly as one api does at its start
// (api/main.ts), then exit. Run once, so two api processes never race to migrate an empty file; each
// api still runs the same steps at its start, which then find nothing left to do.
// Run with tsx's loader: `node --import tsx scripts/prepare-database.mjs`. Env: DATABASE_URL, DEMO_DATA, ADMIN_PASSWORD.
// A refused start (no ADMIN_PASSWORD for an empty database) prints one line and exits with 78.
import { openDatabase } from '../api/db.ts'
import { EXIT_SETUP_REFUSED, prepareFromEnv, SetupRefused } from '../api/seed.ts'

const databaseUrl = process.env.DATABASE_URL ?? 'file:./data/app.db'
const db = await openDatabase(databaseUrl)
try {
  const prepared = await prepareFromEnv(db)
  const what = { existing: 'existing data kept', demo: 'demo data created', admin: 'admin user created' }[prepared]
  console.log(`[prepare] database ready, ${what} (${databaseUrl.replace(/\/\/[^@/]*@/, '//…@')})`)
} catch (error) {
  if (!(error instanceof SetupRefused)) throw error
  console.error(`[prepare] ${error.message}`)
  process.exitCode = EXIT_SETUP_REFUSED
} finally {
  await db.close()
}
