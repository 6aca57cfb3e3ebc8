# The README's production recipe, in two stages. The build stage installs as production does, from the
# first command (NODE_ENV=production: the compiler and its type packages are production dependencies, the
# test and lint tools are left out), and compiles. The image keeps what runs: node_modules, dist/, and the
# package and Procfile, whose commands are the ones docker-compose.yml runs.
FROM node:24.21.0-bookworm-slim AS build
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY api ./api
COPY shared ./shared
COPY workers ./workers
COPY scripts ./scripts
RUN npm run build

FROM node:24.21.0-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json Procfile ./
USER node
EXPOSE 3000
# The web process by default; the release and worker processes are the Procfile's other commands.
CMD ["node_modules/.bin/node", "--max-semi-space-size=16", "--initial-old-space-size=128", "--max-old-space-size=512", "dist/api/server.js"]
