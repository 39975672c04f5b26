# syntax=docker/dockerfile:1
# The bot as an installed package: a builder stage turns the sources into a wheel, and the final
# image installs only that wheel, so what runs is what `pip install` ships (migrations included)
# and no sources, wheel or pip cache are left in any layer.

FROM python:3.11-slim AS build
ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /src
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY engine ./engine
COPY render ./render
COPY migrations ./migrations
RUN pip wheel --no-deps --wheel-dir /wheels .

FROM python:3.11-slim
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
# The wheel is mounted from the builder for this one step, never copied into a layer.
RUN --mount=type=bind,from=build,source=/wheels,target=/wheels \
    pip install /wheels/*.whl

USER gamebot
WORKDIR /data
VOLUME ["/data"]
# Exec form: Python is PID 1 and gets `docker stop`'s SIGTERM itself; the bot handles it by
# letting running moves finish (up to 5 s), closing the database and exiting 0.
STOPSIGNAL SIGTERM
CMD ["python", "-m", "bot"]
