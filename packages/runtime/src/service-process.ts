import express from 'express';
import { z } from 'zod';
import { adapterConfigSchema, ConfigError, loadConfig } from '@tapinti/platform/config';
import { keepIdleConnections } from '@tapinti/platform/http';
import { createLogger } from '@tapinti/platform/logger';
import { METRICS_SERVICE_SETTING, metricsEndpoint } from '@tapinti/platform/metrics';
import { buildAdapters } from '@tapinti/ports/build-adapters';
import type { ServiceModule } from './service-module';
import { createServiceApp, depsOfModule, startModule } from './start-module';

const processConfigSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535),
  HOST: z.string().default('127.0.0.1'),
});

/** Distributed mode: one service in its own process, its adapters from validated config. */
export async function runServiceProcess(module: ServiceModule): Promise<void> {
  const logger = createLogger(module.name);
  let config;
  let listen;
  try {
    config = loadConfig(adapterConfigSchema);
    listen = loadConfig(processConfigSchema);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`[${module.name}] ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const adapters = await buildAdapters(config, logger, module.name);
  const deps = {
    ...adapters,
    config,
    logger,
    jobs: adapters.createJobQueue(module.name),
    clock: () => new Date(),
  };
  const service = await startModule(module, deps);
  // A service without an HTTP part still answers health checks on its port.
  const app = service.app ?? createServiceApp(depsOfModule(module, deps), () => {});
  app.set(METRICS_SERVICE_SETTING, module.name);
  // `/metrics` sits in front of the service app: not routed by the gateway, not in the access log.
  const root = express();
  root.disable('x-powered-by');
  root.get('/metrics', metricsEndpoint(config.METRICS_TOKEN));
  root.use(app);
  const server = root.listen(listen.PORT, listen.HOST, () =>
    logger.info({ port: listen.PORT }, `${module.name} listening`),
  );
  keepIdleConnections(server);
  const shutdown = async () => {
    logger.info('shutting down');
    server.close();
    await service.stop();
    await adapters.close();
    process.exit(0);
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}
