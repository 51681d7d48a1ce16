import { defineConfig } from 'vitest/config'

const alias = { '~': new URL('./app', import.meta.url).pathname }

/**
 * A contract test makes a fresh database (on PostgreSQL a copy of a template) and hashes passwords by
 * design slowly: a second on a quiet machine, more than vitest's default 5 s on a busy one. The limits
 * only catch a hang; no test asserts a duration.
 */
const API_TIMEOUTS = { testTimeout: 30_000, hookTimeout: 60_000 }

/**
 * The api in the tests hashes passwords at bcrypt's lowest cost (API_PASSWORD_ROUNDS, api/auth.ts;
 * 10 in production): the tests make and log in hundreds of users, and at 10 that was half their time.
 */
const API_ENV = { API_PASSWORD_ROUNDS: '4' }

/**
 * What a contract test file opened is closed after its own tests (tests/api/per-file.ts), also when
 * the files of a worker share their modules: `npm test` runs the api projects with `--no-isolate`
 * (scripts/test.sh; a project cannot set it alone, the pool is shared), as each file imported the api's
 * hundred modules anew, half the projects' time. No api test file mocks a module.
 */
const API_FILES = { setupFiles: ['tests/api/per-file.ts'] }

export default defineConfig({
  test: {
    // Two test files at a time. Vitest's default outside watch mode is one fewer than the CPUs: on the
    // 2-core machines the tests run on, one file at a time, with the second core mostly idle.
    maxWorkers: 2,
    projects: [
      // The unit tests run beside the typecheck, lint, build and api tests on two cores: a test of a
      // second on a quiet machine (a zip bomb inflated, a CLI started) took over vitest's default 5 s
      // there and failed. The limit only catches a hang; no test asserts a duration.
      { resolve: { alias }, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: ['tests/api/**/*.pg.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/sqlite-setup.ts'],
          env: API_ENV,
          ...API_FILES,
          ...API_TIMEOUTS,
        },
      },
      // The same contract tests on PostgreSQL (a private server for the run: tests/api/postgres-setup.ts).
      {
        resolve: { alias },
        test: {
          name: 'api-pg',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/postgres-setup.ts'],
          env: API_ENV,
          ...API_FILES,
          ...API_TIMEOUTS,
        },
      },
      // Request-level tests of the built app without a browser: plain HTTP to one server for the run
      // (tests/app/server-setup.ts: the built app and its embedded api on a temporary demo database, as
      // the e2e tests get them); needs the build (`npm run build`). A file's independent tests run side
      // by side, four at a time per file (two files at once: eight requests on the one server; at eight
      // per file a loaded 2-core machine saw a list answer 500 once).
      {
        resolve: { alias },
        test: {
          name: 'app',
          include: ['tests/app/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/app/server-setup.ts'],
          env: API_ENV,
          maxConcurrency: 4,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      // nginx, two app and two api instances (scripts/cluster.mjs); needs the build (`npm run build`).
      {
        resolve: { alias },
        test: {
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          env: API_ENV,
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
})
