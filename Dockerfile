# Fixer: small runtime image, non-root, database on a volume.
FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml README.md ./
COPY bot bot
COPY cogs cogs
COPY rules rules
COPY content content
RUN pip install --no-cache-dir --prefix=/install .

FROM python:3.11-slim
RUN useradd --create-home --uid 10001 fixer && mkdir -p /data && chown fixer /data
COPY --from=build /install /usr/local
USER fixer
WORKDIR /home/fixer
ENV BOT_DATABASE=/data/fixer.sqlite3 \
    PYTHONUNBUFFERED=1
VOLUME ["/data"]
ENTRYPOINT ["python", "-m", "bot"]
