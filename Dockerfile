# syntax=docker/dockerfile:1
# The bot as an installed package: a builder stage turns the sources into a wheel, and the final
# image installs only that wheel, so what runs is what `pip install` ships (migrations included)
# and no sources, wheel or pip cache are left in any layer. Every package, the build backend
# included, comes at the version constraints.txt names: the versions the tests passed with.
#
# The base image is pinned by digest, so a rebuild gets the same system and Python. To move it
# on (a Python patch release, Debian security fixes), look up the digest of the tag you want and
# put both in BASE below, then rebuild and run the tests:
#   docker buildx imagetools inspect python:3.11-slim-bookworm    (the "Digest:" line), or
#   docker pull python:3.11-slim-bookworm && docker inspect --format '{{index .RepoDigests 0}}' python:3.11-slim-bookworm
ARG BASE=python:3.11.10-slim-bookworm@sha256:5148c0e4bbb64271bca1d3322360ebf4bfb7564507ae32dd639322e4952a6b16

FROM ${BASE} AS build
ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_CONSTRAINT=/src/constraints.txt
WORKDIR /src
COPY constraints.txt LICENSE pyproject.toml README.md ./
COPY bot ./bot
COPY engine ./engine
COPY render ./render
COPY migrations ./migrations
RUN pip wheel --no-deps --wheel-dir /wheels .

FROM ${BASE}
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_ROOT_USER_ACTION=ignore \
    DATABASE_PATH=/data/games.sqlite3
# Debian images already have a `games` user; `gamebot` is ours alone.
RUN useradd --system --uid 10001 --user-group --home-dir /data --no-create-home \
        --shell /usr/sbin/nologin gamebot \
    && mkdir /data \
    && chown gamebot:gamebot /data
# The wheel and the constraints are mounted from the builder for this one step, never copied
# into a layer.
RUN --mount=type=bind,from=build,source=/wheels,target=/wheels \
    --mount=type=bind,from=build,source=/src/constraints.txt,target=/tmp/constraints.txt \
    PIP_CONSTRAINT=/tmp/constraints.txt pip install /wheels/*.whl

USER gamebot
WORKDIR /data
VOLUME ["/data"]
# The health and metrics endpoint is on in the image (/healthz, /metrics on port 8080, published
# only where the operator maps it); the health check asks it through `python -m bot health`,
# which exits 0 only when the gateway, the database, the event loop and the outbox are well.
ENV HEALTH_PORT=8080 \
    HEALTH_HOST=0.0.0.0
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["python", "-m", "bot", "health"]
# Exec form: Python is PID 1 and gets `docker stop`'s SIGTERM itself; the bot handles it by
# letting running moves finish (up to 5 s), closing the database and exiting 0.
STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot"]
