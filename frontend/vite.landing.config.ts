import { defineConfig } from 'vite';

/**
 * The inline part every page carries (src/lib/analytics/landing-script.ts), built on its own into one small
 * classic script that the server writes into each page with the response's CSP nonce (backend site module).
 * Not in dist/: it is never requested as a file.
 */
export default defineConfig({
  // public/ is the app's (copied to dist/ by the app's build), not this script's.
  publicDir: false,
  build: {
    outDir: 'dist-landing',
    emptyOutDir: true,
    target: 'es2020',
    minify: true,
    lib: { entry: 'src/lib/analytics/landing-script.ts', formats: ['iife'], name: 'unsheetLandingScript', fileName: () => 'landing.js' },
  },
});
