# One image for every service and the gateway; docker-compose.yml picks the entry per container.
# `npm run build` builds the web app and the server code (dist/server/<name>.js, plain JavaScript).
FROM node:20-bookworm-slim
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build
ENV NODE_ENV=production HOST=0.0.0.0
# A 4 MB young generation, as `npm run stack` runs the built code (bench/README.md, idle memory).
ENV NODE_OPTIONS=--max-semi-space-size=4
USER node
EXPOSE 8080
CMD ["node", "dist/server/gateway.js"]
