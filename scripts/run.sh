#!/usr/bin/env bash
# Set up a virtualenv (if missing) and run Fixer: `scripts/run.sh` starts the Discord bot
# (needs DISCORD_TOKEN); any arguments go to `python -m bot` (e.g. `scripts/run.sh play`).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
if ! .venv/bin/python -c "import bot, discord, aiosqlite, pydantic" 2>/dev/null; then
  .venv/bin/python -m pip install -q --disable-pip-version-check -e .
fi
exec .venv/bin/python -m bot "$@"
