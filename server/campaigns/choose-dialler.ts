import type { ServerConfig } from '../config.ts';
import type { Clock } from './clock.ts';
import type { Dialler } from './dialler.ts';
import { FakeDialler } from './fake-dialler.ts';

/**
 * The process's dialler, from CAMPAIGN_DIALLER. `none` (the default) dials nothing: campaigns can be prepared and
 * their calls wait. `fake` answers every call and holds it three seconds (demos, end-to-end tests without SIP).
 * The SIP and REST adapters (server/campaigns/diallers/) are added here as they land.
 */
export function chooseDialler(config: Pick<ServerConfig, 'campaignDialler'>, clock: Clock): Dialler | null {
  switch (config.campaignDialler) {
    case 'none':
      return null;
    case 'fake':
      return new FakeDialler({ decide: () => ({ kind: 'answer', holdMs: 3000 }), now: () => clock.now() });
    default:
      throw new Error(`CAMPAIGN_DIALLER must be none or fake, not "${config.campaignDialler}".`);
  }
}
