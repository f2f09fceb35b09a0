#!/usr/bin/env bash
# Regenerate requirements.lock: the exact versions and sha256 hashes of every runtime
# dependency (and theirs) that the Docker image installs, resolved from pyproject.toml's
# ranges. Run it after changing [project] dependencies, and now and then to take upgrades:
#
#   scripts/lock.sh             keep the current pins where the ranges still allow them
#   scripts/lock.sh --upgrade   move every pin to the newest version the ranges allow
#
# Then commit pyproject.toml and requirements.lock together (tests/ops/test_lock.py checks
# they agree). The resolver is uv's `pip compile`, installed once into its own venv.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
UV_VERSION=0.13.9
TOOLS=${FIXER_LOCK_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/fixer-lock-tools}
if ! "$TOOLS/bin/uv" --version 2>/dev/null | grep -q " $UV_VERSION"; then
  "$PY" -m venv "$TOOLS"
  "$TOOLS/bin/pip" install -q --disable-pip-version-check "uv==$UV_VERSION"
fi
# --no-config: no uv.toml of the machine changes the result. --universal with the image's
# Python: one lock valid for every platform the image is built on (amd64, arm64).
exec "$TOOLS/bin/uv" pip compile pyproject.toml \
  --no-config --universal --python-version 3.11 --generate-hashes \
  --custom-compile-command "scripts/lock.sh" \
  --output-file requirements.lock "$@"
