import fs from 'node:fs/promises';
import { startServer, TEMPLATE_DIR_VARIABLE } from './server.ts';

/**
 * One fresh server for the whole e2e run: it creates, migrates and seeds its database, stops gracefully, and its data
 * directory becomes the template every test's server starts from (the workers inherit the variable).
 */
export default async function setup(): Promise<() => Promise<void>> {
  delete process.env[TEMPLATE_DIR_VARIABLE];
  const server = await startServer();
  await server.stop({ keepData: true });
  process.env[TEMPLATE_DIR_VARIABLE] = server.dataDir;
  return async () => {
    delete process.env[TEMPLATE_DIR_VARIABLE];
    await fs.rm(server.dataDir, { recursive: true, force: true });
  };
}
