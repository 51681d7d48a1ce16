#!/usr/bin/env node
// One-shot preparation of the api's database before several api processes start on it (issue 21.2:
// scripts/cluster.mjs, the `migrate` service of deploy/docker-compose.yml): the migrations, the
// feature catalogue and, on an empty database, the demo data, exactly as one api does at its start
// (api/main.ts), then exit. Run once, so two api processes never race to migrate an empty file; each
// api still runs the same steps at its start, which then find nothing left to do.
// Run with tsx's loader: `node --import tsx scripts/prepare-database.mjs`. Env: DATABASE_URL, ADMIN_PASSWORD.
import { openDatabase } from '../api/db.ts'
import { prepareDatabase } from '../api/seed.ts'

const databaseUrl = process.env.DATABASE_URL ?? 'file:./data/app.db'
const db = await openDatabase(databaseUrl)
await prepareDatabase(db, { adminPassword: process.env.ADMIN_PASSWORD ?? 'admin' })
await db.close()
console.log(`[prepare] database ready (${databaseUrl.replace(/\/\/[^@/]*@/, '//…@')})`)
