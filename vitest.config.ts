import { defineConfig } from 'vitest/config'

const alias = { '~': new URL('./app', import.meta.url).pathname }

export default defineConfig({
  test: {
    projects: [
      { resolve: { alias }, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        resolve: { alias },
        test: { name: 'api', include: ['tests/api/**/*.test.ts'], exclude: ['tests/api/**/*.pg.test.ts'], environment: 'node' },
      },
      // Issue 21.1: the same contract tests on PostgreSQL (a private server for the run: tests/api/postgres-setup.ts).
      {
        resolve: { alias },
        test: { name: 'api-pg', include: ['tests/api/**/*.test.ts'], environment: 'node', globalSetup: ['tests/api/postgres-setup.ts'] },
      },
      // Issue 21.3: nginx, two app and two api instances (scripts/cluster.mjs); needs the build (`npm run build`).
      {
        resolve: { alias },
        test: { name: 'cluster', include: ['tests/cluster/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 90_000 },
      },
    ],
  },
})
