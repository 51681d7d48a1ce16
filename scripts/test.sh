#!/usr/bin/env bash
# Every test of the project, as CI runs it (.ci/run): typecheck, lint, unit and api contract tests
# (Vitest), then a production build and the end-to-end tests in Debian's Chromium (Playwright),
# with JavaScript on and off. Installs Debian's Chromium first when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  echo "[test] installing Debian's chromium (needs root and apt)"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

echo "[test] typecheck"; npx tsc --noEmit
echo "[test] lint"; npx eslint . --max-warnings=0
echo "[test] unit + api contract"; npx vitest run
echo "[test] build"; npx remix vite:build >/dev/null
echo "[test] end-to-end (Chromium, JS on and off)"; npx playwright test
