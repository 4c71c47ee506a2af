import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FRONTEND_DIST } from '../shared/paths.js';
import { renderMetaTags, type PageMeta } from './page-meta.js';

/** Route modules of the SPA, as named in Vite's build manifest. */
export type RouteChunk = 'src/app/routes/home.tsx' | 'src/app/routes/category.tsx' | 'src/app/routes/app-detail.tsx';

export interface PageParts {
  meta?: PageMeta;
  /** API responses the page will ask for, keyed by their path under /api: the SPA's SWR fallback. */
  initialData?: Record<string, unknown>;
  /** The lazily loaded route module the page needs, preloaded alongside the main bundle. */
  route?: RouteChunk;
}

/**
 * The built SPA's index.html, completed on the server for the page asked for: its SEO tags (replacing the
 * template's own title and description), the data its first render needs (so it renders final content at
 * once, with no request waterfall or layout shift), and a preload of its route module. The template (with
 * its stylesheet inlined) and Vite's manifest are read once per process: restart after a new build.
 */
export class SpaPage {
  private template?: string;
  private manifest?: Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

  render({ meta, initialData, route }: PageParts = {}): string {
    this.template ??= inlineStylesheets(readFileSync(join(FRONTEND_DIST, 'index.html'), 'utf8'));
    let html = this.template;
    const head: string[] = [];
    if (meta) {
      html = html.replace(/<title>[\s\S]*?<\/title>\s*/, '').replace(/<meta\s+name="description"[\s\S]*?>\s*/, '');
      head.push(renderMetaTags(meta));
    }
    if (route) {
      const preloads = this.preloads(route).filter((file) => !this.template!.includes(`/${file}"`));
      head.push(...preloads.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`));
    }
    if (initialData) {
      head.push(`<script id="initial-data" type="application/json">${safeJson(initialData)}</script>`);
    }
    return head.length > 0 ? html.replace('</head>', `  ${head.join('\n    ')}\n  </head>`) : html;
  }

  /** The route module and the chunks it imports, from Vite's manifest (nothing if there is none). */
  private preloads(route: RouteChunk): string[] {
    if (!this.manifest) {
      const file = join(FRONTEND_DIST, '.vite', 'manifest.json');
      this.manifest = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
    }
    const files = new Set<string>();
    const visit = (key: string) => {
      const entry = this.manifest![key];
      // The entry (main bundle) is loaded by index.html already.
      if (!entry || entry.isEntry || files.has(entry.file)) return;
      files.add(entry.file);
      for (const imported of entry.imports ?? []) visit(imported);
    };
    visit(route);
    return [...files];
  }
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

/** JSON that cannot end the script element it sits in. */
function safeJson(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
