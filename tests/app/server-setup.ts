/**
 * Vitest globalSetup of the `app` project: the product as the end-to-end tests get it
 * (scripts/e2e-server.mjs: the built app and the embedded api on a fresh temporary demo database),
 * started once for the run and stopped with SIGTERM at its end (the server removes its database).
 * Needs the build (`npm run build`).
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { API_URL, APP_PORT, APP_URL } from './ports'

/** SIGKILL to the process group of `pid` (the server and what it started), if any of it is left. */
function killGroup(pid: number) {
  try {
    process.kill(-pid, 'SIGKILL')
  } catch {
    // none left
  }
}

export default async function setup() {
  if (!existsSync('build/app-server.js')) throw new Error('The app tests need the build: run `npm run build` first.')
  // A server left on the port would answer for this one (and this one would not start): refused at once.
  for (const url of [APP_URL, API_URL]) {
    const taken = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      () => true,
      () => false,
    )
    if (taken) throw new Error(`${url} already answers: stop what runs there, or choose another port (APP_TEST_PORT).`)
  }
  let log = ''
  const server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'UPSTREAM_API_URL')),
      NODE_ENV: 'production',
      PORT: String(APP_PORT),
      API_PORT: String(APP_PORT + 1),
      // bcrypt at its lowest cost: the tests make and log in many users (10 in production).
      API_PASSWORD_ROUNDS: '4',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
    // Its own process group: should it not stop in time, the app and api it started are stopped with it.
    detached: true,
  })
  // Its errors are shown with the run's output (as Playwright's webServer shows them), and kept for a failed start.
  server.stderr!.on('data', (d) => {
    log += d
    process.stderr.write(d)
  })
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()))
  const deadline = Date.now() + 60_000
  for (;;) {
    if (server.exitCode !== null) throw new Error(`scripts/e2e-server.mjs ended (${server.exitCode}):\n${log}`)
    const up = await Promise.all(
      [`${APP_URL}/login`, `${API_URL}/api/login`].map((url) =>
        fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
          (r) => r.status < 500,
          () => false,
        ),
      ),
    )
    if (up.every(Boolean)) break
    if (Date.now() > deadline) {
      killGroup(server.pid!)
      throw new Error(`scripts/e2e-server.mjs did not answer on ${APP_URL} within 60 s:\n${log}`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  return async () => {
    // SIGTERM: scripts/start.mjs stops the app and the api (it waits up to 12 s for them) and the
    // server removes its temporary database. Past 15 s, the whole group is killed.
    server.kill('SIGTERM')
    const killer = setTimeout(() => killGroup(server.pid!), 15_000)
    await exited
    clearTimeout(killer)
    // A child that outlived it (start.mjs gives up waiting after 12 s) is stopped with its group.
    killGroup(server.pid!)
  }
}
