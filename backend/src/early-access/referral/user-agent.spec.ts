import { describe, expect, it } from 'vitest';
import { parseUserAgent } from './user-agent.js';

describe('parseUserAgent', () => {
  it('names the browser, system and device of a phone', () => {
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
    expect(parseUserAgent(iphone)).toEqual({ browser: 'Mobile Safari 17', os: 'iOS 17', device: 'mobile' });
  });

  it('calls a machine with no device type a desktop', () => {
    const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
    expect(parseUserAgent(chrome)).toEqual({ browser: 'Chrome 124', os: 'Windows 10', device: 'desktop' });
  });

  it('keeps nothing it cannot read', () => {
    expect(parseUserAgent(undefined)).toEqual({ browser: null, os: null, device: 'desktop' });
    expect(parseUserAgent('<script>alert(1)</script>')).toEqual({ browser: null, os: null, device: 'desktop' });
  });
});
