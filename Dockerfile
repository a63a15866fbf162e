# Reptile Basics shop: a build stage (dependencies, browser assets) and a runtime stage that holds only
# what the server runs: its own source files (no tests, no scripts), the built assets and the npm
# packages main.ts imports (no esbuild, Tailwind, Playwright or drizzle-kit). Runs as the `deno` user.
#   docker build -t reptile-shop .
#   docker run -p 8000:8000 -e DATABASE_URL=postgres://... -e SITE_URL=https://shop.example reptile-shop
#   docker compose up   (the shop with PostgreSQL 16: see compose.yaml)
ARG DENO_VERSION=2.9.6

FROM denoland/deno:debian-${DENO_VERSION} AS build
WORKDIR /src
COPY deno.json deno.lock ./
RUN deno install --frozen
COPY . .
RUN deno task build
# The runtime tree (scripts/runtime_tree.ts: the server's own folders and built assets, no tests or
# scripts, and a deno.json naming only the npm packages in main.ts's module graph), then a fresh
# cache with only those packages, at the versions deno.lock pins. tests/http/container_test.ts
# builds the same tree and starts it with this file's CMD.
RUN deno run -A scripts/runtime_tree.ts /app
WORKDIR /app
RUN DENO_DIR=/deno-runtime deno install --entrypoint main.ts

FROM denoland/deno:debian-${DENO_VERSION}
WORKDIR /app
# A container is a live shop unless told otherwise: no demo accounts with published passwords.
# `docker run -e SEED_DEMO=true -e TEST_PAYMENTS=true ...` gives the demo shop for a trial.
ENV NODE_ENV=production \
    DENO_DIR=/deno-runtime \
    DENO_NO_UPDATE_CHECK=1 \
    SEED_DEMO=false \
    PORT=8000 \
    PGLITE_DIR=/app/data/pglite \
    MEDIA_DIR=/app/data/media
COPY --from=build --chown=deno:deno /deno-runtime /deno-runtime
COPY --from=build --chown=deno:deno /app /app
RUN mkdir -p /app/data/media /app/data/pglite && chown -R deno:deno /app/data
# The embedded database (when DATABASE_URL is unset) and uploaded images (unless S3_* is set).
VOLUME /app/data
USER deno
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=3s --start-period=60s --retries=3 \
  CMD ["deno", "eval", "const r = await fetch('http://127.0.0.1:8000/healthz'); Deno.exit(r.ok ? 0 : 1)"]
# Deno Deploy's permissions plus writes to the data volume only (no FFI, no subprocesses; the assets are built).
CMD ["deno", "run", "--v8-flags=--memory-reducer-delay-ms=1000", "--cached-only", "--allow-net", "--allow-env", "--allow-read", "--allow-sys", "--allow-write=/app/data", "main.ts"]
