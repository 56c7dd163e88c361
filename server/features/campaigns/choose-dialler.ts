import { NO_DIALLER_TEXT, type OutboundDialler } from '../../../src/api/contract/outbound.ts';
import type { Clock } from './clock.ts';
import type { Dialler } from './dialler.ts';
import { chooseGatewayDialler } from './diallers/choose-dialler.ts';
import type { DiallerSettings } from './diallers/dialler-settings.ts';
import { FakeDialler } from './fake-dialler.ts';

/**
 * The process's dialler, from CAMPAIGN_DIALLER. `none` (the default) dials nothing: campaigns can be prepared and
 * their calls wait. `fake` answers every call and holds it three seconds (demos, end-to-end tests without SIP).
 * `sip`, `jambonz` and `twilio` place real calls (server/features/campaigns/diallers/).
 */
export function chooseDialler(settings: DiallerSettings, clock: Clock): Dialler | null {
  switch (settings.kind) {
    case 'none':
      return null;
    case 'fake':
      return new FakeDialler({ decide: () => ({ kind: 'answer', holdMs: 3000 }), now: () => clock.now() });
    default:
      return chooseGatewayDialler(settings);
  }
}

/** What the outbound screen is told (GET /outbound/dialler): `none` places no call. */
export const diallerOf = (settings: DiallerSettings): OutboundDialler => ({
  kind: settings.kind,
  places_calls: settings.kind !== 'none',
});

/** The server's log line at start when no dialler is configured (issue 33: nothing silent). */
export const NO_DIALLER_LOG = `Outbound campaigns: ${NO_DIALLER_TEXT}`;

/** The log line of a campaign started while no dialler is configured. */
export const startedWithoutDiallerLog = (name: string, id: number): string =>
  `Campaign ${name} (${id}) was started, but no dialler is configured (CAMPAIGN_DIALLER=none): its calls wait.`;
