// The one patch of a dependency (a last resort, taken for throughput the app's own code could not give):
// patches/@remix-run+router+1.23.3.patch, applied by patch-package at `npm install` (postinstall). It
// keeps the RegExp compiled for each route pattern in @remix-run/router's compilePath, which Remix
// calls for every route it tries, five route-table matches per document: compiling once serves
// noticeably more pages a second under load (docs/performance.md). Nothing else changes: same inputs, same results.
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
