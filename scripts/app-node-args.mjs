/**
 * The Node flags the app server runs with (scripts/start.mjs, and bench/run.ts so it measures the
 * same process). A bounded heap (APP_HEAP_MB, default 192): V8 otherwise sizes the heap by the
 * machine's memory and collects lazily under load (380+ MB RSS with 30 users on a 24 GB machine); a
 * bound keeps the app near its working set (the lists cache is bounded by UPSTREAM_CACHE_MB). The young
 * generation (APP_SEMI_SPACE_MB, default 24) holds a request's short-lived garbage: measured with
 * `npm run bench -- --only list --scales 10000` (10 connections, the same machine, back to back), 8 MB
 * gave 181–182 req/s at 133–163 MB RSS, 16 MB 188–191 req/s at 148–159 MB, 32 MB 194 req/s at
 * 187–192 MB: fewer scavenges, more RSS; 24 MB keeps most of the gain inside the 200 MB bound.
 * @param {NodeJS.ProcessEnv} env
 * @returns {string[]}
 */
export function appNodeArgs(env = process.env) {
  const heapMb = Number(env.APP_HEAP_MB ?? 192)
  const semiMb = Number(env.APP_SEMI_SPACE_MB ?? 24)
  return [`--max-old-space-size=${heapMb}`, `--max-semi-space-size=${semiMb}`]
}

/**
 * The environment the app server runs with: `env` plus MALLOC_ARENA_MAX=2 unless set. glibc gives
 * each thread that allocates (libuv's pool: gzip, crypto, file reads) its own malloc arena, and the
 * freed memory of those arenas stays in RSS. Measured with `npm run bench -- --connections 30` at
 * 10,000 rows: peak RSS 206–220 MB without it, 180–186 MB with it, the same throughput.
 * @param {NodeJS.ProcessEnv} env
 * @returns {NodeJS.ProcessEnv}
 */
export function appEnv(env = process.env) {
  return { ...env, MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2' }
}
