# A small image that runs the bot as a non-root user; games live on the /data volume.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    DATABASE_PATH=/data/games.sqlite3

WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY engine ./engine
COPY render ./render
COPY migrations ./migrations
RUN pip install . \
    && useradd --system --uid 10001 --home-dir /app --shell /usr/sbin/nologin games \
    && mkdir -p /data && chown games /data

USER games
VOLUME ["/data"]
CMD ["python", "-m", "bot"]
