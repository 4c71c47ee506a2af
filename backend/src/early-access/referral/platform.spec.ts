import { describe, expect, it } from 'vitest';
import { detectPlatform } from './platform.js';

describe('detectPlatform', () => {
  it.each([
    ['https://t.co/abc123', 'twitter'],
    ['https://x.com/someone/status/1', 'twitter'],
    ['https://mobile.twitter.com/', 'twitter'],
    ['https://www.linkedin.com/feed/', 'linkedin'],
    ['https://lnkd.in/xyz', 'linkedin'],
    ['https://web.whatsapp.com/', 'whatsapp'],
    ['https://l.facebook.com/l.php?u=x', 'facebook'],
    ['https://m.facebook.com/', 'facebook'],
    ['https://old.reddit.com/r/smallbusiness', 'reddit'],
    ['https://t.me/channel', 'telegram'],
    ['https://mail.google.com/mail/u/0/', 'email'],
    ['https://outlook.live.com/mail/', 'email'],
    ['https://news.ycombinator.com/', 'other'],
    ['https://notx.com/', 'other'],
  ])('reads the referrer %s as %s', (referrer, platform) => {
    expect(detectPlatform({ referrer })).toBe(platform);
  });

  it('calls a visit with no referrer, or an unreadable one, direct', () => {
    expect(detectPlatform({})).toBe('direct');
    expect(detectPlatform({ referrer: '' })).toBe('direct');
    expect(detectPlatform({ referrer: 'not a url' })).toBe('direct');
  });

  it('prefers the via tag, then utm_source, over the referrer', () => {
    expect(detectPlatform({ via: 'WhatsApp', utmSource: 'linkedin', referrer: 'https://t.co/x' })).toBe('whatsapp');
    expect(detectPlatform({ utmSource: 'newsletter', referrer: 'https://t.co/x' })).toBe('email');
    expect(detectPlatform({ via: 'x' })).toBe('twitter');
    expect(detectPlatform({ via: 'email' })).toBe('email');
    expect(detectPlatform({ via: 'fb' })).toBe('facebook');
  });

  it('ignores tags it does not know and falls back to the referrer', () => {
    expect(detectPlatform({ via: 'carrier-pigeon', referrer: 'https://www.linkedin.com/' })).toBe('linkedin');
    expect(detectPlatform({ utmSource: "' or 1=1 --" })).toBe('direct');
  });
});
