import { type ChildProcess, spawn } from 'node:child_process';
import { NOT_EXECUTED, diesWithParent } from './dies-with-parent.ts';
import fs from 'node:fs/promises';
import ipaddr from 'ipaddr.js';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freeTcpPort, freeUdpPort } from './free-port.ts';
import { NetstringReader, encodeNetstring } from './netstring.ts';
import { TELEPHONE_RATE, writeWav } from './telephone-wav.ts';

/** One event of baresip's ctrl_tcp (`{"event":true,"type":"CALL_RINGING","accountaor":...,"id":...,"param":...}`). */
export interface BaresipEvent {
  type: string;
  accountaor?: string;
  id?: string;
  param?: string;
  peeruri?: string;
}

export interface BaresipOptions {
  /** The program (default `baresip` from PATH; Debian's package). */
  binary: string;
  /** Where its modules are (Debian: /usr/lib/baresip/modules). */
  modulePath: string;
  /** host of the SIP socket; a free UDP port is picked on it. */
  sipHost: string;
}

/** Seconds of the silence file calls send between prompts (8 kHz 16-bit: 16 kB a second, read whole per call). */
export const SILENCE_SECONDS = 60;

const isLoopback = (host: string): boolean => ipaddr.isValid(host) && ipaddr.parse(host).range() === 'loopback';

export class BaresipError extends Error {
  override readonly name = 'BaresipError';
}

const START_LIMIT_MS = 10_000;
const COMMAND_LIMIT_MS = 10_000;

/**
 * One baresip process (a maintained SIP user agent, Debian's `baresip`), private to this server instance: its own
 * configuration in a temporary directory, no audio device (sources are files or the silence generator, no player),
 * PCMU only, and its control socket (ctrl_tcp, netstring JSON) on a free loopback port. Commands go one at a time:
 * baresip's menu commands act on "the current user agent", so `exclusive` keeps a select-then-act pair together.
 */
export class BaresipProcess {
  private child: ChildProcess | null = null;
  private socket: net.Socket | null = null;
  private dir: string | null = null;
  private nextToken = 1;
  private readonly waiting = new Map<string, { resolve: (data: string) => void; reject: (error: Error) => void }>();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly log: string[] = [];
  private exited = false;
  /** Where SIP listens once started (host:port). */
  sipAddress = '';

  private readonly options: BaresipOptions;
  private readonly onEvent: (event: BaresipEvent) => void;
  private readonly onExit: (why: string) => void;

  constructor(options: BaresipOptions, onEvent: (event: BaresipEvent) => void, onExit: (why: string) => void) {
    this.options = options;
    this.onEvent = onEvent;
    this.onExit = onExit;
  }

  /** The process id while it runs (diagnostics, and the tests that stop it the hard way). */
  get pid(): number | null {
    return this.running ? (this.child?.pid ?? null) : null;
  }

  get running(): boolean {
    return this.child !== null && !this.exited;
  }

  /**
   * What a call sends between prompts: a file of silence. baresip 1.0's tone generator works at 48 kHz only, and a
   * file source ends its call when it runs dry, so the dialler switches each answered call back to it in time.
   */
  get silenceSource(): string {
    return `aufile,${path.join(this.directory, 'silence.wav')}`;
  }

  private get notInstalled(): string {
    return `The SIP user agent is not installed (${this.options.binary}; apt-get install baresip).`;
  }

  get directory(): string {
    if (!this.dir) throw new BaresipError('baresip is not running.');
    return this.dir;
  }

