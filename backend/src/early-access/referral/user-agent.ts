import { UAParser } from 'ua-parser-js';

/** What a referral click keeps of the visitor's user agent: names, not the raw string. */
export interface ClickUserAgent {
  browser: string | null;
  os: string | null;
  /** 'mobile', 'tablet', … as ua-parser-js names them; 'desktop' when it names none. */
  device: string;
}

export function parseUserAgent(header: string | undefined): ClickUserAgent {
  const result = new UAParser((header ?? '').slice(0, 512)).getResult();
  const named = (name?: string, version?: string) => (name ? [name, version?.split('.')[0]].filter(Boolean).join(' ') : null);
  return {
    browser: named(result.browser.name, result.browser.version),
    os: named(result.os.name, result.os.version),
    device: result.device.type ?? 'desktop',
  };
}
