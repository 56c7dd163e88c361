import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';

// The console SPA is the first entry; the embeddable chat widget (src/widget/main.tsx) is built after it as a
// standalone script (IIFE, no shared chunks: it runs on other people's pages) into <outDir>/chatbot/bundle.js
// (dist/chatbot/bundle.js by default; `vite build --outDir X` puts it in X/chatbot).
const root = import.meta.dirname;
const apiTarget = 'http://localhost:8000';

function chatbotWidgetBundle(): Plugin {
  let outDir = resolve(root, 'dist');
  return {
    name: 'chatbot-widget-bundle',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        plugins: [react()],
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: {
          outDir: resolve(outDir, 'chatbot'),
          emptyOutDir: true,
          lib: {
            entry: resolve(root, 'src/widget/main.tsx'),
            formats: ['iife'],
            name: 'ChatbotWidgetBundle',
            fileName: () => 'bundle.js',
            cssFileName: 'bundle',
          },
        },
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), chatbotWidgetBundle()],
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
