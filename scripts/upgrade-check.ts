/**
 * An upgrade tried on a real database: `npx tsx scripts/upgrade-check.ts <DATABASE_URL>` (a copy!)
 * reads every table's row count and checksum, starts this release on it (its schema changes and the
 * catalogue, as `npm start` does), reads them again and prints what changed. Only the tables an
 * upgrade writes to may change (the menus, the grants and their history, the counters); any other
 * difference is printed as LOST and the exit code is 1.
 */
import { openDatabase } from '../api/db.ts'
import { prepareDatabase } from '../api/seed.ts'
import { tableChecksums, UPGRADE_WRITES } from './table-checksums.ts'

const url = process.argv[2]
if (!url) {
  console.error('usage: npx tsx scripts/upgrade-check.ts <DATABASE_URL of a copy>')
  process.exit(2)
}
const before = await tableChecksums(url)
const started = performance.now()
const db = await openDatabase(url)
await prepareDatabase(db, { demo: false })
await db.close()
const seconds = ((performance.now() - started) / 1000).toFixed(1)
const after = await tableChecksums(url, before)
let lost = 0
for (const [table, sum] of before) {
  const now = after.get(table)
  const same = now && now.rows === sum.rows && now.checksum === sum.checksum
  if (same) continue
  const what = `${table}: ${sum.rows} rows ${sum.checksum} → ${now ? `${now.rows} rows ${now.checksum}` : 'gone'}`
  if (UPGRADE_WRITES.has(table) && now && now.rows >= sum.rows) console.log(`  changed ${what}`)
  else {
    console.log(`  LOST    ${what}`)
    lost++
  }
}
for (const table of after.keys()) if (!before.has(table)) console.log(`  new     ${table}: ${after.get(table)!.rows} rows`)
const rows = [...before.values()].reduce((n, s) => n + s.rows, 0)
console.log(
  `${before.size} tables, ${rows} rows; the start took ${seconds} s; ${lost ? `${lost} tables LOST rows or content` : 'nothing else changed'}`,
)
process.exit(lost ? 1 : 0)
