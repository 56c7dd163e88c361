/**
 * The load generator of bench/chat-load.ts, a process of its own (forked with an IPC channel), so that what it
 * costs is never charged to the server and the server's stalls never slow what it offers.
 *
 * One step: say `opening` (the parent reads the server's counters, so that opening is measured apart), open
 * `conversations` conversations with the seeded demo bot (POST /v1/chat/init, authenticated by the chatbot token
 * as the widget is), say `ready`, and on `go` send messages open-loop (the flash crowd opens them inside the window
 * instead, see `mode`): each conversation's
 * messages arrive as a Poisson process (exponential gaps, mean `meanIntervalMs`), sent at their scheduled time
 * whether or not the previous answer came back, and each latency is counted from the scheduled time (a late
 * send because this process lagged counts against the server's figure, never for it). Messages scheduled in
 * the `seconds` window are measured; the step ends when every one of them is answered or timed out.
 */
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface GeneratorConfig {
  base: string;
  token: string;
  conversations: number;
  seconds: number;
  meanIntervalMs: number;
  timeoutMs: number;
  /**
   * steady (default): every conversation is opened before the window, 50 at a time, and opening is measured apart
   * (the parent reads the server's counters around it). flash: each conversation opens at a random moment of the
   * window's first `flashSeconds` (inside the measured window, its latency counted like a message's) and then talks.
   * overload: all talk for `overloadSeconds`, then only the first `normalConversations` until the window ends; a 503 is
   * a refusal, not an error, and every conversation is read back afterwards.
   */
  mode?: 'steady' | 'flash' | 'overload';
  flashSeconds?: number;
  overloadSeconds?: number;
  normalConversations?: number;
}

export interface GeneratorResult {
  scheduled: number;
  completed: number;
  /** Latencies in ms of the completed messages, from their scheduled send time. */
  latencies: number[];
  errors: Record<string, number>;
  /** How late this process sent (actual minus scheduled, ms): large values mean the generator itself lagged. */
  sendLagP99: number;
  sendLagMax: number;
  /** This process's event-loop delay during the window (ms). */
  loopDelayP99: number;
  loopDelayMax: number;
  cpuMs: number;
  windowMs: number;
  initErrors: number;
  /** Each answered message as [scheduled ms from the window's start, latency ms] (recovery after an overload). */
  samples: [number, number][];
  /** flash: the openings' latencies (ms from their scheduled moment), answered 200. */
  initLatencies: number[];
  /** Calls answered 503 (the server past its bound of work in flight). */
  refused: number;
  /** overload: the read-back of every conversation after the step. */
  readBack: ReadBack | null;
}

/**
 * After an overload: each conversation's stored user messages against what the server answered. `missing`: answered
 * 200 but not stored; `extra`: stored more often than answered 200 plus answered neither way (a timeout may or may not
 * have been stored): a refused message that changed something.
 */
export interface ReadBack {
  conversations: number;
  accepted: number;
  stored: number;
  missing: number;
  extra: number;
  unknown: number;
  readErrors: number;
}

/** The existing benchmark's script: greeting, the order flow with a date, a cancel, hours, thanks, a fallback. */
const SCRIPT = ['hello', 'I want to order a pizza', '2031-01-01', 'no', 'when are you open', 'thanks', 'zzqx vlorp'];

