#!/usr/bin/env bash
# Set up a virtualenv (if missing) with the test extras and run the whole test suite.
# The PostgreSQL variants run against FIXER_TEST_POSTGRES (or the local default
# postgresql://postgres@127.0.0.1:5432/test); without a server they are skipped, and
# this script says so in one line at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
.venv/bin/python -m pip install -q --disable-pip-version-check -e ".[test,bench,dev]"
status=0
.venv/bin/python -m pytest "$@" || status=$?
if ! .venv/bin/python -c "from tests.pg import pg_available; raise SystemExit(not pg_available())"; then
  echo "note: PostgreSQL tests were SKIPPED (no server answered); to run them, set" \
    "FIXER_TEST_POSTGRES=postgresql://USER@HOST:PORT/DB and run scripts/test.sh again"
fi
exit "$status"
