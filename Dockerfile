# One image for the gateway and every service; docker-compose.yml and the Kubernetes manifests pick the
# entry per container (node dist/server/<name>.js). Multi-stage: the final stage holds the built code
# (dist/server: the server bundles; web/dist: the SPA), the production dependencies the bundles load
# (node_modules, no dev dependencies) and runs as the non-root user `node`.
# NODE_IMAGE: the public image by default; infra/images/build.sh passes the locally built one.
ARG NODE_IMAGE=node:20.20.2-bookworm-slim

# The package manifests alone, so that `npm ci` is redone only when one of them changed.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir /manifests \
  && find . -name node_modules -prune -o \( -name package.json -o -name package-lock.json \) -print \
  | tar -cf - -T - | tar -xf - -C /manifests

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY --from=manifests /manifests/ ./
# --ignore-scripts: as npm 11 on the developers' machines (install scripts not approved); the native
# modules load their bundled prebuilt binaries (argon2), nothing is compiled. A build behind a
# TLS-inspecting proxy passes its CA bundle as the secret `ca` (infra/images/build.sh does:
# --secret id=ca,src=/etc/ssl/certs/ca-certificates.crt); without it npm uses its own.
RUN --mount=type=cache,target=/root/.npm --mount=type=secret,id=ca \
  if [ -s /run/secrets/ca ]; then export npm_config_cafile=/run/secrets/ca; fi \
  && npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN npm run build

# What the bundles load at run time: the production dependencies (the workspace packages are inside
# the bundles). From the manifests alone, so a source change does not redo it.
# argon2 is compiled here: its prebuilt linux-x64 binary crashes (SIGSEGV) on load on some x86-64 CPUs.
FROM ${NODE_IMAGE} AS production-dependencies
RUN apt-get update -q && apt-get install -y -q --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm --mount=type=secret,id=ca \
  if [ -s /run/secrets/ca ]; then export npm_config_cafile=/run/secrets/ca; fi \
  && npm ci --omit=dev --no-audit --no-fund --ignore-scripts \
  && npm rebuild argon2 --build-from-source \
  && node -e "require('argon2')" \
  && rm -rf node_modules/@tapinti

FROM ${NODE_IMAGE}
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0
# A 4 MB young generation, as `npm run stack` runs the built code (bench/README.md, idle memory).
ENV NODE_OPTIONS=--max-semi-space-size=4
COPY --from=build /app/package.json ./
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /app/dist/server ./dist/server
COPY --from=build /app/web/dist ./web/dist
COPY infra/images/s3-bucket.cjs ./infra/s3-bucket.cjs
USER node
EXPOSE 8080
CMD ["node", "dist/server/gateway.js"]
