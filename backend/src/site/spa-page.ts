import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FRONTEND_DIST } from '../shared/paths.js';
import { renderMetaTags, type PageMeta } from './page-meta.js';

/**
 * The built SPA's index.html with a page's SEO tags written in. The template is read once; its own title
 * and description are replaced, so a crawler sees exactly one of each.
 */
export class SpaPage {
  private template?: string;

  render(meta?: PageMeta): string {
    this.template ??= readFileSync(join(FRONTEND_DIST, 'index.html'), 'utf8');
    if (!meta) return this.template;
    return this.template
      .replace(/<title>[\s\S]*?<\/title>\s*/, '')
      .replace(/<meta\s+name="description"[\s\S]*?>\s*/, '')
      .replace('</head>', `  ${renderMetaTags(meta)}\n  </head>`);
  }
}
