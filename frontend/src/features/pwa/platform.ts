/**
 * Which install instructions a visitor needs (spec §4, Install): iOS, Android or desktop. Pure, so it is
 * unit-tested (install-rules.spec.ts); start-pwa.ts feeds it the browser's navigator.
 */
export type Platform = 'ios' | 'android' | 'desktop';

/** What the browser tells us about itself. */
export interface Device {
  userAgent: string;
  /** navigator.maxTouchPoints: an iPad asking for the desktop site says "Macintosh" but has touch. */
  maxTouchPoints: number;
}

export function detectPlatform({ userAgent, maxTouchPoints }: Device): Platform {
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'ios';
  if (/Macintosh/.test(userAgent) && maxTouchPoints > 1) return 'ios';
  if (/Android/.test(userAgent)) return 'android';
  return 'desktop';
}
