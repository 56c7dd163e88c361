import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallEvent, SipAccount } from '../../../server/features/campaigns/dialler.ts';
import { SipDialler } from '../../../server/features/campaigns/diallers/sip-dialler.ts';
import { createEspeakEngine } from '../../../server/speech/espeak-engine.ts';
import { onLoopback, sdpAddresses } from './sdp-addresses.ts';
import { loud, openMediaSink, startSippPeer } from './sipp-peer.ts';

/**
 * The SIP adapter end to end: baresip (Debian's `baresip`) calls SIPp (Debian's `sip-tester`) running the scenario
 * fixtures in test/fixtures/sipp on 127.0.0.1. Needs: apt-get install baresip sip-tester espeak-ng.
 */

const events: CallEvent[] = [];
let dialler: SipDialler;

beforeAll(() => {
  dialler = new SipDialler({ sipHost: '127.0.0.1' });
  dialler.onEvent((event) => events.push(event));
});

afterAll(async () => {
  await dialler.close();
});

const account = (address: string): SipAccount => ({ server: address, number: '100', password: 'secret' });
const eventsOf = (callId: number) => events.filter((event) => event.callId === callId);

async function waitFor(condition: () => boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out; events so far: ${JSON.stringify(events)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('SIP dialler (baresip) against a SIPp callee', () => {
  it('answered: ringing, answered, DTMF 1, the prompt reaches the callee as RTP, ended completed; its SDP names loopback only', async () => {
    const media = await openMediaSink();
    const peer = await startSippPeer('answers-presses-1.xml', { rtpport: String(media.port) });
    try {
      const { providerCallId } = await dialler.originate({
        callId: 1,
        attempt: 1,
        campaignId: 7,
        destination: '+420601000001',
        timeoutSeconds: 10,
        account: account(peer.address),
      });
      await waitFor(() => eventsOf(1).some((event) => event.type === 'dtmf'));
      expect(await dialler.status(providerCallId)).toEqual({ state: 'answered' });
      await waitFor(() => media.packets.length >= 10);
      const beforePrompt = media.packets.length;
      expect(media.packets.filter(loud)).toHaveLength(0);

      const wav = await createEspeakEngine('espeak-ng').synthesize('Press one to confirm your appointment.', {
        language: 'en',
        voice: null,
        pitch: 0,
        speed: 1,
      });
      await dialler.play(providerCallId, wav);
      const afterPrompt = media.packets.slice(beforePrompt);
      // 20 ms packets: the two-second prompt is about 100 of them; most carry speech.
      expect(afterPrompt.length).toBeGreaterThan(80);
      expect(afterPrompt.filter(loud).length).toBeGreaterThan(40);

      await dialler.hangup(providerCallId);
      const sequence = eventsOf(1);
      expect(sequence.map((event) => event.type)).toEqual(['ringing', 'answered', 'dtmf', 'ended']);
      expect(sequence[2]).toMatchObject({ digit: '1' });
      expect(sequence[3]).toMatchObject({ reason: 'completed' });
      expect(await dialler.status(providerCallId)).toMatchObject({ state: 'ended', reason: 'completed' });
      const sipp = await peer.done;
      expect(sipp.errors).toBe('');
      expect(sipp.code).toBe(0);
      // The callee sends its RTP (RFC 4733 digits, audio) where baresip's SDP points: that must be loopback too.
      // Every SDP baresip sent counts (the INVITE's offer, and any re-INVITE's).
      const offered = sipp.received.filter((message) => message.includes('application/sdp'));
      expect(offered[0]).toMatch(/^INVITE /);
      const addresses = offered.flatMap(sdpAddresses);
      expect(addresses.length).toBeGreaterThanOrEqual(2);
      expect(addresses.filter((address) => !onLoopback(address))).toEqual([]);
    } finally {
      await peer.stop();
      await media.close();
    }
  });

  it('busy: ringing, then ended busy with 486', async () => {
    const peer = await startSippPeer('busy-486.xml');
    try {
      await dialler
        .originate({
          callId: 2,
          attempt: 1,
          campaignId: 7,
          destination: `sip:alice@${peer.address}`,
          timeoutSeconds: 10,
          account: account(peer.address),
        })
        .catch((error) => {
          throw error;
        });
      await waitFor(() => eventsOf(2).some((event) => event.type === 'ended'));
      expect(eventsOf(2).map((event) => event.type)).toEqual(['ringing', 'ended']);
      expect(eventsOf(2)[1]).toMatchObject({ reason: 'busy', code: '486' });
      expect((await peer.done).code).toBe(0);
    } finally {
      await peer.stop();
    }
  });

  it('never answers: ringing, then the ring timeout ends it as no-answer (CANCEL, 487)', async () => {
    const peer = await startSippPeer('never-answers.xml');
    try {
      const started = Date.now();
      await dialler.originate({
        callId: 3,
        attempt: 1,
        campaignId: 7,
        destination: '+420601000003',
        timeoutSeconds: 2,
        account: account(peer.address),
      });
      await waitFor(() => eventsOf(3).some((event) => event.type === 'ended'));
      expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
      expect(eventsOf(3).map((event) => event.type)).toEqual(['ringing', 'ended']);
      expect(eventsOf(3)[1]).toMatchObject({ reason: 'no-answer' });
      const sipp = await peer.done;
      expect(sipp.errors).toBe('');
      expect(sipp.code).toBe(0);
    } finally {
      await peer.stop();
    }
  });

  it('fails: ringing, then ended failed with 503', async () => {
    const peer = await startSippPeer('fails-503.xml');
    try {
      await dialler.originate({
        callId: 4,
        attempt: 1,
        campaignId: 7,
        destination: '+420601000004',
        timeoutSeconds: 10,
        account: account(peer.address),
      });
      await waitFor(() => eventsOf(4).some((event) => event.type === 'ended'));
      expect(eventsOf(4).map((event) => event.type)).toEqual(['ringing', 'ended']);
      expect(eventsOf(4)[1]).toMatchObject({ reason: 'failed', code: '503' });
      expect((await peer.done).code).toBe(0);
    } finally {
      await peer.stop();
    }
  });

  it('transfer: REFER to the target through the account server; the callee reports it done and the call ends completed', async () => {
    const media = await openMediaSink();
    const peer = await startSippPeer('accepts-transfer.xml', { rtpport: String(media.port) });
    try {
      const { providerCallId } = await dialler.originate({
        callId: 8,
        attempt: 1,
        campaignId: 7,
        destination: '+420601000008',
        timeoutSeconds: 10,
        account: account(peer.address),
      });
      await waitFor(() => eventsOf(8).some((event) => event.type === 'answered'));
      expect(await dialler.transfer(providerCallId, '+420777000111')).toBe(true);
      await waitFor(() => eventsOf(8).some((event) => event.type === 'ended'));
      expect(eventsOf(8).map((event) => event.type)).toEqual(['ringing', 'answered', 'ended']);
      expect(eventsOf(8)[2]).toMatchObject({ reason: 'completed' });
      expect(await dialler.transfer(providerCallId, '+420777000111')).toBe(false);
      const sipp = await peer.done;
      expect(sipp.errors).toBe('');
      expect(sipp.code).toBe(0);
    } finally {
      await peer.stop();
      await media.close();
    }
  });

  it('baresip killed mid-call: its call ends (answered, so completed: not dialled again) and the next call starts a new baresip', async () => {
    const media = await openMediaSink();
    const peer = await startSippPeer('answers-presses-1.xml', { rtpport: String(media.port) });
    try {
      await dialler.originate({
        callId: 9,
        attempt: 1,
        campaignId: 7,
        destination: '+420601000009',
        timeoutSeconds: 10,
        account: account(peer.address),
      });
      await waitFor(() => eventsOf(9).some((event) => event.type === 'answered'));
      const pid = dialler.processId;
      expect(pid).toBeGreaterThan(0);
      process.kill(pid as number, 'SIGKILL');
      await waitFor(() => eventsOf(9).some((event) => event.type === 'ended'));
      expect(eventsOf(9).at(-1)).toMatchObject({ type: 'ended', reason: 'completed' });
    } finally {
      await peer.stop();
      await media.close();
    }
    const next = await startSippPeer('fails-503.xml');
    try {
      await dialler.originate({
        callId: 10,
        attempt: 1,
        campaignId: 7,
        destination: '+420601000010',
        timeoutSeconds: 10,
        account: account(next.address),
      });
      await waitFor(() => eventsOf(10).some((event) => event.type === 'ended'));
      expect(eventsOf(10).at(-1)).toMatchObject({ reason: 'failed', code: '503' });
      expect(dialler.processId).not.toBe(null);
    } finally {
      await next.stop();
    }
  });

  it('one account places one call at a time on an instance: the second waits for the line', async () => {
    const peer = await startSippPeer('busy-486.xml', {}, 2);
    try {
      const both = [6, 7].map((callId) =>
        dialler.originate({
          callId,
          attempt: 1,
          campaignId: 7,
          destination: `+42060100000${callId}`,
          timeoutSeconds: 10,
          account: account(peer.address),
        }),
      );
      await Promise.all(both);
      await waitFor(() => eventsOf(7).some((event) => event.type === 'ended'));
      const order = events.filter((e) => e.callId === 6 || e.callId === 7).map((e) => `${e.callId} ${e.type}`);
      expect(order).toEqual(['6 ringing', '6 ended', '7 ringing', '7 ended']);
      expect((await peer.done).code).toBe(0);
    } finally {
      await peer.stop();
    }
  });

  it('refuses destinations and accounts it cannot carry, with a message, and dials nothing', async () => {
    const good = account('127.0.0.1:5999');
    const request = {
      callId: 5,
      attempt: 1,
      campaignId: 7,
      destination: '+420601000005',
      timeoutSeconds: 5,
      account: good,
    };
    await expect(dialler.originate({ ...request, destination: '12345' })).rejects.toThrow(
      'neither an E.164 number nor a SIP URI',
    );
    await expect(dialler.originate({ ...request, account: { ...good, password: 'a;b' } })).rejects.toThrow(
      'SIP password',
    );
    await expect(dialler.originate({ ...request, account: { ...good, server: 'host>evil' } })).rejects.toThrow(
      'SIP server',
    );
    expect(eventsOf(5)).toEqual([]);
  });
});
