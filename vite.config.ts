import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The console SPA is the first entry; the embeddable chat widget (src/widget/main.tsx) joins `input` as a second one.
const root = import.meta.dirname;
const apiTarget = 'http://localhost:8000';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      input: {
        console: resolve(root, 'index.html'),
      },
    },
  },
  server: {
    // spec 2 §9: the development port 8080 maps to the API on 8000.
    port: 8080,
    strictPort: true,
    proxy: {
      '/v1': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  preview: { port: 8080 },
});
