# Production image: builds every app and serves them from the API process on one port.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm install --no-audit --no-fund && npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app /app
VOLUME /data
EXPOSE 3000
CMD ["node", "--max-semi-space-size=64", "apps/api/dist/main.js"]
