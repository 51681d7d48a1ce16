import { fileURLToPath } from 'node:url'

/**
 * The app server as `npm run build` bundles it from server/index.ts (esbuild; its dependencies stay
 * in node_modules): what scripts/start.mjs, scripts/cluster.mjs and bench/run.ts run, with appNodeArgs.
 */
export const APP_SERVER = fileURLToPath(new URL('../build/app-server.js', import.meta.url))

/**
 * The arguments of `node` for the app server: its Node flags, then the bundled server.
 * @param {NodeJS.ProcessEnv} env
 * @returns {string[]}
 */
export function appServerArgs(env = process.env) {
  return [...appNodeArgs(env), APP_SERVER]
}

/**
 * The Node flags the app server runs with (scripts/start.mjs, and bench/run.ts so it measures the
 * same process). A bounded heap (APP_HEAP_MB, default 192): V8 otherwise sizes the heap by the
 * machine's memory and collects lazily under load, so on a large machine RSS grows far past what the
 * app needs; a bound keeps the app near its working set (the lists cache is bounded by
 * UPSTREAM_CACHE_MB). The young generation (APP_SEMI_SPACE_MB, default 16) holds a request's
 * short-lived garbage: a larger one means fewer scavenges but more RSS; past 16 MB the pages a
 * second no longer grow measurably while RSS does (`npm run bench -- --only list --scales 10000`
 * compares sizes; docs/performance.md, "The young generation").
 * @param {NodeJS.ProcessEnv} env
 * @returns {string[]}
 */
export function appNodeArgs(env = process.env) {
  const heapMb = Number(env.APP_HEAP_MB ?? 192)
  const semiMb = Number(env.APP_SEMI_SPACE_MB ?? 16)
  return [`--max-old-space-size=${heapMb}`, `--max-semi-space-size=${semiMb}`]
}

/**
 * The environment the app server runs with: `env` plus MALLOC_ARENA_MAX=2 unless set. glibc gives
 * each thread that allocates (libuv's pool: gzip, crypto, file reads) its own malloc arena, and the
 * freed memory of those arenas stays in RSS. Two arenas keep the peak RSS under load lower at the
 * same throughput (`npm run bench -- --connections 30` shows it).
 * @param {NodeJS.ProcessEnv} env
 * @returns {NodeJS.ProcessEnv}
 */
export function appEnv(env = process.env) {
  return { ...env, MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2' }
}
