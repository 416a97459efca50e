import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [react()],
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
