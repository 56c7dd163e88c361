import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';

/** Whether a process id is alive (signal 0 checks without signalling). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

it('baresip dies with a SIGKILLed server process (parent-death signal), within a few seconds', async () => {
  const holder = spawn(process.execPath, [path.join(import.meta.dirname, 'baresip-holder.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const pid = await new Promise<number>((resolve, reject) => {
    let out = '';
    holder.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const m = /baresip (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    holder.once('exit', (code) => reject(new Error(`the holder exited (${code}) before baresip ran`)));
  });
  try {
    expect(alive(pid)).toBe(true);
    const gone = new Promise((resolve) => holder.once('exit', resolve));
    holder.kill('SIGKILL');
    await gone;
    const deadline = Date.now() + 5000;
    while (alive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(alive(pid)).toBe(false);
  } finally {
    if (alive(pid)) process.kill(pid, 'SIGKILL');
  }
});
