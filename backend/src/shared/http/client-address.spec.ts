import { describe, expect, it } from 'vitest';
import { addressGroup } from './client-address.js';

describe('addressGroup', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressGroup('203.0.113.7', 64)).toBe('203.0.113.7');
  });

  it('gives an IPv4-mapped IPv6 address as its IPv4 address, in either spelling', () => {
    expect(addressGroup('::ffff:203.0.113.7', 64)).toBe('203.0.113.7');
    expect(addressGroup('::FFFF:cb00:7107', 64)).toBe('203.0.113.7');
    expect(addressGroup('0:0:0:0:0:ffff:203.0.113.7', 48)).toBe('203.0.113.7');
  });

  it('groups every address of one /64 into one key, however it is written', () => {
    const group = addressGroup('2001:db8:aa:bb::1', 64);
    expect(group).toBe('2001:db8:aa:bb:0:0:0:0/64');
    for (const address of ['2001:db8:aa:bb:ffff:ffff:ffff:ffff', '2001:0DB8:00AA:00BB:1234:5678:9abc:def0', '2001:db8:aa:bb::']) {
      expect(addressGroup(address, 64)).toBe(group);
    }
    expect(addressGroup('2001:db8:aa:bc::1', 64)).not.toBe(group);
  });

  it('cuts at any prefix length, inside a group too', () => {
    expect(addressGroup('2001:db8:aa:bb::1', 48)).toBe('2001:db8:aa:0:0:0:0:0/48');
    expect(addressGroup('2001:db8:abcd:ef01::1', 56)).toBe('2001:db8:abcd:ef00:0:0:0:0/56');
    expect(addressGroup('2001:db8::1', 128)).toBe('2001:db8:0:0:0:0:0:1/128');
    expect(addressGroup('2001:db8::1', 0)).toBe('0:0:0:0:0:0:0:0/0');
    expect(addressGroup('::1', 64)).toBe('0:0:0:0:0:0:0:0/64');
  });

  it('drops a zone index, and leaves what is not an address alone', () => {
    expect(addressGroup('fe80::1%eth0', 64)).toBe('fe80:0:0:0:0:0:0:0/64');
    expect(addressGroup('', 64)).toBe('');
    expect(addressGroup('unknown', 64)).toBe('unknown');
  });
});
