# Keel's server and web app in one image: `docker build -t keel .` (docs/deploy.md).
FROM node:22-bookworm-slim

WORKDIR /app
# Dependencies first, so a change to the sources does not reinstall them.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
COPY patches patches/
RUN npm ci --no-audit --no-fund

COPY . .
# The web app (apps/web/dist) and the server as plain JavaScript (apps/server/dist).
RUN npm run build

# The embedded database's files, when no COUCHDB_URL is given (a single instance only).
RUN mkdir /data && chown node:node /data
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 KEEL_DATA_DIR=/data
VOLUME /data
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Node itself is PID 1, so `docker stop`'s SIGTERM reaches the server, which ends its live
# requests and exits within 8 s.
CMD ["node", "--enable-source-maps", "apps/server/dist/server.js"]