  async start(): Promise<void> {
    this.dir = await fs.mkdtemp(path.join(os.tmpdir(), 'baresip-'));
    const ctrlPort = await freeTcpPort('127.0.0.1');
    const sipPort = await freeUdpPort(this.options.sipHost);
    this.sipAddress = `${this.options.sipHost}:${sipPort}`;
    const config = [
      'poll_method epoll',
      `sip_listen ${this.options.sipHost.includes(':') ? `[${this.options.sipHost}]` : this.options.sipHost}:${sipPort}`,
      // Without it baresip's SDP names the host's default source address, so the peer's RTP would leave loopback.
      // baresip 1.0 takes an address here (not only an interface name) and writes it in c=/o=; its RTP socket
      // binds the wildcard address whatever the config.
      ...(isLoopback(this.options.sipHost) ? [`net_interface ${this.options.sipHost}`] : []),
      'call_max_calls 256',
      'answermode manual',
      `audio_source ${this.silenceSource}`,
      `audio_alert ${this.silenceSource}`,
      'audio_player aufile,none',
      'ringback_disabled yes',
      `module_path ${this.options.modulePath}`,
      'module g711.so',
      'module aufile.so',
      'module ausine.so',
      'module_app menu.so',
      'module_app ctrl_tcp.so',
      `ctrl_tcp_listen 127.0.0.1:${ctrlPort}`,
      '',
    ].join('\n');
    await fs.writeFile(path.join(this.dir, 'config'), config);
    await fs.writeFile(
      path.join(this.dir, 'silence.wav'),
      writeWav(new Float32Array(SILENCE_SECONDS * TELEPHONE_RATE), TELEPHONE_RATE),
    );
    // No accounts at start: each campaign's account is added with `uanew` when it first dials.
    await fs.writeFile(path.join(this.dir, 'accounts'), '');
    // baresip dies with this server even when the server is SIGKILLed (its calls would otherwise stay up).
    const run = diesWithParent(this.options.binary, ['-f', this.dir]);
    const child = spawn(run.command, run.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    const keep = (chunk: Buffer) => {
      this.log.push(...chunk.toString('utf8').split('\n'));
      if (this.log.length > 200) this.log.splice(0, this.log.length - 200);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const spawnFailed = new Promise<never>((_, reject) => {
      child.once('error', (error: NodeJS.ErrnoException) =>
        reject(
          new BaresipError(
            error.code === 'ENOENT' ? this.notInstalled : `The SIP user agent did not start: ${error.message}`,
          ),
        ),
      );
    });
    child.once('exit', (code, signal) => {
      this.exited = true;
      if (run.wrapped && code === NOT_EXECUTED) this.log.push(this.notInstalled);
      this.socket?.destroy();
      this.failWaiting(new BaresipError(`The SIP user agent stopped (${signal ?? code}).`));
      this.onExit(`baresip exited (${signal ?? code}): ${this.recentLog()}`);
    });
    this.socket = await Promise.race([this.connect(ctrlPort), spawnFailed]);
  }

  private async connect(port: number): Promise<net.Socket> {
    const deadline = Date.now() + START_LIMIT_MS;
    for (;;) {
      if (this.exited) throw new BaresipError(`The SIP user agent stopped at start: ${this.recentLog()}`);
      try {
        const socket = await new Promise<net.Socket>((resolve, reject) => {
          const s = net.connect(port, '127.0.0.1', () => resolve(s));
          s.once('error', reject);
        });
        const reader = new NetstringReader();
        socket.on('data', (chunk) => {
          for (const text of reader.push(chunk)) this.receive(text);
        });
        socket.on('error', () => {});
        return socket;
      } catch {
        if (Date.now() > deadline)
          throw new BaresipError(`The SIP user agent did not open its control port: ${this.recentLog()}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  }

  private receive(text: string): void {
    let message: { event?: boolean; response?: boolean; ok?: boolean; data?: string; token?: string } & BaresipEvent;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (message.event) {
      this.onEvent(message);
      return;
    }
    if (message.response && message.token) {
      const waiter = this.waiting.get(message.token);
      if (!waiter) return;
      this.waiting.delete(message.token);
      if (message.ok) waiter.resolve(message.data ?? '');
      else waiter.reject(new BaresipError(`baresip refused the command: ${message.data ?? 'no reason'}`));
    }
  }

  private failWaiting(error: Error): void {
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
  }

  /** Runs `work` with the control socket to itself: no other command interleaves with its commands. */
  exclusive<T>(work: (command: (name: string, params?: string) => Promise<string>) => Promise<T>): Promise<T> {
    const run = this.queue.then(() => work((name, params) => this.send(name, params)));
    this.queue = run.catch(() => {});
    return run;
  }

  private send(command: string, params = ''): Promise<string> {
    const socket = this.socket;
    if (!socket || this.exited) return Promise.reject(new BaresipError('The SIP user agent is not running.'));
    const token = String(this.nextToken++);
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(token);
        reject(new BaresipError(`baresip did not answer "${command}".`));
      }, COMMAND_LIMIT_MS);
      this.waiting.set(token, {
        resolve: (data) => {
          clearTimeout(timer);
          resolve(data);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      socket.write(encodeNetstring(JSON.stringify({ command, params, token })));
    });
  }

  recentLog(): string {
    return this.log
      .filter((line) => line.trim())
      .slice(-5)
      .join(' | ')
      .replaceAll(String.fromCharCode(27), '')
      .replace(/\[[0-9;]*m/g, '');
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    this.socket?.destroy();
    this.socket = null;
    if (child && !this.exited) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await gone;
      clearTimeout(timer);
    }
    if (this.dir) await fs.rm(this.dir, { recursive: true, force: true });
    this.dir = null;
  }
}
