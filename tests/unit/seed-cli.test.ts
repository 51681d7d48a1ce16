import { join } from 'node:path'
import { expect, it } from 'vitest'
import { runProcess } from '../run-process.ts'

/** `npm run seed` (api/seed-cli.ts) as a user runs it; its seeding is tested on both databases in tests/api/transaksi-seed.test.ts. */
function seedCli(args: string[]) {
  const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx')
  return runProcess(tsx, ['api/seed-cli.ts', ...args], { env: { ...process.env, DATABASE_URL: 'file:/nonexistent/never-created.db' } })
}

it('npm run seed refuses a missing or invalid --scale with the usage and exit code 2, before opening any database', async () => {
  const cases = [[], ['--scale', '0'], ['--scale', '2.5'], ['--scale', 'abc'], ['--skala', '5']]
  const results = await Promise.all(cases.map(seedCli))
  results.forEach((res, i) => {
    expect(res.status, cases[i].join(' ')).toBe(2)
    expect(res.stderr).toContain('Usage: npm run seed -- --scale N')
  })
}, 60_000)
