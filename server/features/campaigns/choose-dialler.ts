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
