import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { WEBHOOK_MESSAGES } from '@common/schemas/webhooks';

/**
 * Where a webhook may not go (SSRF): loopback, private, link-local, carrier-grade NAT,
 * unspecified, multicast and reserved ranges, in IPv4 and IPv6 (IPv4-mapped IPv6 too).
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** True when the address is one a webhook may not reach. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blocked.check(mapped[1]!, 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return blocked.check(address, 'ipv4');
}

/** The URL's own rules, before any lookup: http(s), https only unless private targets are allowed, no credentials. */
export function urlProblem(raw: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return WEBHOOK_MESSAGES.urlInvalid;
  }
  if (url.username || url.password) return WEBHOOK_MESSAGES.urlInvalid;
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && allowPrivate) return null;
  return url.protocol === 'http:' ? WEBHOOK_MESSAGES.httpsOnly : WEBHOOK_MESSAGES.urlInvalid;
}

/**
 * The connection's own DNS lookup: every address the name resolves to must be public (unless
 * allowed), and the connection goes to the address checked — so a name that resolves to a public
 * address when saved and to 127.0.0.1 at delivery (DNS rebinding) is refused at delivery.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const list = addresses ?? [];
      if (list.length === 0) return callback(Object.assign(new Error(WEBHOOK_MESSAGES.unresolvable), { code: 'ENOTFOUND' }), '', 0);
      if (!allowPrivate && list.some((a) => isPrivateAddress(a.address))) {
        return callback(Object.assign(new Error(WEBHOOK_MESSAGES.privateAddress), { code: 'EPRIVATE' }), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** The save-time check: the URL's rules, then its name's addresses (a literal address is checked as is). */
export async function checkWebhookTarget(raw: string, allowPrivate: boolean): Promise<string | null> {
  const problem = urlProblem(raw, allowPrivate);
  if (problem || allowPrivate) return problem;
  const host = new URL(raw).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isPrivateAddress(host) ? WEBHOOK_MESSAGES.privateAddress : null;
  return new Promise((resolve) => {
    guardedLookup(false)(host, { all: true }, (err) => {
      if (!err) return resolve(null);
      resolve((err as NodeJS.ErrnoException).code === 'EPRIVATE' ? WEBHOOK_MESSAGES.privateAddress : WEBHOOK_MESSAGES.unresolvable);
    });
  });
}
