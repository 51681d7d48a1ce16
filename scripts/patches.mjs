// The one patch of a dependency (a last resort, taken for throughput the app's own code could not give):
// patches/@remix-run+router+1.23.3.patch, applied by patch-package at `npm install` (postinstall), in
// the CommonJS build the server loads (the browser's build is untouched). Remix matches the route
// table five times per document, and each match flattened and ranked the whole table, then tried
// route after route, compiling a RegExp for each. The patch keeps the RegExp compiled for each
// pattern (compilePath), keeps a table's ranked branches per table (the server's tables are built
// once, or once per render), and passes over a branch whose whole path cannot match before matching
// its routes one by one. Same inputs, same results (tests/unit/patches.test.ts); the throughput it
// gives is in docs/performance.md.
// `patchesApplied()` is the start-up check (server/index.ts) and is asserted by
// tests/unit/patches.test.ts, so an upgrade that drops the patch is seen, not silently slower.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

/** The marker the patched file carries. */
export const ROUTER_PATCH_MARKER = 'function compilePathUncached('

/**
 * Whether the patch is in the @remix-run/router the server loads.
 * @returns {{ applied: boolean, file: string }}
 */
export function patchesApplied() {
  const file = require.resolve('@remix-run/router')
  return { applied: readFileSync(file, 'utf8').includes(ROUTER_PATCH_MARKER), file }
}
