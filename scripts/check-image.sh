#!/usr/bin/env bash
# What the Dockerfile does, checked without Docker: a fresh Python with nothing installed
# stands for python:3.11-slim; its pip runs the Dockerfile's install command word for word
# (no pip configuration of this machine, so only the registry and the lock's hashes
# count); Fixer's source is copied and compiled as in the image. Then, with only those
# dependencies, `python -m bot` runs against a fake Discord and `python -m bot health`
# answers as the HEALTHCHECK would: 0 while connected, 1 once the bot stopped.
# Needs network access to the package registry, and .venv (scripts/test.sh) for the fake.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
PY=${PYTHON:-python3}
WORK=$(mktemp -d)
cleanup() {
  [ -n "${BOT_PID:-}" ] && kill "$BOT_PID" 2>/dev/null || true
  [ -n "${FAKE_PID:-}" ] && kill "$FAKE_PID" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

echo "== the deps stage: pip install --require-hashes -r requirements.lock"
"$PY" -m venv "$WORK/python"
cp requirements.lock "$WORK/requirements.lock"
env -u PIP_FIND_LINKS -u PIP_INDEX_URL -u PIP_EXTRA_INDEX_URL PIP_CONFIG_FILE=/dev/null \
  "$WORK/python/bin/pip" install -q --no-cache-dir --disable-pip-version-check --require-hashes \
  --only-binary=:all: --prefix="$WORK/install" -r "$WORK/requirements.lock"

echo "== the runtime stage: the source tree, compiled"
mkdir -p "$WORK/app" "$WORK/data" "$WORK/home"
cp -r bot cogs rules content "$WORK/app/"
find "$WORK/app" -name __pycache__ -prune -exec rm -rf {} +
"$WORK/python/bin/python" -m compileall -q "$WORK/app"
IMAGE_PATH="$WORK/app:$(echo "$WORK"/install/lib/python3*/site-packages)"
IMG=("env" "-i" "PATH=/usr/bin:/bin" "PYTHONPATH=$IMAGE_PATH" "BOT_DATABASE=$WORK/data/fixer.sqlite3"
     "PYTHONUNBUFFERED=1" "$WORK/python/bin/python")
cd "$WORK/home"  # `python -m` puts the working directory first on sys.path

"${IMG[@]}" -m bot --help >/dev/null
if "${IMG[@]}" -m bot health; then echo "FAIL: healthy with no bot running"; exit 1; fi

echo "== python -m bot against a fake Discord, and the HEALTHCHECK"
coproc FAKE { cd "$ROOT" && exec .venv/bin/python -m tests.ops.fake_server; }
read -r API GATEWAY TOKEN <&"${FAKE[0]}"
# The image's Python and dependencies; only the fake's two addresses come from tests/.
env -i PATH=/usr/bin:/bin PYTHONPATH="$IMAGE_PATH:$ROOT" BOT_DATABASE="$WORK/data/fixer.sqlite3" \
  DISCORD_TOKEN="$TOKEN" "$WORK/python/bin/python" -m tests.ops.fake_child "$API" "$GATEWAY" \
  2>"$WORK/bot.log" &
BOT_PID=$!
for _ in $(seq 100); do
  if "${IMG[@]}" -m bot health >/dev/null 2>&1; then break; fi
  sleep 0.2
done
"${IMG[@]}" -m bot health || { cat "$WORK/bot.log"; exit 1; }
kill -TERM "$BOT_PID"
wait "$BOT_PID"
BOT_PID=
if "${IMG[@]}" -m bot health; then echo "FAIL: healthy after the bot stopped"; exit 1; fi
grep -q "Traceback" "$WORK/bot.log" && { cat "$WORK/bot.log"; exit 1; }
echo "OK: the image's steps install from the lock and the healthcheck answers"
