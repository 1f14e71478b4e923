# syntax=docker/dockerfile:1
# Production image of the whole product (API, shell and micro-frontends on one port). Two stages: the build
# (npm ci with dev dependencies, the Nx build, then the dev dependencies pruned) and the runtime (the built files and
# production dependencies only, as the unprivileged user `node`). See docs/operations.md.
ARG NODE_IMAGE=node:20.20.2-bookworm-slim

FROM ${NODE_IMAGE} AS build
# swagger-ui-dist's dependency @scarf/scarf reports installs unless told not to.
ENV SCARF_ANALYTICS=false
# re2 compiles from source when no prebuilt binary matches.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ ca-certificates \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/shell/package.json apps/shell/
COPY apps/mfe-inbox/package.json apps/mfe-inbox/
COPY apps/mfe-admin/package.json apps/mfe-admin/
COPY apps/mfe-settings/package.json apps/mfe-settings/
COPY libs/contracts/package.json libs/contracts/
COPY libs/ui/package.json libs/ui/
COPY libs/api-client/package.json libs/api-client/
COPY libs/web-store/package.json libs/web-store/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/libs/contracts/package.json libs/contracts/
COPY --from=build /app/libs/contracts/dist libs/contracts/dist
COPY --from=build /app/libs/ui/package.json libs/ui/
COPY --from=build /app/libs/api-client/package.json libs/api-client/
COPY --from=build /app/libs/web-store/package.json libs/web-store/
COPY --from=build /app/apps/api/package.json apps/api/
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/shell/package.json apps/shell/
COPY --from=build /app/apps/shell/dist apps/shell/dist
COPY --from=build /app/apps/mfe-inbox/package.json apps/mfe-inbox/
COPY --from=build /app/apps/mfe-inbox/dist apps/mfe-inbox/dist
COPY --from=build /app/apps/mfe-admin/package.json apps/mfe-admin/
COPY --from=build /app/apps/mfe-admin/dist apps/mfe-admin/dist
COPY --from=build /app/apps/mfe-settings/package.json apps/mfe-settings/
COPY --from=build /app/apps/mfe-settings/dist apps/mfe-settings/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Liveness of the process itself (Node's fetch: the slim image has no curl); readiness is GET /api/health/ready.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--max-semi-space-size=64", "apps/api/dist/main.js"]
