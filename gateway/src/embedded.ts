import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { adapterConfigSchema, ConfigError, loadConfig, publicUrlOf } from '@tapinti/platform/config';
import { keepIdleConnections } from '@tapinti/platform/http';
import { createLogger } from '@tapinti/platform/logger';
import { makeDataDirPrivate, writePrivateFile } from '@tapinti/platform/private-data-dir';
import { buildAdapters } from '@tapinti/ports/build-adapters';
import { startModule } from '@tapinti/runtime/start-module';
import type { RunningService } from '@tapinti/runtime/service-module';
import { createGatewayApp } from './gateway-app';
import { SERVICE_NAMES, type ServiceName } from '@tapinti/runtime/service-manifest';
import { SERVICE_MODULES } from './service-modules';

/** A signing secret kept with the data, so sessions survive a restart without any setup. */
function ensureJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writePrivateFile(file, secret);
  return secret;
}

export interface EmbeddedPlatform {
  url: string;
  server: Server;
  stop(): Promise<void>;
}

/**
 * Embedded mode: every service in this one process on PGlite, the memory bus and jobs, sessions
 * in the database, files on disk. Each service's app is mounted through the same route table the distributed gateway uses.
 */
export async function startEmbedded(env: NodeJS.ProcessEnv = process.env): Promise<EmbeddedPlatform> {
  const dataDir = path.resolve(env.DATA_DIR ?? './.data');
  // Everything this process writes (PGlite's files, photos, mail, secrets) is the owner's alone;
  // what an earlier run left looser is tightened.
  process.umask(0o077);
  makeDataDirPrivate(dataDir);
  const merged = {
    ...env,
    DATA_DIR: dataDir,
    JWT_SECRET: env.JWT_SECRET || ensureJwtSecret(dataDir),
    // Sessions and throttling counters in PGlite next to the data, so a restart signs nobody out.
    KV_STORE: env.KV_STORE ?? 'database',
  };
  const config = loadConfig(adapterConfigSchema, merged);
  const port = Number(env.PORT ?? 8080);
  const host = env.HOST ?? '127.0.0.1';
  const logger = createLogger('tapinti', config.LOG_LEVEL);
  const adapters = await buildAdapters(config, logger, 'tapinti-embedded');

  const running = {} as Record<ServiceName, RunningService>;
  for (const name of SERVICE_NAMES) {
    running[name] = await startModule(SERVICE_MODULES[name], {
      ...adapters,
      config,
      logger: logger.child({ service: name }),
      jobs: adapters.createJobQueue(name),
      clock: () => new Date(),
    });
  }

  let url = '';
  const app = createGatewayApp({
    logger,
    upstreams: Object.fromEntries(
      SERVICE_NAMES.flatMap((n) => (running[n].app ? [[n, running[n].app]] : [])),
    ) as never,
    ready: async () => {
      await Promise.all(SERVICE_NAMES.map((n) => running[n].ready()));
    },
    webDir: path.resolve(env.WEB_DIR ?? path.join(__dirname, '../../web/dist')),
    // One registry for the process: the gateway's and every service's series, by `service`/`upstream`.
    metricsToken: config.METRICS_TOKEN,
    mapTileUrl: config.MAP_TILE_URL,
    clientLimits: config,
    // The services answer through this very gateway's route table (its address is known once it listens).
    sharePages: {
      publicUrl: publicUrlOf(config, env),
      readApi: (apiPath) => fetch(`${url}${apiPath}`, { signal: AbortSignal.timeout(10_000) }),
    },
  });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(port, host, () => resolve(s));
    keepIdleConnections(s);
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${actualPort}`;
  return {
    url,
    server,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      for (const name of [...SERVICE_NAMES].reverse()) await running[name].stop();
      await adapters.close();
    },
  };
}

if (require.main === module) {
  startEmbedded()
    .then((platform) => {
      console.log(`Tapıntı is running at ${platform.url}`);
      const stop = () => void platform.stop().then(() => process.exit(0));
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    })
    .catch((err) => {
      console.error(err instanceof ConfigError ? err.message : err);
      process.exit(1);
    });
}
