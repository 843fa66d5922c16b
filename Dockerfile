# One image for the API and the worker; docker-compose.yml picks the command.
FROM node:24-bookworm-slim AS deps
WORKDIR /app
# The whole tree (less .dockerignore): every workspace's package.json is needed to install.
COPY . .
RUN npm install --no-audit --no-fund

FROM deps AS build
RUN cd apps/web && npx vite build && npx vite build --ssr src/entry-server.tsx

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
# Two malloc arenas (apps/api/src/node-options.ts): less memory kept by the threads that compress
# (the API) and resize images (the worker's sharp). glibc reads it at start.
ENV MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /data && chown -R node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:3000/api/health').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "--max-semi-space-size=8", "--max-old-space-size=256", "apps/api/src/main.ts"]
