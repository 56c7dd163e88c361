import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';

// The console SPA is the first entry; the embeddable chat widget (src/widget/main.tsx) is built after it as a
// standalone script (IIFE, no shared chunks: it runs on other people's pages) into dist/chatbot/bundle.js.
const root = import.meta.dirname;
const apiTarget = 'http://localhost:8000';

function chatbotWidgetBundle(): Plugin {
  return {
    name: 'chatbot-widget-bundle',
    apply: 'build',
    async closeBundle() {
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        plugins: [react()],
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: {
          outDir: resolve(root, 'dist/chatbot'),
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
