import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { msg, webhookMessages, type Message } from '@casedesk/shared';

// SSRF (contract 23): a webhook never reaches this machine or a private network unless Settings → Toggles
// `webhookPrivateAddresses` allows it. Checked on the resolved addresses, at save and again at each send; the
// sender connects to the address checked here (no second lookup a rebinding name could answer differently).

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** An IPv4 address inside an IPv6 one (`::ffff:127.0.0.1`, NAT64 `64:ff9b::7f00:1`, `::127.0.0.1`), else null. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether an address is loopback, link-local, private, unique-local, multicast or reserved. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true; // not an address at all: never connect to it
  const v4 = embeddedIpv4(address);
  return v4 !== null ? blocked.check(v4, 'ipv4') : blocked.check(address, 'ipv6');
}

/** The host of a URL as DNS takes it (an IPv6 literal without its brackets). */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

export type ResolvedTarget =
  { ok: true; address: string; family: 4 | 6 } | { ok: false; reason: 'unresolvable' | 'private'; message: Message };

/**
 * Resolves the URL's host (every address, as `dns.lookup` answers with `all: true`) and judges them: one private
 * address among them refuses the whole name unless private addresses are allowed. Answers the address to connect to.
 */
export async function resolveTarget(url: URL, allowPrivate: boolean): Promise<ResolvedTarget> {
  const host = hostOf(url);
  let found: { address: string; family: number }[];
  try {
    found = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true, verbatim: true });
  } catch {
    found = [];
  }
  if (found.length === 0)
    return { ok: false, reason: 'unresolvable', message: msg(webhookMessages, 'unresolvable', { host }) };
  const risky = found.find((entry) => isPrivateAddress(entry.address));
  if (risky && !allowPrivate)
    return {
      ok: false,
      reason: 'private',
      message: msg(webhookMessages, 'privateAddress', { address: risky.address }),
    };
  // IPv4 first (`localhost` reaches a receiver bound to 127.0.0.1 whatever order the resolver gives).
  const first = found.find((entry) => entry.family === 4) ?? found[0]!;
  return { ok: true, address: first.address, family: first.family === 6 ? 6 : 4 };
}
