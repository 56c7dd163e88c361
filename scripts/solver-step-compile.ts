import wabt from 'wabt';

/** The WebAssembly bytes of solver-step.wat (wabt's text format parser; no names section, so the bytes are stable). */
export async function compileSolverStep(source: string): Promise<Uint8Array> {
  const module = (await wabt()).parseWat('solver-step.wat', source);
  try {
    module.validate();
    return module.toBinary({ write_debug_names: false }).buffer;
  } finally {
    module.destroy();
  }
}
