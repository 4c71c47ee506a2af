import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { DataCentres, DEFAULT_DATA_CENTRE_RANGES, parseDataCentreRanges, type DataCentreRange } from './data-centres.js';
import { addressGroup } from './client-address.js';

const ranges = (text: string) => parseDataCentreRanges(text) as DataCentreRange[];

describe('DataCentres', () => {
  const centres = new DataCentres(ranges('aws=3.0.0.0/9,hetzner=5.9.0.0/16,hetzner=2a01:4f8::/32,wide=0.0.0.0/0,wide6=::/0'));

  it('names the network an address is in', () => {
    expect(new DataCentres(ranges('aws=3.0.0.0/9')).networkOf('3.120.1.2')).toBe('aws');
    expect(centres.networkOf('5.9.10.11')).toBe('hetzner');
    // An IPv6 client comes as its /64 (clientAddress), an IPv4-mapped one as its IPv4 address.
    expect(centres.networkOf(addressGroup('2a01:4f8:c17:1::1', 64))).toBe('hetzner');
    expect(centres.networkOf(addressGroup('::ffff:3.1.2.3', 64))).toBe('aws');
  });

  it('never calls loopback, private, link-local or CGNAT addresses a data centre’s, whatever the list says', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.1.1',
      '100.64.0.1',
      '::1',
      'fd00::1',
      'fe80::1',
    ]) {
      expect(centres.networkOf(address), address).toBeNull();
    }
    expect(centres.networkOf(undefined)).toBeNull();
    expect(centres.networkOf('unknown')).toBeNull();
  });

  it('reads the built-in list, "none", and refuses an entry that is not name=CIDR', () => {
    expect(new DataCentres(ranges(DEFAULT_DATA_CENTRE_RANGES)).networkOf('3.5.6.7')).toBe('aws');
    expect(new DataCentres(ranges(DEFAULT_DATA_CENTRE_RANGES)).networkOf('81.2.69.160')).toBeNull();
    expect(parseDataCentreRanges('none')).toEqual([]);
    for (const bad of ['3.0.0.0/9', 'aws=3.0.0.0', 'aws=3.0.0.0/33', 'aws=nowhere/8', '=3.0.0.0/9']) {
      expect(parseDataCentreRanges(bad), bad).toHaveProperty('problem');
    }
  });

  it('is configured by ANALYTICS_DATA_CENTRE_RANGES, a wrong value naming the variable', () => {
    expect(loadConfig({ ANALYTICS_DATA_CENTRE_RANGES: 'mine=203.0.113.0/24' }).ANALYTICS_DATA_CENTRE_RANGES).toEqual([
      { network: 'mine', address: '203.0.113.0', prefix: 24 },
    ]);
    expect(() => loadConfig({ ANALYTICS_DATA_CENTRE_RANGES: 'mine=203.0.113.0' })).toThrow(/ANALYTICS_DATA_CENTRE_RANGES/);
    expect(() => loadConfig({ ANALYTICS_REFERRER_SPAM: 'a b.example' })).toThrow(/ANALYTICS_REFERRER_SPAM/);
  });
});
