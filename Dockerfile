# Reptile Basics shop: a two-stage image that runs as the unprivileged `deno` user.
#   docker build -t reptile-shop .
#   docker run -p 8000:8000 -e DATABASE_URL=postgres://... -e SITE_URL=https://shop.example reptile-shop
ARG DENO_VERSION=2.9.6

FROM denoland/deno:debian-${DENO_VERSION} AS build
WORKDIR /app
COPY deno.json deno.lock ./
RUN deno install --frozen
COPY . .
RUN deno task build && deno cache main.ts

FROM denoland/deno:debian-${DENO_VERSION}
WORKDIR /app
# A container is a live shop unless told otherwise: no demo accounts with published passwords.
# `docker run -e SEED_DEMO=true ...` gives the demo shop for a trial.
ENV NODE_ENV=production \
    SEED_DEMO=false \
    PORT=8000 \
    PGLITE_DIR=/app/data/pglite
COPY --from=build --chown=deno:deno /deno-dir /deno-dir
COPY --from=build --chown=deno:deno /app /app
RUN mkdir -p /app/data && chown deno:deno /app/data
USER deno
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=3s --start-period=30s \
  CMD ["deno", "eval", "const r = await fetch('http://127.0.0.1:8000/readyz'); Deno.exit(r.ok ? 0 : 1)"]
CMD ["deno", "run", "--allow-net", "--allow-env", "--allow-read", "--allow-write", "--allow-ffi", "--allow-run", "--allow-sys", "main.ts"]
