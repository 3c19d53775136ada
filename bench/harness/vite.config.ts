/**
 * The bench harness (bench/harness): a page that mounts the form renderer, the lines grid and
 * plain RJSF forms in isolation for bench/form.bench.ts and bench/lines.bench.ts. Built into
 * /tmp/dist-bench-harness (BENCH_HARNESS_DIST) by bench/lib/harness.ts; not part of the app build.
 */
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  publicDir: false,
  plugins: [react()],
  build: {
    outDir: process.env.BENCH_HARNESS_DIST ?? '/tmp/dist-bench-harness',
    emptyOutDir: true,
    sourcemap: false,
    // BENCH_HARNESS_MINIFY=0: readable function names in profiles
    minify: process.env.BENCH_HARNESS_MINIFY !== '0',
    chunkSizeWarningLimit: 8000,
  },
});
