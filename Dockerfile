# The fleet back-office: the Remix app and, by default, the embedded reference api on SQLite.
# Build:  docker build -t fleet-backoffice .
# Run:    docker run --restart unless-stopped -p 3000:3000 -v fleet-data:/app/data -e SESSION_SECRET=<long random> \
#           -e ADMIN_PASSWORD=<8+ characters> -e PUBLIC_URL=https://fleet.example.co.id fleet-backoffice
# No demo data and no default password (DEMO_DATA=false): an empty database gets only the `admin` user
# with ADMIN_PASSWORD, and without one the container stops with a line saying so. ADMIN_PASSWORD is
# needed only for that first start (an existing database keeps its users).
# Against the company's own upstream: add -e UPSTREAM_API_URL=https://api.example.co.id
# Keeping it running: the container's process is scripts/start.mjs, which starts the app
# (build/app-server.js, bundled from server/ by `npm run build`) and the embedded api, and starts
# each again whenever it stops, after a growing delay (0.5 s doubling to 30 s), the other one going on.
# Should start.mjs itself end, Docker's restart policy brings the container back: run it with
# `--restart unless-stopped` (compose: `restart: unless-stopped`).

# 1. dependencies (better-sqlite3 is compiled here, so the build image has the toolchain)
FROM node:20-bookworm-slim AS deps
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# patch-package applies patches/ at install (postinstall; scripts/patches.mjs says why).
COPY patches ./patches
RUN npm install --no-audit --no-fund

# 2. build the app
FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev

# 3. runtime: no toolchain, non-root, data on a volume
FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000 API_PORT=3001 DEMO_DATA=false \
    DATABASE_URL=file:/app/data/app.db UPLOADS_DIR=/app/data/uploads
WORKDIR /app
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/api ./api
COPY --from=build --chown=node:node /app/scripts ./scripts
COPY --from=build --chown=node:node /app/public ./public
COPY --from=build --chown=node:node /app/package.json ./package.json
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# node itself (not npm) as the container's first process: SIGTERM from `docker stop` reaches
# start.mjs, which stops both children.
CMD ["node", "scripts/start.mjs"]
