import { describe, expect, it } from 'vitest';
import { platformsFor } from './install-instructions';
import { installMethod, type InstallState } from './install-rules';
import { detectPlatform } from './platform';

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipadDesktopMode: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  linux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
};

describe('platform for the install instructions', () => {
  it('knows an iPhone', () => expect(detectPlatform({ userAgent: UA.iphone, maxTouchPoints: 5 })).toBe('ios'));
  it('knows an iPad that asks for the desktop site by its touch screen', () =>
    expect(detectPlatform({ userAgent: UA.ipadDesktopMode, maxTouchPoints: 5 })).toBe('ios'));
  it('takes a Mac without touch for a desktop', () =>
    expect(detectPlatform({ userAgent: UA.ipadDesktopMode, maxTouchPoints: 0 })).toBe('desktop'));
  it('knows Android', () => expect(detectPlatform({ userAgent: UA.android, maxTouchPoints: 5 })).toBe('android'));
  it.each([UA.windows, UA.linux])('takes anything else for a desktop', (userAgent) =>
    expect(detectPlatform({ userAgent, maxTouchPoints: 0 })).toBe('desktop'),
  );

  it("lists the visitor's platform first, then the others", () => {
    expect(platformsFor('android')).toEqual(['android', 'ios', 'desktop']);
    expect(platformsFor('ios')).toEqual(['ios', 'android', 'desktop']);
  });
});

describe('whether the app is installable', () => {
  const base: InstallState = { standalone: false, installed: false, hasPrompt: false, platform: 'desktop' };

  it('is not installable before the browser offers a prompt', () => expect(installMethod(base)).toBeNull());
  it('installs with the kept prompt', () => expect(installMethod({ ...base, hasPrompt: true })).toBe('prompt'));
  it('is not installable once accepted', () => expect(installMethod({ ...base, hasPrompt: true, installed: true })).toBeNull());
  it('is not installable when running standalone', () => expect(installMethod({ ...base, hasPrompt: true, standalone: true })).toBeNull());
  it('shows the instructions on iOS, which has no prompt', () => expect(installMethod({ ...base, platform: 'ios' })).toBe('instructions'));
  it('is not installable on iOS from the home screen', () =>
    expect(installMethod({ ...base, platform: 'ios', standalone: true })).toBeNull());
  it('is not installable on Android without a prompt', () => expect(installMethod({ ...base, platform: 'android' })).toBeNull());
});
