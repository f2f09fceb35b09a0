#!/usr/bin/env bash
# The house rules CI enforces: ruff's lint and format, and mypy (strict on every package).
# Run after scripts/test.sh (or any install of the dev extras) has created .venv.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
echo "== ruff check"
"$PY" -m ruff check .
echo "== ruff format --check"
"$PY" -m ruff format --check .
echo "== mypy"
"$PY" -m mypy
