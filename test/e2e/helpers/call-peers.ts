import type { CallResult, CallStatus } from '../../../src/api/contract/outbound.ts';
import { loud, type MediaSink, openMediaSink, type SippPeer, startSippPeer } from '../../server/diallers/sipp-peer.ts';

/** What one destination's call should have become once the campaign settled. */
export interface ExpectedCall {
  status: CallStatus;
  attempts: number;
  last_result: CallResult;
  last_code?: string;
}

/**
 * Where the outbound end-to-end test's calls go, and what becomes of each. The server is started with `serverEnv`
 * (its dialler); the project's testing SIP account is set to `sipAccount` in the settings screen; the call list
 * holds `destinations`; the campaign rings `TEST_TIMEOUT_SECONDS` and retries once at once (retry interval 0), and
 * the test waits until every call matches `expected`.
 */
export interface CallPeers {
  name: string;
  serverEnv: Record<string, string>;
  /** The testing SIP account (server, number, password) E.164 destinations are called through; null: none needed. */
  sipAccount: { server: string; number: string; password: string } | null;
  /** Four destinations, E.164 numbers or SIP URIs, one per line of the call list. */
  destinations: [string, string, string, string];
  expected: Record<string, ExpectedCall>;
  /** A destination that stays on the line long enough for the screen to show its call answered (null: too short). */
  watchAnswered: string | null;
  /** What the answered call's transcript in the conversation logs shows (the bot's greeting, the callee's digit...). */
  transcript: string[];
  /** The most the calls may take to settle (ring time and retries included). */
  settleMs: number;
  /** What the peers saw go wrong (a SIPp scenario not run to its end, no speech heard): empty when all is well. */
  problems(): Promise<string[]>;
  stop(): Promise<void>;
}

/** The campaign settings the test gives the campaign: a short ring time, one retry, at once. */
export const TEST_CAMPAIGN = { timeout: 3, retry_count: 1, retry_interval: 0 } as const;

const GREETING = 'Welcome to the Demo pizzeria!';
/** The payload of the demo greeting's first button (server/features/dialogue/demo-dialogue.ts). */
const ORDER_BUTTON_PAYLOAD = 'I want to order a pizza';

/** The server's fake dialler (`CAMPAIGN_DIALLER=fake`): every call answered, the bot spoken into it, hung up after 3 s. */
export function fakeCallPeers(): CallPeers {
  const destinations: CallPeers['destinations'] = [
    '+420601000001',
    '+420601000002',
    'sip:survey@example.com',
    '+14155550123',
  ];
  return {
    name: 'fake dialler',
    serverEnv: { CAMPAIGN_DIALLER: 'fake' },
    sipAccount: null,
    destinations,
    expected: Object.fromEntries(
      destinations.map((d) => [d, { status: 'completed', attempts: 1, last_result: 'completed' } as const]),
    ),
    watchAnswered: null,
    transcript: [GREETING],
    settleMs: 90_000,
    problems: async () => [],
    stop: async () => {},
  };
}

/**
 * SIPp callees (Debian's sip-tester, the scenarios of test/fixtures/sipp) on 127.0.0.1, called by the server's SIP
 * dialler (`CAMPAIGN_DIALLER=sip`: baresip). The E.164 number goes through the project's SIP server, which is the
 * answering SIPp: it answers, presses 1 and hangs up 8 s later, its media port a socket of ours that counts the
 * speech it hears. The three SIP URIs reach the others directly: busy (486), never answers (the ring time ends it),
 * fails (503); each is called twice (one retry) and fails.
 */
export async function sipCallPeers(): Promise<CallPeers> {
  const attempts = TEST_CAMPAIGN.retry_count + 1;
  const media: MediaSink = await openMediaSink();
  const peers: { scenario: string; calls: number; peer: SippPeer }[] = [];
  const start = async (scenario: string, calls: number, variables: Record<string, string> = {}) => {
    const peer = await startSippPeer(scenario, variables, calls);
    peers.push({ scenario, calls, peer });
    return peer.address;
  };
  const answering = await start('answers-hangs-up.xml', 1, { rtpport: String(media.port) });
  const busy = await start('busy-486.xml', attempts);
  const silent = await start('never-answers.xml', attempts);
  const down = await start('fails-503.xml', attempts);
  const destinations: CallPeers['destinations'] = [
    '+420601000001',
    `sip:busy@${busy}`,
    `sip:silent@${silent}`,
    `sip:down@${down}`,
  ];
  const stopAll = async () => {
    await Promise.all(peers.map(({ peer }) => peer.stop()));
    await media.close();
  };
  return {
    name: 'SIPp callees',
    serverEnv: { CAMPAIGN_DIALLER: 'sip', DIALLER_SIP_HOST: '127.0.0.1' },
    sipAccount: { server: answering, number: '100', password: 'e2e-secret' },
    destinations,
    expected: {
      [destinations[0]]: { status: 'completed', attempts: 1, last_result: 'completed' },
      [destinations[1]]: { status: 'failed', attempts, last_result: 'busy', last_code: '486' },
      [destinations[2]]: { status: 'failed', attempts, last_result: 'no-answer' },
      [destinations[3]]: { status: 'failed', attempts, last_result: 'failed', last_code: '503' },
    },
    watchAnswered: destinations[0],
    // The greeting's buttons are offered as "press 1 for Order a pizza" (issue 38): the callee's 1 chooses that
    // button, so the bot gets its payload as the callee's message.
    transcript: [GREETING, ORDER_BUTTON_PAYLOAD],
    settleMs: 90_000,
    async problems() {
      const found: string[] = [];
      // Each SIPp exits once its calls ran; give the last one a moment after the campaign settled.
      const deadline = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 5000));
      for (const { scenario, calls, peer } of peers) {
        const result = await Promise.race([peer.done, deadline]);
        if (result === 'late') found.push(`SIPp ${scenario} did not finish its ${calls} call(s).`);
        else if (result.code !== 0 || result.errors)
          found.push(`SIPp ${scenario} exited ${result.code}: ${result.errors.slice(0, 500)}`);
      }
      const heard = media.packets.filter(loud).length;
      // The greeting alone is about two seconds of speech: 100 packets of 20 ms.
      if (heard < 40) found.push(`The answering callee heard ${heard} packets of speech (of ${media.packets.length}).`);
      return found;
    },
    stop: stopAll,
  };
}

/** The peers of this run: E2E_CALL_PEERS=sip (the default: SIPp, needs sipp and baresip) or fake. */
export async function callPeersOfRun(): Promise<CallPeers> {
  const name = process.env.E2E_CALL_PEERS ?? 'sip';
  if (name === 'fake') return fakeCallPeers();
  if (name === 'sip') return sipCallPeers();
  throw new Error(`E2E_CALL_PEERS must be sip or fake, not "${name}"`);
}
