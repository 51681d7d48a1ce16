/**
 * Run before each test file of the api projects (vitest.config.ts `setupFiles`). The files of a worker
 * share their modules (`isolate: false`): what a file opened (tests/api/harness.ts) is closed after its
 * own tests. Through a global, not an import: Vitest evaluates a setup file and what it imports anew
 * for every file, and the api's modules would be imported again each time.
 */
import { afterAll } from 'vitest'

afterAll(async () => {
  const cleanUp = (globalThis as Record<symbol, unknown>)[Symbol.for('fleet.api-tests.clean-up')]
  if (typeof cleanUp === 'function') await cleanUp()
})
