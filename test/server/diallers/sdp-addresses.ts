/**
 * The addresses an SDP body names: each `o=` (origin) and `c=` (connection) line's, as written. A peer sends its RTP
 * to the `c=` address, so a test that must stay on loopback checks every one of them.
 */
export function sdpAddresses(message: string): string[] {
  return [...message.matchAll(/^[oc]=(?:.* )?IN IP[46] ([^\s/]+)/gm)].map((match) => match[1] as string);
}

/** An IPv4 address in 127.0.0.0/8, the only addresses tests may reach. */
export const onLoopback = (address: string): boolean => /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address);
