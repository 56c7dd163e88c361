// `npm start`: builds the console when the build is missing or older than its sources, then serves everything.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtMarker = path.join(root, 'dist', 'index.html');

function newestSourceTime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSourceTime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

function buildIsStale(): boolean {
  if (!fs.existsSync(builtMarker)) return true;
  const sources = [path.join(root, 'index.html'), path.join(root, 'vite.config.ts')].filter((f) => fs.existsSync(f));
  const newest = Math.max(newestSourceTime(path.join(root, 'src')), ...sources.map((f) => fs.statSync(f).mtimeMs));
  return newest > fs.statSync(builtMarker).mtimeMs;
}

if (buildIsStale()) {
  console.log('Building the console (first start or changed sources)...');
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import('../server/main.ts');
