#!/usr/bin/env bash
# Set up a virtualenv (if missing) with the test extras and run the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
.venv/bin/python -m pip install -q --disable-pip-version-check -e ".[test,bench,dev]"
.venv/bin/python -m pytest "$@"
