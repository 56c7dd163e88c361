// Fails when docs/statecharts no longer matches src/machines: run `npm run statecharts` and commit the result.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, it } from 'vitest';
import { findMachineFolders } from '../../scripts/statecharts/generate.ts';

const root = resolve(import.meta.dirname, '..', '..');

describe('docs/statecharts', () => {
  it('is up to date with src/machines (npm run statecharts -- --check)', ({ skip }) => {
    if (!findMachineFolders(root).length) skip('no machine in src/machines/*/machine.ts yet');
    try {
      // The real CLI in a child process: machine files load exactly as `npm run statecharts` loads them.
      execFileSync(process.execPath, ['scripts/statecharts.ts', '--check'], { cwd: root, encoding: 'utf8' });
    } catch (error) {
      const { stderr, stdout } = error as { stderr?: string; stdout?: string };
      throw new Error(`${stderr || stdout || String(error)}`.trim());
    }
  });
});
