import { randomUUID } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';

/** Incoming ids are kept only in this shape: no spaces or quotes to forge log lines with. */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{8,128}$/;
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Fastify's `genReqId`: the balancer's `x-request-id` when the connection comes from a trusted
 * proxy (TRUST_PROXY), so the balancer's log and ours share the id; otherwise a new one (anyone
 * else could make up ids to confuse support).
 */
export function requestIdGenerator(trustedProxies: string[]): (request: IncomingMessage) => string {
  const trusted = new BlockList();
  for (const entry of trustedProxies) {
    const [address, prefix] = entry.split('/');
    const family = isIP(address!) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) trusted.addAddress(address!, family);
    else trusted.addSubnet(address!, Number(prefix), family);
  }
  const isTrusted = (address: string | undefined) => {
    if (!address || trustedProxies.length === 0) return false;
    const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
    return trusted.check(plain, isIP(plain) === 6 ? 'ipv6' : 'ipv4');
  };
  return (request) => {
    const given = request.headers[REQUEST_ID_HEADER];
    if (typeof given === 'string' && ACCEPTED_ID.test(given) && isTrusted(request.socket.remoteAddress)) return given;
    return randomUUID();
  };
}
