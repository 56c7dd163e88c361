import { afterAll } from 'vitest';
import { closeFileDatabase } from './test-database.ts';

// The test file's reusable database (see openTestDatabase) closes after the file's last test.
afterAll(closeFileDatabase);
