import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LRUCache } from 'lru-cache';
import { FRONTEND_DIST, FRONTEND_LANDING_SCRIPT, FRONTEND_SSR_ENTRY } from '../shared/paths.js';
import type { App, Category } from '../../../contracts/catalogue/app.js';
import { earlyAccessStatusKey } from '../../../contracts/early-access/keys.js';
import type { EarlyAccessStatus } from '../../../contracts/early-access/waitlist.js';
import { renderMetaTags, type PageMeta } from './page-meta.js';

/** A page whose SEO tags the server writes, with what its rules need. */
export type SeoPage =
  | { page: 'home'; /** The grid's page and filter (`?page=2`), or '' */ search: string }
  | { page: 'category'; category: Category; /** The page of its apps */ listPage: number }
  | { page: 'app'; app: App }
  /** A page that does not exist, sent with HTTP 404 */
  | { page: 'not-found'; kind: MissingPage };

/** What is missing: a path that is no page, or the category or app a slug names. */
export type MissingPage = 'page' | 'category' | 'app';

export interface PageParts {
  /** Absolute base of the site, without a trailing slash. */
  base: string;
  /** The page's path and the query parameters it reads; its first view is rendered on the server (and kept by it). */
  path: string;
  seo?: SeoPage;
  /** This response's Content Security Policy nonce, written on the page's inline scripts. */
  nonce: string;
  /** API responses the page will ask for, keyed by their path under /api: the SPA's SWR fallback. */
  initialData?: Record<string, unknown>;
}

/**
 * The built SPA's index.html, completed on the server for the page asked for: its SEO tags, from the SPA's
 * own rules (replacing the template's title and description), the data its first render needs (so it renders final content at
 * once, with no request waterfall or layout shift), and its first view rendered by the SPA's own components
 * (frontend/src/entry-server.tsx) from that same data, which the browser hydrates: the page paints before
 * any JavaScript runs. Without the server build, or if rendering fails, the page is sent without markup or
 * tags and the browser renders it. Every page carries the small inline script that starts the visit as the
 * page loads and counts one ending before the app's script has run (frontend/src/lib/analytics/landing.ts),
 * last in its head, after the title and data it reads. The template (stylesheet inlined), that script and the
 * server build are loaded once per process: restart after a new build.
 */
export class SpaPage {
  private template?: string;
  private landingScript?: string | null;
  private renderer?: Promise<ServerRenderer | null>;
  /**
   * Finished pages, with a placeholder for the nonce, by URL, kept while the page's data is the very same
   * objects: the catalogue's reads are kept for CATALOGUE_CACHE_MS and give the same object until then, so a
   * page is rendered once per change of its data instead of once per request. A render costs milliseconds of
   * the event loop, in which every other request waits. Bounded, since any path or query string is a URL of
   * its own: 200 pages of about 70–130 KB each. The site's controller gives each page its path and only the
   * query parameters it reads, so a made-up parameter is not a page of its own. A page is kept as the UTF-8
   * bytes around its nonce's placeholders: each answer is then a copy of those bytes with the nonce between
   * them, not a new string of 100 KB that Node encodes again (the pages have characters past Latin-1, so V8
   * keeps them two bytes a character, and encoding one cost more than all the rest of its answer).
   */
  private readonly pages = new LRUCache<string, { data: unknown[]; parts: Buffer[] }>({ max: 200 });
  private readonly nonceSlot = `nonce-${randomBytes(12).toString('hex')}`;

  constructor(private readonly onRenderError: (error: unknown, url: string) => void = () => {}) {}

  /** The URLs of the pages kept. */
  keptPages(): string[] {
    return [...this.pages.keys()];
  }

  /** The page's HTML, UTF-8. */
  async render({ base, path, seo, nonce, initialData = {} }: PageParts): Promise<Buffer> {
    const url = `${base}${path}`;
    const data = [seo && (seo.page === 'app' ? seo.app : seo.page === 'category' ? seo.category : seo.page), ...Object.values(initialData)];
    let kept = this.pages.get(url);
    if (!kept || !sameItems(kept.data, data)) {
      const built = await this.build(url, path, seo, initialData, base);
      kept = { data, parts: built.html.split(this.nonceSlot).map((part) => Buffer.from(part)) };
      if (built.rendered) this.pages.set(url, kept);
    }
    return withNonce(kept.parts, Buffer.from(nonce));
  }

  /** The page with the nonce's placeholder; `rendered` is false when its first view could not be rendered. */
  private async build(
    url: string,
    path: string,
    seo: SeoPage | undefined,
    initialData: Record<string, unknown>,
    base: string,
  ): Promise<{ html: string; rendered: boolean }> {
    this.renderer ??= existsSync(FRONTEND_SSR_ENTRY)
      ? (import(pathToFileURL(FRONTEND_SSR_ENTRY).href) as Promise<ServerRenderer>)
      : Promise.resolve(null);
    let meta: PageMeta | undefined;
    let markup = '';
    try {
      const renderer = await this.renderer;
      if (renderer) {
        meta = seo && pageMeta(renderer, seo, base, path, initialData[earlyAccessStatusKey] as EarlyAccessStatus | undefined);
        markup = await renderer.render(url, initialData);
      }
    } catch (error) {
      this.onRenderError(error, path);
    }
    const html = this.document(meta, initialData);
    if (!markup) return { html, rendered: false };
    // The page paints from the markup, so the app's code waits until after that first paint instead of
    // competing with it. Every replacement that inserts data is a function: a replacement string would expand
    // `$&`, `$'` and `` $` `` in an app's name into copies of the page.
    const page = loadScriptsAfterFirstPaint(html, this.nonceSlot).replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
    return { html: page, rendered: true };
  }

