import { openDatabase } from './db.ts'
import { prepareFromEnv } from './seed.ts'
import { seedScale } from './seed/scale.ts'

/**
 * `npm run seed -- --scale N`: adds N vehicles with their purchases, tyres, pemasangan and pelepasan to the database
 * of DATABASE_URL (default file:./data/app.db), after the usual start-up preparation (feature
 * catalogue; demo data on an empty database). Prints the counts and the elapsed time.
 */
const USAGE = `Usage: npm run seed -- --scale N

  --scale N   add N vehicles (N a positive integer) with about 2 tyre purchases of 4-10 tyres and
              about 1 pemasangan each, spread over the last 12 months, some tyres removed (to stock,
              the retreader or scrap), to the database of DATABASE_URL (default file:./data/app.db).`

function parseScale(argv: string[]): number | null {
  let raw: string | undefined
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    if (a === '--scale') raw = argv[++i]
    else if (a.startsWith('--scale=')) raw = a.slice('--scale='.length)
    else return null
  }
  if (raw === undefined || !/^\d+$/.test(raw)) return null
  const n = Number(raw)
  return Number.isSafeInteger(n) && n > 0 ? n : null
}

const args = process.argv.slice(2)
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE)
  process.exit(0)
}
const n = parseScale(args)
if (n === null) {
  console.error(USAGE)
  process.exit(2)
}

const databaseUrl = process.env.DATABASE_URL ?? 'file:./data/app.db'
const started = performance.now()
const db = await openDatabase(databaseUrl)
// A benchmark tool: an empty database gets the demo data unless DEMO_DATA=false.
await prepareFromEnv(db, process.env, true)
const prepared = performance.now()
const counts = await seedScale(db, n)
const done = performance.now()
await db.close()

const width = Math.max(...Object.keys(counts).map((k) => k.length))
console.log(`Seed --scale ${n} on ${databaseUrl}`)
for (const [name, count] of Object.entries(counts)) {
  console.log(`  ${name.padEnd(width)}  ${String(count).padStart(8)}`)
}
console.log(
  `Scale data: ${Math.round(done - prepared)} ms (open + prepare: ${Math.round(prepared - started)} ms; total ${Math.round(done - started)} ms)`,
)
