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

  it('machines get their real effects from one provider module per app entry', () => {
    const providers = filesUnder('src/machines').filter(isProvider);
    // The chat's effects are one function that both entries call (console session, widget token).
    expect(providers).toEqual(['src/machines/chat/providedChat.ts']);
    expect(fs.existsSync(path.join(root, 'src/console/provide.ts'))).toBe(true);
    expect(fs.existsSync(path.join(root, 'src/widget/provide.ts'))).toBe(true);
  });

  it('screens never read the HTTP client', () => {
    const offenders = filesUnder('src/screens').filter((f) =>
      importsOf(f).some((spec) => /\/api\/client\.ts$/.test(spec)),
    );
    expect(offenders).toEqual([]);
  });
});
