#!/usr/bin/env bash
# Every test of the project, as CI runs it (.ci/run): typecheck, lint, unit and api contract tests
# (Vitest), then a production build, the cluster test (Vitest: nginx, two app and two api instances,
# scripts/cluster.mjs), the request-level tests of the built app (Vitest project app: plain HTTP, no
# browser) and the end-to-end tests in Debian's Chromium (Playwright), with JavaScript on
# and off. Installs Debian's Chromium, Java (for the Nu HTML Checker) and nginx first when they are missing.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
APT_UPDATED=""
apt_install() {
  echo "[test] installing Debian's $1 (needs root and apt)"
  if [ -z "$APT_UPDATED" ]; then $SUDO apt-get update -qq; APT_UPDATED=1; fi
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$1" >/dev/null
}
if [ ! -x /usr/bin/chromium ]; then apt_install chromium; fi
# The e2e tests run in its headless shell (same engine and version, far less CPU: playwright.config.ts).
if [ ! -x /usr/bin/chromium-headless-shell ]; then apt_install chromium-headless-shell; fi
# The Nu HTML Checker (vnu-jar, tests/e2e/quality.test.ts) runs on Java.
if ! command -v java >/dev/null 2>&1; then apt_install default-jre-headless; fi
# nginx for the cluster test, which runs its own master on private ports with its own configuration
# (never /etc/nginx's default site on port 80). Should the package have started a system nginx, it
# is stopped again (only the one this install started).
# PostgreSQL for the api contract tests on PostgreSQL (vitest project api-pg): the tests start their
# own server in a temporary folder on a private port (scripts/postgres.mjs), never the system one.
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  apt_install postgresql
  $SUDO pg_ctlcluster --force "$(ls /usr/lib/postgresql | sort -n | tail -1)" main stop >/dev/null 2>&1 || true
fi
if [ ! -x /usr/sbin/nginx ]; then
  apt_install nginx
  $SUDO /usr/sbin/nginx -s stop >/dev/null 2>&1 || true
fi

# Each phase's line says when it started, so a slow run shows which phase took the time; at the end
# (failed or not) scripts/test-report.mjs prints each phase's time and the ten slowest test files.
rm -rf .test-report && mkdir -p .test-report
phase() {
  echo "[test] $(date +%T) $1"
  echo "$(date +%s) $1" >>.test-report/phases.txt
}
report() {
  local status=$?
  echo "$(date +%s) end" >>.test-report/phases.txt
  node scripts/test-report.mjs || true
  exit "$status"
}
trap report EXIT

# The typecheck and the format check beside the lint (each uses one core); a failure of any stops the run.
phase "typecheck, lint and format"
npx tsc --noEmit &
TYPECHECK=$!
npx prettier --check . --log-level warn &
FORMAT=$!
npx eslint . --max-warnings=0
wait "$TYPECHECK"
wait "$FORMAT"
phase "unit + api contract (SQLite and PostgreSQL)"
npx vitest run --project unit --project api --project api-pg --reporter=default --reporter=json --outputFile.json=.test-report/vitest-unit-api.json
phase "build"; npm run build >/dev/null
phase "cluster (nginx, two app and two api instances)"
npx vitest run --project cluster --reporter=default --reporter=json --outputFile.json=.test-report/vitest-cluster.json
phase "app requests (Vitest: plain HTTP to the built app and its embedded api)"
npx vitest run --project app --reporter=default --reporter=json --outputFile.json=.test-report/vitest-app.json
phase "end-to-end (Chromium, JS on and off)"
PLAYWRIGHT_JSON_OUTPUT_NAME=.test-report/playwright.json npx playwright test --reporter=list,json
