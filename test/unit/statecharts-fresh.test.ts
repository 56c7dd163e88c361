// Fails when docs/statecharts no longer matches src/machines: run `npm run statecharts` and commit the result.
// Freshness is read from the charts' JSON (cheap) and the sha256 of it that every drawn file carries; nothing is drawn.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findMachineFolders, generateStatecharts } from '../../scripts/statecharts/generate.ts';

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

describe('the freshness check', () => {
  // A repository of one machine (the toy fixture) inside this one, so `xstate` resolves from node_modules.
  const fake = join(root, '.tmp', `statecharts-fresh-${process.pid}`);
  const machineFile = join(fake, 'src', 'machines', 'toy', 'machine.ts');
  afterAll(() => rmSync(fake, { recursive: true, force: true }));

  it('passes after generating, then names the JSON and every drawn file when the machine changes', async () => {
    mkdirSync(join(fake, 'src', 'machines', 'toy'), { recursive: true });
    cpSync(join(root, 'test', 'fixtures', 'toy-machine', 'machine.ts'), machineFile);
    const written = await generateStatecharts({ root: fake, check: false });
    expect(written.changed).toContain('docs/statecharts/toy.svg');
    expect(await generateStatecharts({ root: fake, check: true })).toEqual({
      machines: ['toy'],
      changed: [],
      removed: [],
    });

    // Someone edits the machine and forgets `npm run statecharts`. (A fresh file name: import() caches by URL.)
    const edited = readFileSync(machineFile, 'utf8').replace("'Edit form open.'", "'Edit form open, Save enabled.'");
    rmSync(machineFile);
    mkdirSync(join(fake, 'src', 'machines', 'toy2'));
    writeFileSync(join(fake, 'src', 'machines', 'toy2', 'machine.ts'), edited.replace('toyMachine =', 'toy2Machine ='));
    rmSync(join(fake, 'src', 'machines', 'toy'), { recursive: true });
    const stale = await generateStatecharts({ root: fake, check: true });
    expect(stale.changed).toEqual(
      expect.arrayContaining([
        'docs/statecharts/toy2.json',
        'docs/statecharts/toy2.svg',
        'docs/statecharts/toy2.mmd',
        'docs/statecharts/gallery/charts/toy2.js',
        'docs/statecharts/index.md',
      ]),
    );
    expect(stale.removed).toEqual(expect.arrayContaining(['docs/statecharts/toy.json', 'docs/statecharts/toy.svg']));
  });

  it('finds a drawn file that was not redrawn: it carries the hash of another JSON', async () => {
    await generateStatecharts({ root: fake, check: false });
    const svg = join(fake, 'docs', 'statecharts', 'toy2.svg');
    writeFileSync(
      svg,
      readFileSync(svg, 'utf8')
        .replace(/data-json-sha256="[0-9a-f]+"/, 'data-json-sha256="0"')
        .replace(/sha256 [0-9a-f]+/, 'sha256 0'),
    );
    expect((await generateStatecharts({ root: fake, check: true })).changed).toEqual(['docs/statecharts/toy2.svg']);
  });
});
