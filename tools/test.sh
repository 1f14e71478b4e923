#!/usr/bin/env bash
# The whole test suite: static checks, unit and integration tests (jest, real Postgres),
# browser tests (Playwright driving Debian's Chromium against the real stack).
# Prints a closing line 'tests: N passed, N failed'.
set -uo pipefail
cd "$(dirname "$0")/.."
export NX_DAEMON=false NX_NO_CLOUD=true NX_SKIP_NX_CACHE=${NX_SKIP_NX_CACHE:-false} CI=${CI:-true}
results_dir=$(mktemp -d)
status=0
step() { echo; echo "==> $*"; }

step "test dependencies (Chromium, Dovecot)"
bash tools/ensure-test-deps.sh || { echo "could not install test dependencies"; exit 1; }

step "build"
npm run build || exit 1

step "lint, format, type check"
npm run lint || status=1
npm run format:check || status=1
npm run typecheck || status=1

step "unit and integration tests (jest)"
npx jest --config jest.config.js --json --outputFile="$results_dir/jest.json" || status=1

step "browser tests (Playwright + Chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$results_dir/e2e.json" npx playwright test -c e2e/playwright.config.ts --reporter=list,json || status=1

node tools/test-summary.mjs "$results_dir/jest.json" "$results_dir/e2e.json" || status=1
rm -rf "$results_dir"
exit $status