  private document(meta: PageMeta | undefined, initialData: Record<string, unknown>): string {
    this.template ??= inlineStylesheets(readFileSync(join(FRONTEND_DIST, 'index.html'), 'utf8'));
    this.landingScript ??= landingScript(this.nonceSlot);
    let html = this.template;
    const head: string[] = [];
    if (meta) {
      html = html.replace(/<title>[\s\S]*?<\/title>\s*/, '').replace(/<meta\s+name="description"[\s\S]*?>\s*/, '');
      head.push(renderMetaTags(meta));
    }
    head.push(`<script id="initial-data" type="application/json">${safeJson(initialData)}</script>`);
    // Last: it reads the page's title and first render's data, and sends the visit as it runs.
    if (this.landingScript) head.push(this.landingScript);
    return html.replace('</head>', () => `  ${head.join('\n    ')}\n  </head>`);
  }
}

/** The page's parts joined with the nonce between each two. */
function withNonce(parts: readonly Buffer[], nonce: Buffer): Buffer {
  const page = Buffer.allocUnsafe(parts.reduce((length, part) => length + part.length, nonce.length * (parts.length - 1)));
  let at = 0;
  parts.forEach((part, i) => {
    if (i > 0) at += nonce.copy(page, at);
    at += part.copy(page, at);
  });
  return page;
}

function sameItems(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

/** Turns the template's module script into one added two frames after the first paint, and drops its preloads. */
function loadScriptsAfterFirstPaint(html: string, nonce: string): string {
  return html
    .replace(/(?<!\s)\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(
      /<script type="module" crossorigin src="([^"]+)"><\/script>/,
      (_, src: string) =>
        `<script nonce="${nonce}">requestAnimationFrame(() => requestAnimationFrame(() => { const s = document.createElement('script'); s.type = 'module'; s.crossOrigin = ''; s.src = ${JSON.stringify(src)}; document.head.append(s); }));</script>`,
    );
}

/** What frontend/src/entry-server.tsx exports. */
interface ServerRenderer {
  render(url: string, initialData: Record<string, unknown>): Promise<string>;
  homeMeta(origin: string, search: string, status: EarlyAccessStatus | undefined): SpaPageMeta;
  categoryMeta(category: Category, origin: string, page: number): SpaPageMeta;
  appMeta(app: App, origin: string): SpaPageMeta;
  notFoundMeta(kind: MissingPage, path: string): SpaPageMeta;
}

/** The SPA's PageMetaProps: like PageMeta, with the canonical path instead of the URL. */
type SpaPageMeta = Omit<PageMeta, 'url'> & { path: string };

/**
 * `path`: the page's own (a missing page's tags name it); `status`: the Early Explorers status written into the
 * page, which the home page's description follows.
 */
function pageMeta(renderer: ServerRenderer, seo: SeoPage, base: string, path: string, status: EarlyAccessStatus | undefined): PageMeta {
  const { path: canonical, ...meta } =
    seo.page === 'home'
      ? renderer.homeMeta(base, seo.search, status)
      : seo.page === 'category'
        ? renderer.categoryMeta(seo.category, base, seo.listPage)
        : seo.page === 'app'
          ? renderer.appMeta(seo.app, base)
          : renderer.notFoundMeta(seo.kind, path);
  return { ...meta, url: new URL(canonical, base).toString() };
}

/**
 * The stylesheet written into the page instead of linked: one render-blocking request less before the first
 * paint, for a few kilobytes (compressed) per page.
 */
function inlineStylesheets(html: string): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, file: string) => {
    const path = join(FRONTEND_DIST, file);
    return existsSync(path) ? `<style>${readFileSync(path, 'utf8').replace(/<\/style/gi, '<\\/style')}</style>` : tag;
  });
}

/**
 * The inline part every page carries, at the end of its head: it notes the landing as the page is parsed and,
 * where the server wrote the page's title, sends the visit's start, the page view and an app page's view at
 * once; a visit that ends before the app's script runs is still counted. Null when it was not built.
 */
function landingScript(nonce: string): string | null {
  if (!existsSync(FRONTEND_LANDING_SCRIPT)) return null;
  const script = readFileSync(FRONTEND_LANDING_SCRIPT, 'utf8')
    .trim()
    .replace(/<\/script/gi, '<\\/script');
  return `<script nonce="${nonce}">${script}</script>`;
}

/** JSON that cannot end the script element it sits in. */
function safeJson(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
