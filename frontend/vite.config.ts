import { createHash } from 'node:crypto';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import type { ManifestTransform } from 'workbox-build';
import { webManifest } from './src/features/pwa/web-manifest.js';
import { OFFLINE_PAGE } from './src/sw/cache-rules.js';

/**
 * The offline page is server-rendered, so the build cannot hash its file: its revision is a hash of every
 * other precached file's, which changes exactly when the scripts and styles it refers to change.
 */
const precacheOfflinePage: ManifestTransform = async (entries) => {
  const revision = createHash('sha256')
    .update(entries.map((entry) => `${entry.url} ${entry.revision ?? ''}`).join('\n'))
    .digest('hex')
    .slice(0, 16);
  return { manifest: [...entries, { url: OFFLINE_PAGE, revision, size: 0 }] };
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    // The service worker and manifest (docs/pwa.md). Registration is the app's own, lazily after load
    // (features/pwa/start-pwa.ts), so nothing is injected into the page's first load.
    !isSsrBuild &&
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'src/sw',
        filename: 'sw.ts',
        injectRegister: false,
        registerType: 'prompt',
        manifest: webManifest,
        // The icons are precached by the glob below (and the manifest by the plugin); screenshots are only for
        // the install dialog.
        includeManifestIcons: false,
        injectManifest: {
          globPatterns: ['assets/**/*.{js,css}', 'icons/*.png'],
          // The admin console's chunks are never downloaded for visitors, by the page or the service worker.
          globIgnores: ['**/admin*'],
          manifestTransforms: [precacheOfflinePage],
        },
      }),
    // Brotli (best quality) and gzip copies of every script and style sheet, served as they are by the API's
    // static files (preCompressed): a quarter smaller than compressing on each request, and no CPU per request.
    !isSsrBuild && compression({ include: /\.(js|css|svg|webmanifest)$/ }),
  ],
  // The server-rendering build (entry-server.tsx) bundles its dependencies, so it carries one copy of React,
  // compiled for production whatever NODE_ENV the server runs with.
  ssr: { noExternal: true },
  server: {
    // The NestJS backend serves the API on its own port in development; in production it serves dist/ too.
    proxy: { '/api': 'http://localhost:3000' },
  },
}));
