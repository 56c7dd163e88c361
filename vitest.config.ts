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
