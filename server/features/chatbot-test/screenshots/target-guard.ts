import dns from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { refusedAddressReason } from '../../../webhook/address-policy.ts';

export type CheckedTarget = { address: string; family: 4 | 6 } | { refused: string };

/**
 * Resolves a host and applies the webhooks' address policy to every address it has (public unicast only),
 * unless private addresses are allowed. The caller connects to the returned address, so a second lookup
 * cannot rebind the name to an inner one.
 */
export async function checkTarget(hostname: string, allowPrivate: boolean): Promise<CheckedTarget> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const addresses = ipaddr.isValid(host)
    ? [{ address: host, family: ipaddr.parse(host).kind() === 'ipv6' ? 6 : 4 }]
    : await dns.lookup(host, { all: true, verbatim: true }).catch(() => []);
  if (addresses.length === 0) return { refused: `Host ${host} cannot be resolved.` };
  if (!allowPrivate) {
    for (const a of addresses) {
      const reason = refusedAddressReason(a.address);
      if (reason) return { refused: `Address ${a.address} of ${host} ${reason}; only public addresses can be shown.` };
    }
  }
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
