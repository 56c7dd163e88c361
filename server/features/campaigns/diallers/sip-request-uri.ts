import type { SipAccount } from '../dialler.ts';

/**
 * What baresip is asked to dial and as whom. Values come from the project settings and the call list; baresip's
 * account lines and commands are text with `;`, `<`, `>` and spaces as separators, so anything outside the plain
 * characters below is refused with a message rather than passed on.
 */

const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
const USER = /^[A-Za-z0-9+._~!*'()-]{1,64}$/;
/** A password may hold any printable character but the account line's separators. */
const PASSWORD = /^[^\s;<>"\\,]{0,128}$/;
const E164 = /^\+[1-9]\d{6,14}$/;
const SIP_URI = /^sips?:[A-Za-z0-9+._~!*'()%&=$,-]{1,64}@[A-Za-z0-9.[\]:-]{1,255}(?:;[A-Za-z0-9=._-]{1,64})*$/;

export class SipAddressError extends Error {
  override readonly name = 'SipAddressError';
}

export function checkAccount(account: SipAccount): void {
  if (!HOST.test(account.server)) throw new SipAddressError(`The SIP server "${account.server}" is not a host[:port].`);
  if (!USER.test(account.number))
    throw new SipAddressError(`The SIP number "${account.number}" is not a SIP user name.`);
  if (!PASSWORD.test(account.password)) {
    throw new SipAddressError(
      'The SIP password holds spaces or one of ; < > " \\ , which the SIP client cannot carry.',
    );
  }
}

/** The address of record the calls are placed from: sip:number@server. */
export const accountAor = (account: SipAccount): string => `sip:${account.number}@${account.server}`;

/** baresip's account line (no registration: calls are placed through the server, answering a digest challenge). */
export const accountLine = (account: SipAccount): string =>
  `<${accountAor(account)}>;auth_pass=${account.password};regint=0`;

/** An E.164 number is dialled through the account's server (sip:+number@server); a SIP URI as it is. */
export function requestUri(destination: string, account: SipAccount): string {
  if (E164.test(destination)) return `sip:${destination}@${account.server}`;
  if (SIP_URI.test(destination)) return destination;
  throw new SipAddressError(`"${destination}" is neither an E.164 number nor a SIP URI.`);
}
