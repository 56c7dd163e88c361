import ipaddr from 'ipaddr.js';

/**
 * Which addresses a webhook may reach (ASVS 13.2.4, QUALITY: Webhooks): public unicast only. Loopback,
 * private, link-local, carrier-grade NAT, multicast, reserved, IPv4-mapped and other IPv6 transition
 * addresses are refused; so is anything ipaddr.js cannot classify.
 */
export function refusedAddressReason(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'is not an IP address';
  const parsed = ipaddr.parse(address);
  const range = parsed.range();
  return range === 'unicast' ? null : `is a ${range} address`;
}

/**
 * `host:port` pairs a webhook, callback or import may reach although private: the operator's PRIVATE_FETCH_ALLOW
 * (added by server/app-scope.ts) and tests' local servers. Nothing a console user sends can add to it.
 */
export const webhookAllowList = new Set<string>();
