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

# Each step's line says when it started; steps that do not depend on each other run side by side
# (their output goes to .test-report/<step>.log and is shown when one fails). At the end (failed or
# not) scripts/test-report.mjs prints each step's time, the wall time of the run and the ten slowest
# test files.
rm -rf .test-report && mkdir -p .test-report
echo "$(date +%s)" >.test-report/started.txt
BG_PIDS=()
BG_LOGS=()
report() {
  local status=$? pid
  # A failed step ends the run: the background steps still running are waited for, not left behind.
  for pid in "${BG_PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  node scripts/test-report.mjs || true
  exit "$status"
}
trap report EXIT

# step NAME COMMAND…: runs a step in the foreground, its start, end and exit status in steps.txt.
step() {
  local name=$1 start status=0
  shift
  start=$(date +%s)
  echo "[test] $(date +%T) $name"
  "$@" || status=$?
  echo "$start $(date +%s) $status $name" >>.test-report/steps.txt
  return "$status"
}
# logged NAME COMMAND…: a step in the foreground with its output in .test-report/<NAME>.log, never in
# the caller's pipe: a test runner writing to a pipe waits while the reader is slow (Node writes to pipes
# synchronously), and a CI run whose log reader lagged left vitest's main process waiting so long that
# its workers' calls timed out ("Timeout calling onTaskUpdate") with every test passed. On success the
# log's last lines (the counts) are shown; on failure the whole log.
logged() {
  local log status=0
  log=".test-report/$(echo "$1" | tr "A-Z" "a-z" | tr -c "a-z0-9\n" "-" | cut -c1-40).log"
  echo "[test] $(date +%T) $1 (its output: $log)"
  step "$@" >"$log" 2>&1 || status=$?
  if [ "$status" = 0 ]; then
    tail -n 8 "$log"
  else
    echo "[test] failed: $log"
    cat "$log"
  fi
  return "$status"
}
# background NAME COMMAND…: the same beside the next steps, its output in .test-report/<NAME>.log;
# its pid in BG_PIDS and its log in BG_LOGS, for settle.
background() {
  local log
  log=".test-report/$(echo "$1" | tr -c 'a-z0-9\n' '-').log"
  step "$@" >"$log" 2>&1 &
  BG_PIDS+=("$!")
  BG_LOGS+=("$log")
}
# settle: waits for every background step; a failed one's output is shown and fails the run.
settle() {
  local failed=0 i
  for i in "${!BG_PIDS[@]}"; do
    if ! wait "${BG_PIDS[$i]}"; then
      echo "[test] failed: ${BG_LOGS[$i]}"
      cat "${BG_LOGS[$i]}"
      failed=1
    fi
  done
  BG_PIDS=()
  BG_LOGS=()
  return "$failed"
}

# The typecheck, the format check, the lint and the production build side by side, then the tests one
# step at a time. The tests used to run beside these four (six steps on two cores): starved of CPU,
# vitest's main process answered its workers' reports too late ("Timeout calling onTaskUpdate", a fixed
# 60 s) and a unit file's database took more than its hook's 10 s, with every test passing. A busy core
# is no faster for being shared: the tests alone take about what they took beside the rest.
background "typecheck" npx tsc --noEmit
background "format" npx prettier --check . --log-level warn
background "lint" npx eslint . --max-warnings=0
background "build" npm run build
settle
logged "unit" npx vitest run --project unit --reporter=default --reporter=json --outputFile.json=.test-report/vitest-unit.json
# The api contract tests with the files of a worker sharing their modules (--no-isolate: each file
# imported the api's hundred modules anew, half these projects' time); each file's databases are still
# its own and closed after it (tests/api/per-file.ts). The unit tests keep their isolation (some mock
# modules): a run of their own, before.
logged "api contract (SQLite and PostgreSQL)" npx vitest run --project api --project api-pg --no-isolate --reporter=default --reporter=json --outputFile.json=.test-report/vitest-api.json
# The cluster test alone: beside the app's request-level tests, its hundred concurrent adds through
# nginx met a CPU so busy that nginx answered 502 to some (its timeouts are the product's own).
logged "cluster (nginx, two app and two api instances)" npx vitest run --project cluster --reporter=default --reporter=json --outputFile.json=.test-report/vitest-cluster.json
logged "app requests (Vitest: plain HTTP to the built app and its embedded api)" npx vitest run --project app --reporter=default --reporter=json --outputFile.json=.test-report/vitest-app.json
logged "end-to-end (Chromium, JS on and off)" env PLAYWRIGHT_JSON_OUTPUT_NAME=.test-report/playwright.json npx playwright test --reporter=list,json
