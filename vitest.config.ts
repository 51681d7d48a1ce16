import { defineConfig } from 'vitest/config'

const alias = { '~': new URL('./app', import.meta.url).pathname }

export default defineConfig({
  test: {
    projects: [
      { resolve: { alias }, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      { resolve: { alias }, test: { name: 'api', include: ['tests/api/**/*.test.ts'], environment: 'node' } },
    ],
  },
})
