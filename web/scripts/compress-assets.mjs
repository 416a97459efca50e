// Writes a brotli (`.br`) and a gzip (`.gz`) sibling of every compressible file of the build, so
// the gateway answers them by Accept-Encoding without compressing anything per request
// (gateway/src/precompressed-static.ts). A sibling that would not be smaller is not written.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|ico)$/;
/** Below this, the saving is smaller than a packet and the headers it costs. */
const MIN_BYTES = 1024;

const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');

function* filesUnder(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // Vite's manifest is read at build time only; the gateway never serves it compressed.
    if (entry.isDirectory() && entry.name !== '.vite') yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

let before = 0;
let afterBrotli = 0;
let count = 0;
for (const file of filesUnder(distDir)) {
  if (!COMPRESSIBLE.test(file)) continue;
  const content = fs.readFileSync(file);
  if (content.length < MIN_BYTES) continue;
  const brotli = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  const gzip = gzipSync(content, { level: 9 });
  if (brotli.length < content.length) fs.writeFileSync(`${file}.br`, brotli);
  if (gzip.length < content.length) fs.writeFileSync(`${file}.gz`, gzip);
  before += content.length;
  afterBrotli += Math.min(brotli.length, content.length);
  count += 1;
}
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
console.log(`Pre-compressed ${count} files: ${kib(before)} → ${kib(afterBrotli)} brotli (and gzip).`);
