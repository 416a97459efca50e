import type { SharedConfig } from '@tapinti/platform/config';

/**
 * Where links in e-mails point: `PUBLIC_URL`, else the gateway on this machine. In embedded mode
 * (one process, in-memory bus) `PORT` is the gateway's; a distributed service process listens on
 * its own port, so the gateway's default, 8080, is assumed there (set PUBLIC_URL in any real
 * deployment). The organizations service words its invitation links the same way.
 */
export function publicUrlOf(
  config: Pick<SharedConfig, 'PUBLIC_URL' | 'BUS'>,
  env: NodeJS.ProcessEnv = process.env,
): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  const port = config.BUS === 'memory' && env.PORT ? env.PORT : '8080';
  return `http://127.0.0.1:${port}`;
}
