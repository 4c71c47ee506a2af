/**
 * The client address every per-address limit, budget and hash keys by: the address Fastify resolved (the
 * connection's, or the one a proxy TRUST_PROXY trusts put into X-Forwarded-For), with an IPv6 address cut to
 * its network prefix (IPV6_PREFIX_BITS, 64 by default). One IPv6 subscriber is handed a whole /64 (2^64
 * addresses), so keying the full address would give every client as many limits as it cares to use. An IPv4
 * address, and an IPv4-mapped IPv6 one (::ffff:1.2.3.4), is the IPv4 address.
 *
 * Set once per request (`clientAddressHook`, the first hook); read with `clientAddress(request)`, never
 * `request.ip`.
 */
import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    clientAddress: string;
  }
}

export const DEFAULT_IPV6_PREFIX_BITS = 64;

/** The address a request's limits key by (see the module's comment). */
export function clientAddress(request: FastifyRequest): string {
  return request.clientAddress || addressGroup(request.ip ?? '', DEFAULT_IPV6_PREFIX_BITS);
}

/** Gives every request its `clientAddress`, before any other hook reads it. */
export function useClientAddresses(fastify: FastifyInstance, ipv6PrefixBits: number): void {
  fastify.decorateRequest('clientAddress', '');
  fastify.addHook('onRequest', (request, _reply, done) => {
    request.clientAddress = addressGroup(request.ip ?? '', ipv6PrefixBits);
    done();
  });
}

/**
 * The group an address is counted in: an IPv4 address as is; an IPv6 address as its first `prefixBits` bits,
 * written `<the 8 groups, the rest zeroed>/<bits>`, so every spelling of one network gives the same text; an
 * IPv4-mapped IPv6 address as its IPv4 address. Anything else (no address) is returned unchanged.
 */
export function addressGroup(address: string, prefixBits: number): string {
  const plain = address.split('%')[0]!; // a zone index (fe80::1%eth0) names no other host
  if (isIPv4(plain)) return plain;
  if (!isIPv6(plain)) return address;
  const groups = ipv6Groups(plain.toLowerCase());
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  const bits = Math.min(128, Math.max(0, prefixBits));
  const masked = groups.map((group, i) => {
    const keep = Math.min(16, Math.max(0, bits - i * 16));
    return keep === 0 ? 0 : group & (0xffff << (16 - keep)) & 0xffff;
  });
  return `${masked.map((group) => group.toString(16)).join(':')}/${bits}`;
}

/** The eight 16-bit groups of a valid IPv6 address (with `::` and a trailing dotted IPv4 part expanded). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const last = text.lastIndexOf(':') + 1;
  if (text.includes('.', last)) {
    const [a, b, c, d] = text.slice(last).split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, last)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}
