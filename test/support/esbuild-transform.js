// Jest transform: TypeScript and JSX to CommonJS with esbuild (already used by tsx and Vite).
// A pure-JS-installable toolchain matters here: native-binary transformers whose other-platform
// packages the registry mirror lacks make `npm ci` refuse the lockfile.
const crypto = require('node:crypto');
const { transformSync, version } = require('esbuild');

const fs = require('node:fs');

// The transform's own source is part of the cache key, so changing its options invalidates it.
const self = fs.readFileSync(__filename);

const loaderOf = (file) =>
  file.endsWith('.tsx') ? 'tsx' : file.endsWith('.ts') ? 'ts' : file.endsWith('.jsx') ? 'jsx' : 'js';

module.exports = {
  process(source, filename) {
    const result = transformSync(source, {
      loader: loaderOf(filename),
      format: 'cjs',
      target: 'es2022',
      jsx: 'automatic',
      // import() becomes a require() promise, as jest's CommonJS module registry expects.
      supported: { 'dynamic-import': false },
      sourcemap: 'inline',
      sourcefile: filename,
    });
    return { code: result.code };
  },
  getCacheKey(source, filename) {
    return crypto
      .createHash('sha1')
      .update(version)
      .update(self)
      .update('\0')
      .update(filename)
      .update('\0')
      .update(source)
      .digest('hex');
  },
};
