import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // The server reads the manifest to preload the chunk of the route a page needs (backend/src/site/spa-page.ts).
  build: { manifest: true },
  server: {
    // The NestJS backend serves the API on its own port in development; in production it serves dist/ too.
    proxy: { '/api': 'http://localhost:3000' },
  },
});
