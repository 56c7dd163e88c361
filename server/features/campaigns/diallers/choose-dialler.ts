import type { Dialler } from '../dialler.ts';
import type { GatewaySettings } from './dialler-settings.ts';
import { JambonzDialler } from './jambonz-dialler.ts';
import { SipDialler } from './sip-dialler.ts';
import { TwilioDialler } from './twilio-dialler.ts';

/**
 * A dialler that really places calls (CAMPAIGN_DIALLER=sip|jambonz|twilio), created once in the application scope. The SIP
 * dialler starts its baresip at the first call, so an instance that never dials runs none.
 */
export function chooseGatewayDialler(settings: GatewaySettings): Dialler {
  switch (settings.kind) {
    case 'sip':
      return new SipDialler({ binary: settings.baresipBinary, sipHost: settings.sipHost });
    case 'jambonz':
      return new JambonzDialler(settings);
    case 'twilio':
      return new TwilioDialler(settings);
  }
}
