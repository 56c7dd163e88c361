import type { ScoreKernel, UpdateKernel } from './score-kernel.ts';
import { SOLVER_STEP_WASM } from './solver-step-wasm.ts';

/**
 * The Crammer–Singer solver's passes in WebAssembly (solver-step.wat): `setup` with the byte addresses of the problem's
 * arrays in the solver's memory, then `pass(size)` steps on order[0..size) and returns the new number of active
 * examples, largestGap() the pass's largest gradient gap.
 */
export interface SolverStep {
  setup(
    K: number,
    stride: number,
    biasBase: number,
    C: number,
    w: number,
    columns: number,
    values: number,
    rowStart: number,
    scores: number,
    steps: number,
    alpha: number,
    classOrder: number,
    activeClasses: number,
    ownPosition: number,
    qd: number,
    order: number,
    G: number,
    B: number,
    D: number,
    alphaNew: number,
    changedClass: number,
    change: number,
  ): void;
  pass(size: number): number;
  largestGap(): number;
}

let compiled: WebAssembly.Module | undefined;

/** The solver's passes over `memory`, calling the score and update kernels of score-kernel.ts's instance over it. */
export function solverStep(
  memory: WebAssembly.Memory,
  kernels: { score: ScoreKernel; score32: ScoreKernel; update: UpdateKernel },
): SolverStep {
  compiled ??= new WebAssembly.Module(Buffer.from(SOLVER_STEP_WASM, 'base64'));
  const instance = new WebAssembly.Instance(compiled, { m: { memory }, k: kernels });
  return instance.exports as unknown as SolverStep;
}
