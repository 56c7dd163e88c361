// The server's import graph (issue 14): no import cycle anywhere in server/, and the pure engines
// (server/chat, server/nlu) never import the app, the routes, HTTP or Fastify.
// madge 8 would find cycles too, but its peer range stops at TypeScript 5 (we are on 7): a graph of
// relative imports read from the sources is all this needs.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function serverFiles(): string[] {
  return fs
    .readdirSync(path.join(root, 'server'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.ts$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

/** Every module specifier a file imports or re-exports, type-only imports included (they are imports too). */
function specifiersOf(file: string): string[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]/g)].map((m) => m[1] as string);
}

function graph(): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const file of serverFiles()) {
    const targets = specifiersOf(file)
      .filter((s) => s.startsWith('.'))
      .map((s) => path.relative(root, path.resolve(root, path.dirname(file), s)))
      .filter((target) => target.startsWith('server/'));
    edges.set(file, targets);
  }
  return edges;
}

/** The cycles of a directed graph, each as the path that closes it (depth-first, one report per back edge). */
function cyclesOf(edges: Map<string, string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...edges.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

describe('server imports', () => {
  it('form no cycle', () => {
    expect(cyclesOf(graph()).map((c) => c.join(' > '))).toEqual([]);
  });

  it('finds a cycle when there is one (the check itself)', () => {
    const edges = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cyclesOf(edges)).toEqual([['a', 'b', 'c', 'a']]);
  });

  it('keep server/chat and server/nlu free of the app, routes, HTTP and Fastify', () => {
    const offenders = serverFiles()
      .filter((f) => f.startsWith('server/chat/') || f.startsWith('server/nlu/'))
      .flatMap((file) =>
        specifiersOf(file)
          .filter((s) => {
            if (/^(fastify|@fastify\/)/.test(s)) return true;
            if (!s.startsWith('.')) return false;
            const target = path.relative(root, path.resolve(root, path.dirname(file), s));
            return /^server\/(app|app-scope|app-services)\.ts$|^server\/(features|http)\//.test(target);
          })
          .map((s) => `${file} imports ${s}`),
      );
    expect(offenders).toEqual([]);
  });
});
