import { existsSync } from 'node:fs';

/** util-linux's setpriv (Debian: essential package util-linux), where Linux distributions put it. */
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((path) => existsSync(path)) ?? null;

/** The exit status of a wrapped program that could not be executed (setpriv's, like a shell's). */
export const NOT_EXECUTED = 127;

/**
 * The command that runs `binary args` so that it dies with this process, even when this process is SIGKILLed and
 * cleans nothing up: setpriv sets the kernel's parent-death signal (prctl PR_SET_PDEATHSIG, kept across exec) to
 * SIGKILL and then execs the program, so the kernel kills it the moment its parent (this process, which spawned
 * setpriv) is gone. `wrapped` is false where there is no setpriv (not Linux): then the program may outlive us.
 */
export function diesWithParent(binary: string, args: string[]): { command: string; args: string[]; wrapped: boolean } {
  if (!SETPRIV || process.platform !== 'linux') return { command: binary, args, wrapped: false };
  return { command: SETPRIV, args: ['--pdeathsig', 'KILL', '--', binary, ...args], wrapped: true };
}
