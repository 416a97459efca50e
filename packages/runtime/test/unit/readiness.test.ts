import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createKnex, type Knex } from '@tapinti/platform/db';
import { createLogger } from '@tapinti/platform/logger';
import { createMemoryKeyValueStore } from '@tapinti/ports/memory-key-value-store';
import { createS3ObjectStorage } from '@tapinti/ports/s3-object-storage';
import type { ServiceDeps, ServiceModule } from '../../src/service-module';
import { createServiceApp, depsOfModule } from '../../src/start-module';

/**
 * A service's `/readyz` while object storage is down (its endpoint refuses connections): a
 * service that keeps files is not ready; one that keeps none (auth, requests, …) stays ready, so an
 * S3 outage does not take it out of the gateway's or Kubernetes' rotation.
 */
describe('readiness and object storage', () => {
  let knex: Knex;
  let deps: ServiceDeps;

  beforeAll(async () => {
    knex = await createKnex({
      driver: 'pglite',
      dataDir: path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ready-')), 'db'),
    });
    deps = {
      knex,
      kv: createMemoryKeyValueStore(),
      // Port 9 (discard) on loopback: nothing listens, the connection is refused.
      storage: createS3ObjectStorage({
        endpoint: 'http://127.0.0.1:9',
        accessKey: 'tapinti',
        secretKey: 'tapinti-secret',
        bucket: 'tapinti',
        region: 'us-east-1',
      }),
      logger: createLogger('test', 'silent'),
      config: { JWT_SECRET: 'x'.repeat(32) },
    } as unknown as ServiceDeps;
  }, 60_000);
  afterAll(async () => {
    await knex.destroy();
  });

  async function readyz(module: ServiceModule): Promise<number> {
    const app = createServiceApp(depsOfModule(module, deps), () => {});
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      return (await fetch(`http://127.0.0.1:${port}/readyz`)).status;
    } finally {
      server.close();
    }
  }

  const module = (objectStorage?: boolean) =>
    ({ name: 'x', schema: 'x', migrations: [], objectStorage }) as unknown as ServiceModule;

  it('a service that keeps files answers 503 while the store is unreachable', async () => {
    expect(await readyz(module(true))).toBe(503);
  });

  it('a service that keeps none answers 200', async () => {
    expect(await readyz(module())).toBe(200);
  });
});
