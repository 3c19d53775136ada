import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';
import { pruneGridCss } from './renderers/grid/build/pruneGridCss.ts';

const root = fileURLToPath(new URL('./src', import.meta.url));

export default defineConfig({
  root,
  publicDir: fileURLToPath(new URL('./src/public', import.meta.url)),
  plugins: [
    react(),
    // Offline shell and update flow (spec sections 2 and 4): the app registers the worker itself
    // (src/pwa/registerWorker.ts) and asks before activating a new version.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['icons/apple-touch-icon.png'],
      manifest: {
        name: 'سامانه یکپارچه پرسیس',
        short_name: 'پرسیس',
        description: 'سامانه یکپارچه مدیریت کسب‌وکار',
        lang: 'fa',
        dir: 'rtl',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        theme_color: '#0f6cbd',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,json,png,svg,woff2}'],
        // The map configuration belongs to the installation, not to the build.
        globIgnores: ['assets/config.json'],
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        navigateFallback: 'index.html',
        // Calls to the server are never cached nor answered with the shell.
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/Token(\/|$)/, /^\/revoke(\/|$)/],
        cleanupOutdatedCaches: true,
        runtimeCaching: [],
      },
    }),
  ],
  css: {
    // AG Grid's style sheets without the rules of features this app's grids cannot show
    postcss: { plugins: [pruneGridCss()] },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:8080',
      '/Token': 'http://localhost:8080',
      '/revoke': 'http://localhost:8080',
    },
  },
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/server/globalSetup.ts'],
          // server processes the tests start run alone unless a test asks for a cluster
          env: { WORKERS: '1' },
          testTimeout: 30000,
          hookTimeout: 60000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'jsdom',
          testTimeout: 60000,
          hookTimeout: 60000,
          fileParallelism: false,
        },
      },
    ],
  },
});
