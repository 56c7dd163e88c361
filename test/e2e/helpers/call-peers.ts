import type { CallStatus } from '../../../src/api/contract/outbound.ts';

/**
 * Where the outbound end-to-end test's calls go, and what becomes of each. The server is started with `serverEnv`
 * (its dialler); the call list holds `destinations`; the test waits until every call has reached its `expected`
 * status. Today's peer is the server's fake dialler (`CAMPAIGN_DIALLER=fake`: every call answered, the bot spoken
 * into it, hung up after 3 s). A real SIP peer (SIPp answering, busy 486, never answering, 503) plugs in here as
 * another `CallPeers`: its server environment names the SIP dialler and its destinations the SIPp scenarios.
 */
export interface CallPeers {
  name: string;
  serverEnv: Record<string, string>;
  /** Four destinations, E.164 numbers or SIP URIs, one per line of the call list. */
  destinations: [string, string, string, string];
  /** The final status of each destination's call. */
  expected: Record<string, CallStatus>;
  /** The most the calls may take to settle (ring time and retries included). */
  settleMs: number;
  stop(): Promise<void>;
}

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
    destinations,
    expected: Object.fromEntries(destinations.map((d) => [d, 'completed' as const])),
    settleMs: 90_000,
    stop: async () => {},
  };
}

/** The peers of this run: E2E_CALL_PEERS names them (only `fake` so far). */
export function callPeersOfRun(): CallPeers {
  const name = process.env.E2E_CALL_PEERS ?? 'fake';
  if (name === 'fake') return fakeCallPeers();
  throw new Error(`E2E_CALL_PEERS must be fake, not "${name}"`);
}
