/**
 * `npm run pwa:assets`: draws the installed app's icons and /favicon.ico from the brand mark (the header's SVG) and takes the
 * manifest's screenshots of a running Unsheet (BASE_URL, default http://localhost:3000), with Debian's
 * Chromium. The PNGs are committed in frontend/public/; run this again when the brand or the home page
 * changes visibly.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from '../e2e/chromium.js';
import { icoOf } from './ico.js';
import { APPLE_TOUCH_ICON, BRAND_CHECK, BRAND_PRIMARY, ICONS, SCREENSHOTS } from '../src/features/pwa/web-manifest.js';

const PUBLIC_DIR = new URL('../public/', import.meta.url).pathname;
const BASE_URL = (process.env.BASE_URL ?? 'http://localhost:3000').replace(/\/$/, '');

/**
 * The brand mark. A maskable icon may be cropped to a circle of 80 % of its width by the launcher, so its
 * mark sits inside that safe zone on a full-bleed background; the plain icon is the rounded tile itself.
 */
function brandSvg(size: number, maskable: boolean): string {
  const mark = (scale: number) => {
    const offset = (size - 32 * scale) / 2;
    return `<g transform="translate(${offset} ${offset}) scale(${scale})">
      ${maskable ? '' : `<rect width="32" height="32" rx="7" fill="${BRAND_PRIMARY}"/>`}
      <path d="M9 16.5l4.5 4.5L23 11" fill="none" stroke="${BRAND_CHECK}" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/>
    </g>`;
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
    ${maskable ? `<rect width="${size}" height="${size}" fill="${BRAND_PRIMARY}"/>${mark((size * 0.8) / 32)}` : mark(size / 32)}
  </svg>`;
}

/** The sizes in /favicon.ico: a browser tab's, and a desktop shortcut's. */
const FAVICON_SIZES = [16, 32, 48];

const browser = await launchChromium();
try {
  mkdirSync(join(PUBLIC_DIR, 'icons'), { recursive: true });
  for (const icon of [...ICONS, APPLE_TOUCH_ICON]) {
    const size = Number(icon.sizes.split('x')[0]);
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<style>html,body{margin:0;background:transparent}</style>${brandSvg(size, icon.purpose === 'maskable')}`);
    await page.locator('svg').screenshot({ path: join(PUBLIC_DIR, icon.src), omitBackground: true });
    await page.close();
    console.log(`${icon.src} ${icon.sizes}`);
  }

  const favicons = [];
  for (const size of FAVICON_SIZES) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<style>html,body{margin:0;background:transparent}</style>${brandSvg(size, false)}`);
    favicons.push({ size, png: await page.locator('svg').screenshot({ omitBackground: true }) });
    await page.close();
  }
  writeFileSync(join(PUBLIC_DIR, 'favicon.ico'), icoOf(favicons));
  console.log(`favicon.ico ${FAVICON_SIZES.join(', ')}`);

  mkdirSync(join(PUBLIC_DIR, 'screenshots'), { recursive: true });
  for (const shot of SCREENSHOTS) {
    const [width, height] = shot.sizes.split('x').map(Number) as [number, number];
    const page = await browser.newPage({ viewport: { width, height } });
    await page.goto(`${BASE_URL}/`, { waitUntil: 'networkidle' });
    await page.screenshot({ path: join(PUBLIC_DIR, shot.src) });
    await page.close();
    console.log(`${shot.src} ${shot.sizes}`);
  }
} finally {
  await browser.close();
}
