// Prints the gzipped size of the JavaScript the home page needs on first load and fails the build
// when it is over budget. Read from the Vite manifest (dist/.vite/manifest.json):
//   - the entry chunk (index.html) and every chunk it imports statically, transitively;
//   - plus the home route's own chunk (src/app/routes/home.tsx, a React.lazy dynamic entry that
//     the router loads at once on "/") and its static imports.
// Chunks shared by both are counted once.
// It also fails when a module that belongs to a later step is in that first load (LATER below; the
// chunks' modules come from dist/.vite/chunk-modules.json, written by vite.config.ts): on 2026-11-27 the
// claims contract and API (needed only once a details dialog shows the claim button) rode in with the
// home route, 8 KiB and their schemas built at start.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KIB = 170;
const HOME_ROUTE = 'src/app/routes/home.tsx';
/** Modules the home page's first load must not carry: each is loaded when its dialog or page opens. */
const LATER = [
  {
    pattern: /^packages\/contracts\/src\/requests-api\.ts$/,
    why: 'claims: the claim dialog and profile load it',
  },
  { pattern: /^web\/src\/features\/requests\//, why: 'claims: the claim dialog and profile load it' },
  { pattern: /\/node_modules\/leaflet\//, why: 'the map: /xerite loads it' },
  { pattern: /^web\/src\/features\/map\//, why: 'the map: /xerite loads it' },
  { pattern: /^web\/src\/features\/help\//, why: 'the help centre: its pages load it' },
];

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(webDir, 'dist');
const manifestPath = path.join(distDir, '.vite', 'manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error(`No Vite manifest at ${manifestPath}: run vite build with build.manifest = true.`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('The manifest has no entry chunk.');
  process.exit(1);
}

/** The chunk and everything it imports statically (not its dynamic imports). */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Chunk ${key} is not in the manifest`);
  seen.add(key);
  for (const dep of chunk.imports ?? []) staticClosure(dep, seen);
  return seen;
}

const gzipSizes = new Map();
function gzipped(key) {
  if (!gzipSizes.has(key)) {
    const file = path.join(distDir, manifest[key].file);
    gzipSizes.set(key, {
      raw: fs.statSync(file).size,
      gzip: gzipSync(fs.readFileSync(file), { level: 9 }).length,
    });
  }
  return gzipSizes.get(key);
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const sum = (keys, field) => [...keys].reduce((total, key) => total + gzipped(key)[field], 0);

const entryKeys = staticClosure(entryKey);
const homeKeys = manifest[HOME_ROUTE] ? staticClosure(HOME_ROUTE, new Set(entryKeys)) : entryKeys;
if (!manifest[HOME_ROUTE])
  console.warn(`warning: ${HOME_ROUTE} is not in the manifest; counting the entry only.`);

console.log('\nHome page initial JavaScript (gzip):');
for (const key of homeKeys) {
  const size = gzipped(key);
  const tag = entryKeys.has(key) ? 'entry' : 'home route';
  console.log(
    `  ${manifest[key].file.padEnd(52)} ${kib(size.gzip).padStart(10)}  (${kib(size.raw)} raw, ${tag})`,
  );
}
const entryTotal = sum(entryKeys, 'gzip');
const total = sum(homeKeys, 'gzip');
console.log(`  ${'entry chunk + its static imports'.padEnd(52)} ${kib(entryTotal).padStart(10)}`);
console.log(
  `  ${'with the home route chunk'.padEnd(52)} ${kib(total).padStart(10)}  (budget ${BUDGET_KIB} KiB)`,
);

const modulesPath = path.join(distDir, '.vite', 'chunk-modules.json');
const chunkModules = fs.existsSync(modulesPath) ? JSON.parse(fs.readFileSync(modulesPath, 'utf8')) : null;
if (!chunkModules) console.warn(`warning: no ${modulesPath}; the first load's modules are not checked.`);
const early = [];
for (const key of homeKeys)
  for (const id of chunkModules?.[manifest[key].file] ?? [])
    for (const { pattern, why } of LATER)
      if (pattern.test(id)) early.push(`  ${id} in ${manifest[key].file} (${why})`);
if (early.length) {
  console.error(
    `\nThe home page's first load carries modules that belong to a later step:\n${early.join('\n')}`,
  );
  process.exit(1);
}

if (total > BUDGET_KIB * 1024) {
  console.error(
    `\nThe home page's initial JavaScript is ${kib(total)} gzipped: over the ${BUDGET_KIB} KiB budget.`,
  );
  process.exit(1);
}
console.log(`OK: ${kib(total)} ≤ ${BUDGET_KIB} KiB\n`);
