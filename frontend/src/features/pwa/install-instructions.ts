import type { Platform } from './platform';

/** The steps to add the site to a home screen or desktop by hand, per platform (spec §4, Install). */
export const INSTALL_INSTRUCTIONS: Record<Platform, { label: string; steps: string[] }> = {
  ios: {
    label: 'iPhone & iPad',
    steps: ['Tap the Share button in Safari.', 'Scroll down and tap Add to Home Screen.', 'Tap Add.'],
  },
  android: {
    label: 'Android',
    steps: ['Tap the menu (⋮) in your browser.', 'Tap Add to Home Screen.', 'Tap Add.'],
  },
  desktop: {
    label: 'Desktop',
    steps: ['Click the install icon in the address bar.', 'Click Install to add Unsheet to your apps.'],
  },
};

/** The visitor's own platform first, then the others in a fixed order. */
export function platformsFor(platform: Platform): Platform[] {
  return [platform, ...(['ios', 'android', 'desktop'] as const).filter((other) => other !== platform)];
}
