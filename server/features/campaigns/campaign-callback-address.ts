import dns from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { refusedAddressReason, webhookAllowList } from '../../webhook/address-policy.ts';

/**
 * Why a campaign's callback URL is refused on saving, or null (issue 17 §2: SSRF-guarded like webhooks). The
 * address is checked again, and pinned, at every delivery (callWebhook), so a later DNS change cannot rebind it;
 * this early check only tells the user now. A host that does not resolve yet is let through to that later check.
 */
export async function callbackUrlProblem(raw: string): Promise<string | null> {
  if (raw === '') return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Callback URL is not a valid URL.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'Callback URL must be an http or https URL.';
  if (url.username || url.password) return 'Callback URL cannot hold credentials.';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  if (webhookAllowList.has(`${host}:${port}`)) return null;
  const addresses = ipaddr.isValid(host)
    ? [host]
    : (await dns.lookup(host, { all: true, verbatim: true }).catch(() => [])).map((a) => a.address);
  for (const address of addresses) {
    const reason = refusedAddressReason(address);
    if (reason)
      return `Callback URL ${host} ${address === host ? '' : `(${address}) `}${reason}; callbacks may reach public addresses only.`;
  }
  return null;
}