function post(
  agent: http.Agent,
  url: URL,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

export async function runStep(
  config: GeneratorConfig,
  go: () => Promise<void>,
  opening: () => Promise<void> = async () => {},
): Promise<GeneratorResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
  const headers = { 'content-type': 'application/json', 'x-chatbot-token': config.token };
  const errors: Record<string, number> = {};
  const fail = (why: string) => {
    errors[why] = (errors[why] ?? 0) + 1;
  };
  let initErrors = 0;

  type Conversation = {
    n: number;
    token: string;
    id: number;
    lastTs: number;
    sent: number;
    /** Per message text: answered 200, answered neither 200 nor 503 (overload's read-back). */
    accepted: Map<string, number>;
    unknown: Map<string, number>;
  };
  const mode = config.mode ?? 'steady';
  let refused = 0;
  const initLatencies: number[] = [];
  const init = async (c: Conversation) => {
    const url = new URL(`${config.base}/chat/init?conversation_token=${c.token}&project_env=prod`);
    const res = await post(agent, url, headers, '{}', config.timeoutMs);
    if (res.status !== 200) throw new Error(`init HTTP ${res.status}: ${res.text.slice(0, 200)}`);
    const body = JSON.parse(res.text) as { conversation_id: number; tracker: { timestamp: number }[] };
    c.id = body.conversation_id;
    c.lastTs = body.tracker.at(-1)?.timestamp ?? 0;
  };
  const stamp = Date.now();
  const conversations: Conversation[] = Array.from({ length: config.conversations }, (_, n) => ({
    n,
    token: `bench-${stamp}-${process.pid}-${n}-conversation`,
    id: 0,
    lastTs: 0,
    sent: 0,
    accepted: new Map(),
    unknown: new Map(),
  }));
  await opening();
  // Steady and overload: opening is measured apart, 50 at a time, so that thousands of inits do not come as one burst.
  for (let i = 0; mode !== 'flash' && i < conversations.length; i += 50) {
    await Promise.all(
      conversations.slice(i, i + 50).map(async (c) => {
        // Setting up, not measured: a refusal (503, the server's bound of work in flight) is tried again.
        for (let attempt = 0; ; attempt++) {
          try {
            return await init(c);
          } catch (error) {
            const busy = error instanceof Error && error.message.startsWith('init HTTP 503');
            if (!busy || attempt >= 20) {
              initErrors += 1;
              return;
            }
            await new Promise((r) => setTimeout(r, 100 + Math.random() * 400));
          }
        }
      }),
    );
  }

  await go();
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  const end = start + config.seconds * 1000;
  const latencies: number[] = [];
  /**
   * TIMELINE=<prefix>: each answered message's scheduled time (Unix ms, to line it up with other logs) and latency,
   * written after the step.
   */
  const timelineFile = process.env.TIMELINE;
  const timeline: [number, number][] = [];
  const lags: number[] = [];
  let scheduled = 0;
  let outstanding = 0;
  let allScheduled = false;
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const maybeFinish = () => {
    if (allScheduled && outstanding === 0) finish();
  };
  const gap = () => -Math.log(1 - Math.random()) * config.meanIntervalMs;

  const samples: [number, number][] = [];
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  const send = async (c: Conversation, at: number) => {
    lags.push(performance.now() - at);
    // A conversation whose init failed still offers its messages: each one is an error, not a lighter load.
    if (c.id === 0) {
      fail('conversation not opened');
      return;
    }
    const msg = SCRIPT[(c.n + c.sent++) % SCRIPT.length]!;
    const url = new URL(`${config.base}/chat?id=${c.id}&conversation_token=${c.token}&project_env=prod`);
    try {
      const res = await post(agent, url, headers, JSON.stringify({ msg, last_ts: c.lastTs }), config.timeoutMs);
      if (res.status === 200) {
        const latency = performance.now() - at;
        latencies.push(latency);
        samples.push([Math.round(at - start), Math.round(latency * 10) / 10]);
        bump(c.accepted, msg);
        if (timelineFile) timeline.push([Math.round(performance.timeOrigin + at), Math.round(performance.now() - at)]);
        const body = JSON.parse(res.text) as { tracker: { timestamp: number }[] };
        c.lastTs = Math.max(c.lastTs, body.tracker.at(-1)?.timestamp ?? 0);
      } else if (res.status === 503 && mode === 'overload') {
        refused += 1;
      } else {
        if (res.status === 503) refused += 1;
        bump(c.unknown, msg);
        fail(`HTTP ${res.status}`);
      }
    } catch (error) {
      bump(c.unknown, msg);
      fail(error instanceof Error ? error.message : String(error));
    }
  };
  /** flash: a conversation opens inside the window, its latency from the moment it was due. */
  const open = async (c: Conversation, at: number) => {
    lags.push(performance.now() - at);
    try {
      await init(c);
      initLatencies.push(performance.now() - at);
    } catch (error) {
      initErrors += 1;
      const why = error instanceof Error ? error.message : String(error);
      if (why.startsWith('init HTTP 503')) refused += 1;
      fail(`open: ${why.slice(0, 40)}`);
    }
  };

  const overloadEnd = start + (config.overloadSeconds ?? 0) * 1000;
  const schedule = (c: Conversation, at: number) => {
    if (at >= end) return;
    // overload: past the overload's end only the first normalConversations go on talking.
    if (mode === 'overload' && at >= overloadEnd && c.n >= (config.normalConversations ?? 0)) return;
    scheduled += 1;
    outstanding += 1;
    setTimeout(
      () => {
        schedule(c, at + gap());
        void send(c, at).finally(() => {
          outstanding -= 1;
          maybeFinish();
        });
      },
      Math.max(0, at - performance.now()),
    );
  };
  if (mode === 'flash') {
    const flashMs = (config.flashSeconds ?? 3) * 1000;
    for (const c of conversations) {
      const at = start + Math.random() * flashMs;
      outstanding += 1;
      setTimeout(
        () => {
          void open(c, at).finally(() => {
            // Then it talks like every conversation: its first message one gap after it opened.
            if (c.id !== 0) schedule(c, performance.now() + gap());
            outstanding -= 1;
            maybeFinish();
          });
        },
        Math.max(0, at - performance.now()),
      );
    }
  } else for (const c of conversations) schedule(c, start + gap());
  setTimeout(
    () => {
      allScheduled = true;
      maybeFinish();
    },
    end - performance.now() + 1,
  );
  await finished;
  const windowMs = performance.now() - start;
  const cpu = process.cpuUsage(cpuBefore);
  loopDelay.disable();
  const readBack = mode === 'overload' ? await readBackAll(agent, headers, config, conversations) : null;
  agent.destroy();
  if (timelineFile)
    (await import('node:fs')).writeFileSync(`${timelineFile}-${config.conversations}.json`, JSON.stringify(timeline));
  lags.sort((a, b) => a - b);
  return {
    scheduled,
    completed: latencies.length,
    latencies,
    errors,
    sendLagP99: lags[Math.floor(lags.length * 0.99)] ?? 0,
    sendLagMax: lags.at(-1) ?? 0,
    loopDelayP99: loopDelay.percentile(99) / 1e6,
    loopDelayMax: loopDelay.max / 1e6,
    cpuMs: (cpu.user + cpu.system) / 1000,
    windowMs,
    initErrors,
    samples,
    initLatencies,
    refused,
    readBack,
  };
}

