import wabt from 'wabt';

/** The engine's WebAssembly modules: source in server/nlu, generated module of bytes, its exported constant. */
export const WAT_MODULES = [
  { source: 'solver-step.wat', generated: 'solver-step-wasm.ts', constant: 'SOLVER_STEP_WASM' },
  { source: 'featurize.wat', generated: 'featurize-wasm.ts', constant: 'FEATURIZE_WASM' },
] as const;

/** The WebAssembly bytes of a .wat source (wabt's text format parser; no names section, so the bytes are stable). */
export async function compileWat(name: string, source: string): Promise<Uint8Array> {
  const module = (await wabt()).parseWat(name, source);
  try {
    module.validate();
    return module.toBinary({ write_debug_names: false }).buffer;
  } finally {
    module.destroy();
  }
}
