import { type ChildProcess, spawn } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freeUdpPort } from '../../../server/features/campaigns/diallers/free-port.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/sipp');

/** RTP packets the answering peer's media address received: µ-law payloads, arrival order. */
export interface MediaSink {
  port: number;
  packets: Buffer[];
  close(): Promise<void>;
}

/**
 * The answering peer's media socket: the SIPp scenario puts this port in its SDP answer (`-set rtpport`), so the
 * caller's RTP arrives here and the test counts and inspects it (SIPp 3.6 keeps no count of received RTP).
 */
export async function openMediaSink(): Promise<MediaSink> {
  const socket = dgram.createSocket('udp4');
  const packets: Buffer[] = [];
  socket.on('message', (message) => {
    // RTP version 2, payload type 0 (PCMU): the 12-byte header, then the samples.
    if (message.length > 12 && message[0] >> 6 === 2 && (message[1] & 0x7f) === 0) packets.push(message.subarray(12));
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    port: socket.address().port,
    packets,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

/** A µ-law payload that carries sound: silence is 0xFF/0x7F (exponent 0); speech reaches exponent 3 and above. */
export const loud = (payload: Buffer): boolean => payload.some((byte) => (~byte & 0x70) >> 4 >= 3);

/**
 * SIPp's log without its watchdog's notes: on a busy machine its 500 ms timer trips ("Overload warning") while every
 * message is still exchanged as the scenario says. What remains are real errors (unexpected messages, timeouts).
 */
function withoutLoadWarnings(log: string): string {
  return log
    .replace(
      /(\S+\t\S+\t\S+: )?Overload warning: the (minor|major) watchdog timer \d+ms has been tripped \(\d+\), \d+ trips remaining\./g,
      '',
    )
    .replace(/^The following events occurred:$/gm, '')
    .replace(/^There were more errors, see '.*' file$/gm, '')
    .trim();
}

/** The SIP messages SIPp received, in order, from its `-trace_msg` log (blocks headed "UDP message received [n] bytes :"). */
function receivedMessages(log: string): string[] {
  return log
    .split(/^-+ \d{4}-\d\d-\d\d .*$/m)
    .map((block) => block.trim())
    .filter((block) => /^\S+ message received/.test(block))
    .map((block) => block.replace(/^.*\n/, '').trim());
}

export interface SippResult {
  /** 0: its scenario ran to the end. */
  code: number | null;
  errors: string;
  /** Every SIP message it received (the caller's INVITE with its SDP offer, ACK, BYE, ...). */
  received: string[];
}

export interface SippPeer {
  /** host:port the peer answers SIP on. */
  address: string;
  /** Resolves when SIPp exits. */
  done: Promise<SippResult>;
  stop(): Promise<void>;
}

/** SIPp (Debian's sip-tester) as the callee, running one of test/fixtures/sipp `calls` times, on a free port on 127.0.0.1. */
export async function startSippPeer(
  scenario: string,
  variables: Record<string, string> = {},
  calls = 1,
): Promise<SippPeer> {
  const port = await freeUdpPort('127.0.0.1');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sipp-'));
  const args = ['-sf', path.join(FIXTURES, scenario), '-i', '127.0.0.1', '-p', String(port), '-m', String(calls)];
  for (const [name, value] of Object.entries(variables)) args.push('-set', name, value);
  args.push('-nostdin', '-trace_err', '-error_file', path.join(dir, 'errors.log'));
  args.push('-trace_msg', '-message_file', path.join(dir, 'messages.log'));
  const child: ChildProcess = spawn('sipp', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const done = new Promise<SippResult>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', async (code) => {
      const errors = await fs.readFile(path.join(dir, 'errors.log'), 'utf8').catch(() => '');
      const messages = await fs.readFile(path.join(dir, 'messages.log'), 'utf8').catch(() => '');
      await fs.rm(dir, { recursive: true, force: true });
      resolve({ code, errors: withoutLoadWarnings(`${stderr}${errors}`), received: receivedMessages(messages) });
    });
  });
  // SIPp opens its socket within milliseconds; give it a moment before the INVITE.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return {
    address: `127.0.0.1:${port}`,
    done,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await done.catch(() => {});
    },
  };
}
