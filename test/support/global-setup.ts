import { selectedModes, startPlatform, writeSharedPlatforms, type Platform } from './platform';

declare global {
  var __TAPINTI_PLATFORMS__: Platform[] | undefined;
}

/**
 * Starts one shared platform per mode for the integration suites. `TEST_SHARED_PLATFORMS=none`: a
 * run of suites that start their own only (npm test's kafka-outage stage) starts none.
 */
export default async function globalSetup() {
  if (process.env.TEST_SHARED_PLATFORMS === 'none') return;
  const platforms = await Promise.all(
    selectedModes().map((mode) => startPlatform(mode, { name: `shared-${mode}-${Date.now().toString(36)}` })),
  );
  globalThis.__TAPINTI_PLATFORMS__ = platforms;
  // `services`: each service's own URL in distributed mode (its `/metrics`, read by `caughtUp`).
  writeSharedPlatforms(platforms.map(({ mode, url, env, services }) => ({ mode, url, env, services })));
}
