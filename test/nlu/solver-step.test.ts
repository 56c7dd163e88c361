import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSolverStep } from '../../scripts/solver-step-compile.ts';
import { SOLVER_STEP_WASM } from '../../server/nlu/solver-step-wasm.ts';

// The solver's passes run from the bytes in solver-step-wasm.ts; their source is solver-step.wat. That they train the
// same weights as the JavaScript passes is crammer-singer.test.ts's pinned digests.
describe('solver step (WebAssembly)', () => {
  it('is the compiled solver-step.wat (run `node scripts/build-solver-step.ts` after editing it)', async () => {
    const source = readFileSync(join(import.meta.dirname, '../../server/nlu/solver-step.wat'), 'utf8');
    const bytes = await compileSolverStep(source);
    expect(Buffer.from(bytes).toString('base64')).toBe(SOLVER_STEP_WASM);
  });
});