/** Reads every conversation back (POST /chat/provisional-response from 0), 50 at a time, and counts its user messages. */
async function readBackAll(
  agent: http.Agent,
  headers: Record<string, string>,
  config: GeneratorConfig,
  conversations: {
    id: number;
    token: string;
    accepted: Map<string, number>;
    unknown: Map<string, number>;
  }[],
): Promise<ReadBack> {
  const result: ReadBack = {
    conversations: 0,
    accepted: 0,
    stored: 0,
    missing: 0,
    extra: 0,
    unknown: 0,
    readErrors: 0,
  };
  const opened = conversations.filter((c) => c.id !== 0);
  for (let i = 0; i < opened.length; i += 50) {
    await Promise.all(
      opened.slice(i, i + 50).map(async (c) => {
        const url = new URL(
          `${config.base}/chat/provisional-response?id=${c.id}&conversation_token=${c.token}&project_env=prod`,
        );
        // The server may still refuse while it drains: a few tries, a second apart.
        for (let attempt = 0; attempt < 10; attempt++) {
          try {
            const res = await post(agent, url, headers, JSON.stringify({ last_ts: 0 }), config.timeoutMs);
            if (res.status === 503) {
              await new Promise((r) => setTimeout(r, 1000));
              continue;
            }
            if (res.status !== 200) break;
            const body = JSON.parse(res.text) as {
              tracker: { type: string; value: string | null; args: { who?: string } }[];
            };
            const stored = new Map<string, number>();
            for (const e of body.tracker) {
              if (e.type === 'utter' && e.args.who === 'user')
                stored.set(e.value ?? '', (stored.get(e.value ?? '') ?? 0) + 1);
            }
            result.conversations += 1;
            for (const text of new Set([...stored.keys(), ...c.accepted.keys(), ...c.unknown.keys()])) {
              const s = stored.get(text) ?? 0;
              const a = c.accepted.get(text) ?? 0;
              const u = c.unknown.get(text) ?? 0;
              result.stored += s;
              result.accepted += a;
              result.unknown += u;
              result.missing += Math.max(0, a - s);
              result.extra += Math.max(0, s - a - u);
            }
            return;
          } catch {}
        }
        result.readErrors += 1;
      }),
    );
  }
  return result;
}

// Forked by bench/chat-load.ts: { config } in, 'opening' out, 'measured' in, 'ready' out, 'go' in, { result } out.
if (process.send) {
  process.once('message', async (message: { config: GeneratorConfig }) => {
    const ask = (what: 'ready' | 'opening') => () =>
      new Promise<void>((resolve) => {
        process.once('message', () => resolve());
        process.send!({ [what]: true });
      });
    const result = await runStep(message.config, ask('ready'), ask('opening'));
    process.send!({ result }, () => process.exit(0));
  });
}
