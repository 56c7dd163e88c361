import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Four projects: fast node tests (unit, nlu), server tests on a real database, model-based view tests in jsdom, and Chromium end to end.
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          isolate: false,
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
          environment: 'node',
          // One module graph per worker: the server's modules and PGlite's compiled WebAssembly load once per worker
          // instead of once per file (several seconds of CPU a file). Each file still gets its own database
          // (test/server/helpers/setup.ts closes it after the file).
          isolate: false,
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
          environment: 'jsdom',
          // One module graph per worker, not per file: React, Mantine, jsdom and the charts load once instead of
          // 51 times (a model file spent as long importing as testing). The setup file still runs per file and
          // cleans the DOM after every test; no model file mocks modules.
          isolate: false,
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
