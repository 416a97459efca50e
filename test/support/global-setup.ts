import { selectedModes, startPlatform, writeSharedPlatforms, type Mode, type Platform } from './platform';

declare global {
  var __TAPINTI_PLATFORMS__: Platform[] | undefined;
}

/**
 * Starts one shared platform per mode for the integration suites. `TEST_SHARED_PLATFORMS=none`: a
 * run of suites that start their own only (npm test's kafka-outage stage) starts none.
 */
export default async function globalSetup() {
  if (process.env.TEST_SHARED_PLATFORMS === 'none') return;
  await startSharedPlatforms('integration', selectedModes());
}

/** Starts the project's shared platforms and writes where they answer (`sharedPlatforms`). */
export async function startSharedPlatforms(project: 'integration' | 'e2e', modes: Mode[]) {
  const platforms = await Promise.all(
    modes.map((mode) =>
      startPlatform(mode, { name: `shared-${project}-${mode}-${Date.now().toString(36)}` }),
    ),
  );
  globalThis.__TAPINTI_PLATFORMS__ = platforms;
  // `services`: each service's own URL in distributed mode (its `/metrics`, read by `caughtUp`).
  writeSharedPlatforms(
    platforms.map(({ mode, url, env, services }) => ({ mode, url, env, services })),
    project,
  );
}
