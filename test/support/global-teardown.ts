export default async function globalTeardown() {
  await Promise.all((globalThis.__TAPINTI_PLATFORMS__ ?? []).map((p) => p.stop()));
}
