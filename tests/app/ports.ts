/**
 * Ports of the `app` Vitest project: the built app and its embedded api (scripts/e2e-server.mjs),
 * started once per run by tests/app/server-setup.ts. APP_TEST_PORT chooses the app's port (the api
 * takes the next); by default E2E_PORT_BASE + 50 (3150), beside the ranges of the Playwright servers
 * (base, +1, +100, +101) and the cluster test (+30 to +37), so a checkout runs them side by side.
 */
const BASE = Number(process.env.E2E_PORT_BASE ?? 3100)
export const APP_PORT = Number(process.env.APP_TEST_PORT ?? BASE + 50)
export const APP_URL = `http://localhost:${APP_PORT}`
export const API_URL = `http://127.0.0.1:${APP_PORT + 1}`
/** A product of its own that a test starts and kills (tests/app/battery-edges.ts): this port and the next. */
export const SPARE_PORT = APP_PORT + 40
