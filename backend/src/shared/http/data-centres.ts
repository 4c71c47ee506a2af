/**
 * Which data-centre network (cloud, hosting) a client address is in, decided at ingest: analytics keeps only
 * the network's name on the session's start, never the address (docs/analytics.md). No npm package keeps the
 * providers' published ranges up to date offline (the providers publish JSON files that change weekly), so
 * the ranges are a short configurable list: ANALYTICS_DATA_CENTRE_RANGES, `name=CIDR` entries separated by
 * commas, replaces the built-in DEFAULT_DATA_CENTRE_RANGES ('none' for no ranges). Loopback, private,
 * link-local and shared (CGNAT) addresses are never a data centre's, whatever the list says.
 *
 * Matched with node's BlockList (no regular expression, no parsing of ours).
 */
import { BlockList, isIP } from 'node:net';

export interface DataCentreRange {
  network: string;
  address: string;
  prefix: number;
}

/**
 * A starting point: large blocks that only the big cloud and hosting providers announce (AWS, Google Cloud,
 * DigitalOcean, Hetzner, OVHcloud, Linode), from their published range lists. Not every range of theirs: set
 * ANALYTICS_DATA_CENTRE_RANGES for the networks your traffic comes from.
 */
export const DEFAULT_DATA_CENTRE_RANGES = [
  'aws=3.0.0.0/9',
  'aws=18.128.0.0/9',
  'aws=52.0.0.0/11',
  'aws=54.144.0.0/12',
  'google-cloud=34.64.0.0/10',
  'google-cloud=35.184.0.0/13',
  'digitalocean=104.131.0.0/16',
  'digitalocean=138.68.0.0/16',
  'digitalocean=159.89.0.0/16',
  'digitalocean=165.227.0.0/16',
  'digitalocean=167.99.0.0/16',
  'digitalocean=2604:a880::/32',
  'hetzner=5.9.0.0/16',
  'hetzner=88.198.0.0/16',
  'hetzner=95.216.0.0/16',
  'hetzner=135.181.0.0/16',
  'hetzner=2a01:4f8::/32',
  'ovh=51.68.0.0/16',
  'ovh=54.36.0.0/14',
  'ovh=145.239.0.0/16',
  'linode=45.79.0.0/16',
  'linode=139.162.0.0/16',
].join(',');

/** Never a data centre's: this machine, private networks, link-local, CGNAT, documentation-free local IPv6. */
const LOCAL = new BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  LOCAL.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  LOCAL.addSubnet(address, prefix, 'ipv6');
}

/** The entries of `name=CIDR,…`, or the problem with the first that is not one ('none': no entries). */
export function parseDataCentreRanges(text: string): DataCentreRange[] | { problem: string } {
  if (text.trim() === 'none') return [];
  const ranges: DataCentreRange[] = [];
  for (const entry of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [network = '', cidr = ''] = entry.split('=', 2).map((part) => part.trim());
    const [address = '', bits = ''] = cidr.split('/');
    const version = isIP(address);
    const prefix = Number(bits);
    const validName = network.length > 0 && network.length <= 40 && [...network].every((c) => c > ' ' && c <= '~' && c !== '=');
    if (!validName || version === 0 || bits === '' || !Number.isInteger(prefix) || prefix < 0 || prefix > (version === 4 ? 32 : 128)) {
      return { problem: `'${entry.slice(0, 80)}' is not name=CIDR (e.g. aws=3.0.0.0/9)` };
    }
    ranges.push({ network, address, prefix });
  }
  return ranges;
}

export class DataCentres {
  private readonly networks: { network: string; list: BlockList }[] = [];

  constructor(ranges: readonly DataCentreRange[]) {
    const byName = new Map<string, BlockList>();
    for (const { network, address, prefix } of ranges) {
      let list = byName.get(network);
      if (!list) byName.set(network, (list = new BlockList()));
      list.addSubnet(address, prefix, isIP(address) === 4 ? 'ipv4' : 'ipv6');
    }
    this.networks = [...byName].map(([network, list]) => ({ network, list }));
  }

  /**
   * The network a client address is in: the address as clientAddress gives it (an IPv6 one may be its
   * network prefix, `2001:db8:0:0:0:0:0:0/64`, which is checked by its first address). Null for any other
   * address, a local one, or none.
   */
  networkOf(client: string | undefined): string | null {
    if (!client) return null;
    const address = client.split('/')[0]!;
    const version = isIP(address);
    if (version === 0) return null;
    const type = version === 4 ? 'ipv4' : 'ipv6';
    if (LOCAL.check(address, type)) return null;
    return this.networks.find(({ list }) => list.check(address, type))?.network ?? null;
  }
}
