import fs from 'node:fs';
import path from 'node:path';
import { replicasOf, SERVICE_MANIFEST, upstreamUrlVariable } from '../../src/service-manifest';

const ROOT = path.resolve(__dirname, '../../../..');

describe('the service manifest', () => {
  it('names each service, port and prefix once, and each service has the template layout', () => {
    const names = SERVICE_MANIFEST.map((s) => s.name);
    const ports = SERVICE_MANIFEST.flatMap((s) => replicasOf(s).map((r) => r.port));
    const prefixes = SERVICE_MANIFEST.flatMap((s) => [...s.prefixes]);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set([...ports, 8080]).size).toBe(ports.length + 1);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    for (const name of names) {
      expect(name).toMatch(/^[a-z][a-z0-9-]*$/);
      for (const file of ['package.json', 'src/module.ts', 'src/main.ts'])
        expect([name, fs.existsSync(path.join(ROOT, 'services', name, file))]).toEqual([name, true]);
    }
  });

  it('derives the gateway variable and the replicas’ processes from the name', () => {
    expect(upstreamUrlVariable('pickup-points')).toBe('PICKUP_POINTS_URL');
    expect(replicasOf({ name: 'pickup-points', port: 8107, replicas: 2, prefixes: [] })).toEqual([
      { process: 'pickup-points', replica: 1, port: 8107 },
      { process: 'pickup-points@2', replica: 2, port: 9107 },
    ]);
  });
});
