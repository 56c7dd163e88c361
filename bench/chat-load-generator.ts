/**
 * The load generator of bench/chat-load.ts, a process of its own (forked with an IPC channel), so that what it
 * costs is never charged to the server and the server's stalls never slow what it offers.
 *
 * One step: open `conversations` conversations with the seeded demo bot (POST /v1/chat/init, authenticated by
 * the chatbot token as the widget is), say `ready`, and on `go` send messages open-loop: each conversation's
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

export async function runStep(config: GeneratorConfig, go: () => Promise<void>): Promise<GeneratorResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
  const headers = { 'content-type': 'application/json', 'x-chatbot-token': config.token };
  const errors: Record<string, number> = {};
  const fail = (why: string) => {
    errors[why] = (errors[why] ?? 0) + 1;
  };
  let initErrors = 0;

  type Conversation = { n: number; token: string; id: number; lastTs: number; sent: number };
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
  }));
  // Opening is not measured: 50 at a time, so that thousands of inits do not arrive as one burst.
  for (let i = 0; i < conversations.length; i += 50) {
    await Promise.all(
      conversations.slice(i, i + 50).map((c) =>
        init(c).catch(() => {
          initErrors += 1;
        }),
      ),
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
        latencies.push(performance.now() - at);
        if (timelineFile) timeline.push([Math.round(performance.timeOrigin + at), Math.round(performance.now() - at)]);
        const body = JSON.parse(res.text) as { tracker: { timestamp: number }[] };
        c.lastTs = Math.max(c.lastTs, body.tracker.at(-1)?.timestamp ?? 0);
      } else {
        fail(`HTTP ${res.status}`);
      }
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error));
    }
  };

  const schedule = (c: Conversation, at: number) => {
    if (at >= end) return;
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
  for (const c of conversations) schedule(c, start + gap());
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
  };
}

// Forked by bench/chat-load.ts: { config } in, 'ready' out, 'go' in, { result } out.
if (process.send) {
  process.once('message', async (message: { config: GeneratorConfig }) => {
    const result = await runStep(
      message.config,
      () =>
        new Promise<void>((resolve) => {
          process.once('message', () => resolve());
          process.send!({ ready: true });
        }),
    );
    process.send!({ result }, () => process.exit(0));
  });
}
