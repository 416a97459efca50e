# One image for every service and the gateway; docker-compose.yml picks the entry per container.
# `npm run build` builds the web app and the server code (dist/server/<name>.js, plain JavaScript).
FROM node:20-bookworm-slim
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build
ENV NODE_ENV=production HOST=0.0.0.0
USER node
EXPOSE 8080
CMD ["node", "dist/server/gateway.js"]
