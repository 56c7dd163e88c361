// The browser's shape (issue 14): charts import only contract types, and screens never read the HTTP client.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

const importsOf = (file: string): string[] =>
  [...fs.readFileSync(path.join(root, file), 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1] as string);

/** Imports that stay in the built code (not `import type`). */
const valueImportsOf = (file: string): string[] =>
  [...fs.readFileSync(path.join(root, file), 'utf8').matchAll(/^import\s+(?!type\s)[^;]*?from '([^']+)'/gm)].map(
    (m) => m[1] as string,
  );

/** Where machines get their real effects: the provider modules may call the API, the charts may not. */
const isProvider = (file: string): boolean => /(^|\/)provided?\.ts$/.test(file) || /\/provided\w*\.ts$/.test(file);

describe('browser layout', () => {
  it('machines import from src/api only the contract and the permission check', () => {
    const offenders = filesUnder('src/machines')
      .filter((f) => !isProvider(f))
      .flatMap((f) =>
        importsOf(f)
          .filter((spec) => /\/api\//.test(spec) && !/\/api\/(contract\/|permissions\.ts)/.test(spec))
          .map((spec) => `${f} imports ${spec}`),
      );
    expect(offenders).toEqual([]);
  });

  it('each chart gets its real effects from the provide.ts beside it', () => {
    const providers = filesUnder('src/machines').filter(isProvider);
    const misplaced = providers.filter(
      (f) => !/^src\/machines\/\w+\/provide\.ts$/.test(f) && f !== 'src/machines/chat/providedChat.ts',
    );
    expect(misplaced).toEqual([]);
    // Issue 32: no hub of every chart's effects.
    expect(fs.existsSync(path.join(root, 'src/console/provide.ts'))).toBe(false);
    const long = [...providers, 'src/widget/provide.ts']
      .map((f) => [f, fs.readFileSync(path.join(root, f), 'utf8').split('\n').length] as const)
      .filter(([, lines]) => lines > 300);
    expect(long).toEqual([]);
  });

  it("the console's entry loads no chart's effects but the session's (the other screens come with their routes)", () => {
    const seen = new Set<string>();
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const spec of valueImportsOf(file)) {
        if (!spec.startsWith('.')) continue;
        const target = path.relative(root, path.resolve(root, path.dirname(file), spec));
        if (/\.tsx?$/.test(target)) visit(target);
      }
    };
    visit('src/main.tsx');
    const providers = [...seen].filter((f) => isProvider(f) && f.startsWith('src/machines/'));
    expect(providers).toEqual(['src/machines/session/provide.ts']);
  });

  it('screens never read the HTTP client', () => {
    const offenders = filesUnder('src/screens').filter((f) =>
      importsOf(f).some((spec) => /\/api\/client\.ts$/.test(spec)),
    );
    expect(offenders).toEqual([]);
  });
});
