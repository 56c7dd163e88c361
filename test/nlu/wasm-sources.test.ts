import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WAT_MODULES, compileWat } from '../../scripts/wat-compile.ts';

// The engine runs its WebAssembly from the bytes in the generated modules; their sources are the .wat files. That they
// compute what the JavaScript does is crammer-singer.test.ts's pinned digests and featurize-wasm.test.ts.
describe('WebAssembly sources', () => {
  for (const { source, generated, constant } of WAT_MODULES) {
    it(`${generated} is the compiled ${source} (run \`node scripts/build-wasm.ts\` after editing it)`, async () => {
      const nlu = join(import.meta.dirname, '../../server/nlu');
      const bytes = await compileWat(source, readFileSync(join(nlu, source), 'utf8'));
      const module = (await import(join(nlu, generated))) as Record<string, string>;
      expect(Buffer.from(bytes).toString('base64')).toBe(module[constant]);
    });
  }
});
