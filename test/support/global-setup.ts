import { selectedModes, startPlatform, writeSharedPlatforms, type Platform } from './platform';

declare global {
  var __TAPINTI_PLATFORMS__: Platform[] | undefined;
}

/** Starts one shared platform per mode for the integration suites. */
export default async function globalSetup() {
  const platforms = await Promise.all(
    selectedModes().map((mode) => startPlatform(mode, { name: `shared-${mode}-${Date.now().toString(36)}` })),
  );
  globalThis.__TAPINTI_PLATFORMS__ = platforms;
  writeSharedPlatforms(platforms.map(({ mode, url, env }) => ({ mode, url, env })));
}
