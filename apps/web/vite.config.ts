import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    // `npm run dev`: the API server runs on 3000; the dev server forwards API calls to it.
    proxy: {
      '/api': 'http://localhost:3000',
      '/healthz': 'http://localhost:3000',
      '/ws': { target: 'ws://localhost:3000', ws: true },
    },
  },
  build: {
    sourcemap: true,
    // bench/login-bundle.bench.ts reads it to measure what the browser loads for /login.
    manifest: true,
    chunkSizeWarningLimit: 800,
  },
});
