# Fixer: a small runtime image, non-root (uid 10001), the database on the /data volume,
# every dependency pinned by version and sha256 (requirements.lock; see docs/operations.md).
FROM python:3.11-slim AS deps
COPY requirements.lock /tmp/requirements.lock
# --require-hashes: pip refuses any file whose hash is not in the lock, and any dependency
# the lock does not pin. --only-binary: wheels only, so nothing is built (a build would
# fetch unpinned build tools).
RUN pip install --no-cache-dir --disable-pip-version-check --require-hashes \
        --only-binary=:all: --prefix=/install -r /tmp/requirements.lock

FROM python:3.11-slim
# /backups: where a second volume for BOT_BACKUP_DIR can go (a volume mounted on a path
# the image lacks would belong to root, and the fixer user could not write it).
RUN useradd --create-home --uid 10001 fixer && mkdir -p /data /backups \
    && chown fixer /data /backups
COPY --from=deps /install /usr/local
# Fixer itself runs from its source tree (no build step, nothing unpinned), compiled
# ahead of time because the fixer user cannot write there.
COPY bot /app/bot
COPY cogs /app/cogs
COPY rules /app/rules
COPY content /app/content
RUN python -m compileall -q /app
USER fixer
WORKDIR /home/fixer
ENV PYTHONPATH=/app \
    BOT_DATABASE=/data/fixer.sqlite3 \
    PYTHONUNBUFFERED=1
VOLUME ["/data"]
# Healthy only while the bot's heartbeat (beside the database) is fresh and its gateway
# connected; the start period covers logging in and opening the database.
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["python", "-m", "bot", "health"]
ENTRYPOINT ["python", "-m", "bot"]
