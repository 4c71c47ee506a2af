/**
 * The web app manifest (written to dist/manifest.webmanifest by vite-plugin-pwa, see vite.config.ts) and
 * the images it names. The PNGs are drawn by `npm run pwa:assets` (frontend/scripts/pwa-assets.ts) and
 * committed in frontend/public/. Build-time only: nothing here is imported by the app's pages.
 */

/** indigo-600 (--color-primary), emerald-400 (the mark's check) and slate-50 (--color-background). */
export const BRAND_PRIMARY = '#4f46e5';
export const BRAND_CHECK = '#34d399';
export const BRAND_BACKGROUND = '#f8fafc';

type Icon = { src: string; sizes: string; type: 'image/png'; purpose: 'any' | 'maskable' };

export const ICONS: Icon[] = [
  { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: 'icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/** iOS ignores the manifest's icons and rounds this one itself, so it is full-bleed like a maskable icon. */
export const APPLE_TOUCH_ICON: Icon = { src: 'icons/apple-touch-icon.png', sizes: '180x180', type: 'image/png', purpose: 'maskable' };

/** Shown by Chromium's richer install dialog: one wide (desktop) and one narrow (phone) view of the home page. */
export const SCREENSHOTS = [
  { src: 'screenshots/home-wide.png', sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: 'Unsheet home page on a desktop' },
  { src: 'screenshots/home-narrow.png', sizes: '390x844', type: 'image/png', form_factor: 'narrow', label: 'Unsheet home page on a phone' },
] as const;

export const webManifest = {
  id: '/',
  name: 'Unsheet – AI tools that replace spreadsheets',
  short_name: 'Unsheet',
  description:
    'A directory of small AI tools that replace spreadsheets and manual processes for small businesses. Browse by category and join the Early Explorers.',
  lang: 'en',
  start_url: '/',
  scope: '/',
  display: 'standalone' as const,
  theme_color: BRAND_PRIMARY,
  background_color: BRAND_BACKGROUND,
  categories: ['business', 'productivity'],
  icons: ICONS.map((icon) => ({ ...icon, src: `/${icon.src}` })),
  screenshots: SCREENSHOTS.map((shot) => ({ ...shot, src: `/${shot.src}` })),
};
