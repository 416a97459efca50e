// The server code as plain JavaScript for production (npm start, npm run stack, the Docker image, the
// bench): each entry bundled by esbuild with the workspace packages (@tapinti/*, TypeScript sources)
// into dist/server/<name>.js; third-party packages stay external (native modules, PGlite's wasm files)
// and load from node_modules. `tsx` stays for development and tests. Without the loader each process
// carries no TypeScript compiler and no esbuild child (see README, performance).
//
// node scripts/build-server.mjs           builds
// node scripts/build-server.mjs --if-stale builds only when dist/server is missing or older than a source
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_DIST = path.join(ROOT, 'dist', 'server');
const METAFILE = path.join(SERVER_DIST, 'meta.json');
// Generated from the service manifest (packages/runtime/src/service-manifest.ts, npm run generate).
const MANIFEST = 'infra/local/services.generated.json';
const SERVICES = JSON.parse(fs.readFileSync(path.join(ROOT, MANIFEST), 'utf8')).services.map((s) => s.name);

/** name → source entry; the built file is dist/server/<name>.js (see `serverEntry`). */
export const SERVER_ENTRIES = {
  gateway: 'gateway/src/main.ts',
  embedded: 'gateway/src/embedded.ts',
  ...Object.fromEntries(SERVICES.map((s) => [s, `services/${s}/src/main.ts`])),
};

/** The built file of one entry, relative to the repository root (what `node` runs). */
export const serverEntry = (name) => `dist/server/${name}.js`;

// Files whose change makes a build stale besides the bundled sources (dependency versions, this script).
const BUILD_INPUTS = ['package.json', 'package-lock.json', 'scripts/build-server.mjs', MANIFEST];

/**
 * Every bundle lives in dist/server, two levels below the root, so a source's `__dirname` (e.g. the
 * gateway's default `web/dist`) is rewritten to the same place relative to the bundle.
 */
const sourceDirname = {
  name: 'source-dirname',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await fs.promises.readFile(args.path, 'utf8');
      if (!/\b__(dirname|filename)\b/.test(source)) return { contents: source, loader: 'ts' };
      const fromBundle = (p) => JSON.stringify(path.relative(SERVER_DIST, p).split(path.sep).join('/'));
      const contents = source
        .replace(
          /\b__dirname\b/g,
          `require('node:path').join(__dirname, ${fromBundle(path.dirname(args.path))})`,
        )
        .replace(/\b__filename\b/g, `require('node:path').join(__dirname, ${fromBundle(args.path)})`);
      return { contents, loader: 'ts' };
    });
  },
};

/** Bare imports other than the workspace's own packages load from node_modules at run time. */
const thirdPartyExternal = {
  name: 'third-party-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@tapinti/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer() {
  // Built beside and then swapped in, so a process starting meanwhile never loads half a build.
  const staging = `${SERVER_DIST}.${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  // Loaded here: running an up-to-date build needs no build tool installed.
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: Object.entries(SERVER_ENTRIES).map(([out, input]) => ({ in: input, out })),
    outdir: staging,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    // Error and class names stay readable in logs.
    keepNames: true,
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    plugins: [sourceDirname, thirdPartyExternal],
  });
  fs.writeFileSync(
    path.join(staging, path.basename(METAFILE)),
    JSON.stringify({ inputs: Object.keys(result.metafile.inputs) }),
  );
  fs.rmSync(SERVER_DIST, { recursive: true, force: true });
  try {
    fs.renameSync(staging, SERVER_DIST);
  } catch (err) {
    // Another build of the same sources swapped its own in first: keep that one.
    fs.rmSync(staging, { recursive: true, force: true });
    if (!fs.existsSync(METAFILE)) throw err;
  }
}

/** True when a bundled source, a dependency version or this script changed since the last build. */
export function serverBuildIsStale() {
  if (!fs.existsSync(METAFILE)) return true;
  if (Object.keys(SERVER_ENTRIES).some((name) => !fs.existsSync(path.join(ROOT, serverEntry(name)))))
    return true;
  const builtAt = fs.statSync(METAFILE).mtimeMs;
  const { inputs } = JSON.parse(fs.readFileSync(METAFILE, 'utf8'));
  return [...inputs, ...BUILD_INPUTS].some((file) => {
    const stat = fs.statSync(path.join(ROOT, file), { throwIfNoEntry: false });
    return !stat || stat.mtimeMs > builtAt;
  });
}

/** Builds unless an up-to-date build is there. */
export async function ensureServerBuild({ quiet = false } = {}) {
  if (!serverBuildIsStale()) return false;
  if (!quiet) console.log('Building the server code (dist/server)…');
  await buildServer();
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const ifStale = process.argv.includes('--if-stale');
  (ifStale ? ensureServerBuild({ quiet: true }) : buildServer()).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
