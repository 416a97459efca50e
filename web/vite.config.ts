import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * `<link rel="modulepreload">` for the home route's chunk and its own imports: the browser fetches
 * them with the entry instead of after it has run (the page's first paint waits for them).
 */
function preloadRoute(source: string): Plugin {
  return {
    name: 'tapinti:preload-route',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return [];
        const chunks = Object.values(bundle as OutputBundle).filter(
          (c): c is OutputChunk => c.type === 'chunk',
        );
        const route = chunks.find((c) => c.facadeModuleId?.endsWith(source));
        if (!route) throw new Error(`preload-route: no chunk for ${source}`);
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (start: OutputChunk, seen = new Set<string>()) => {
          for (const file of [start.fileName, ...start.imports])
            if (!seen.has(file)) {
              seen.add(file);
              const next = byName.get(file);
              if (next) closure(next, seen);
            }
          return seen;
        };
        // The entry's own imports are preloaded by Vite already.
        const loaded = closure(entry);
        return [...closure(route)]
          .filter((file) => !loaded.has(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/**
 * `.vite/chunk-modules.json`: each chunk's source modules (relative to the repository), so
 * scripts/report-bundle-size.mjs can name what the home page's first load carries and refuse what
 * belongs to a later step (the manifest names chunks only).
 */
function chunkModules(): Plugin {
  const repo = fileURLToPath(new URL('..', import.meta.url));
  return {
    name: 'tapinti:chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const modules: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk')
          modules[chunk.fileName] = chunk.moduleIds.map((id) =>
            id.startsWith(repo) ? id.slice(repo.length) : id,
          );
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: JSON.stringify(modules, null, 1),
      });
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), preloadRoute('src/app/routes/home.tsx'), chunkModules()],
  // `@tapinti/contracts/*` resolves through the workspace symlink to the package's TS sources
  // (package.json `exports: { "./*": "./src/*.ts" }`); Vite transforms them like our own files.
  server: {
    port: 5173,
    // During `npx vite`, the API is the gateway (embedded mode on 8080 by default).
    proxy: {
      '/api': process.env.TAPINTI_API ?? 'http://127.0.0.1:8080',
      '/objects': process.env.TAPINTI_API ?? 'http://127.0.0.1:8080',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    // The budget is checked on the gzipped home page JS by scripts/report-bundle-size.mjs.
    chunkSizeWarningLimit: 400,
  },
});
