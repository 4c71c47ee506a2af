import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // The server-rendering build (entry-server.tsx) bundles its dependencies, so it carries one copy of React,
  // compiled for production whatever NODE_ENV the server runs with.
  ssr: { noExternal: true },
  server: {
    // The NestJS backend serves the API on its own port in development; in production it serves dist/ too.
    proxy: { '/api': 'http://localhost:3000' },
  },
});
