# syntax=docker/dockerfile:1
# Kizuna's container image: the compiled server on Node 24 (the primary LTS line), production
# dependencies only, the downloader's engines, a non-root user under an init process.
#   docker build -t kizuna .
#   docker run -p 3000:3000 -v kizuna-data:/data kizuna
# A current yt-dlp (Debian's lags behind the sites): --build-arg YTDLP_RELEASE=latest (or a date tag).

ARG NODE_VERSION=24.21.0

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim
ARG YTDLP_RELEASE=
# The same script CI runs (.ci/run), so CI proves these steps.
COPY scripts/install-engines.sh /tmp/install-engines.sh
RUN YTDLP_RELEASE="${YTDLP_RELEASE}" bash /tmp/install-engines.sh \
 && rm -rf /var/lib/apt/lists/* /tmp/install-engines.sh

WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
# As `npm start`: young-generation halves of at most 8 MB (V8 would grow them to 64 MB on a large
# host), and gc exposed so that the server shrinks them back once start-up is over
# (src/lib/collect-garbage-soon.ts, docs/benchmarks.md).
ENV NODE_OPTIONS="--max-semi-space-size=8 --expose-gc"
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/web/dist ./web/dist
COPY --from=build /app/config ./config
# The conventions page of the API reference (/docs) is read from here at start.
COPY --from=build /app/docs/api-conventions.md ./docs/api-conventions.md
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist/server.js"]
