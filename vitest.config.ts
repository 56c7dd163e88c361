import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Four projects: fast node tests (unit, nlu), server tests on a real database, model-based view tests in jsdom, and Chromium end to end.
// unit, server and model run with `isolate: false`: the test files of one worker share one module graph, so
// PGlite's WebAssembly, the app's modules, React, Mantine and jsdom load once per worker instead of once per file
// (measured on the whole stage, same sitting: 347 s → 241 s wall, 643 → 433 CPU seconds). The price: a test file
// must not lean on module state being fresh (no `vi.mock` of shared modules; what a file starts, it stops).
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          isolate: false,
          environment: 'node',
          include: ['test/unit/**/*.test.ts', 'test/nlu/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // Real database: PGlite by default, PostgreSQL with TEST_DB=postgres (scripts/test.ts runs both).
          name: 'server',
          isolate: false,
          environment: 'node',
          include: ['test/server/**/*.test.ts'],
          globalSetup: ['test/server/helpers/global-setup.ts'],
          setupFiles: ['test/server/helpers/setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'model',
          isolate: false,
          environment: 'jsdom',
          include: ['test/model/**/*.test.{ts,tsx}'],
          setupFiles: ['test/model/setup.ts'],
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          // One module graph per worker, so test/e2e/helpers/browser.ts keeps one Chromium per worker.
          isolate: false,
          include: ['test/e2e/**/*.test.ts'],
          // One seeded data directory for the run; each test's server starts on a copy.
          globalSetup: ['test/e2e/helpers/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
