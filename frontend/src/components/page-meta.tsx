/**
 * A page's SEO tags. React 19 hoists <title>, <meta> and <link> rendered anywhere into <head>, so each route
 * renders one <PageMeta>. The server writes the same tags into the HTML of `/`, `/c/:slug` and `/app/:slug`
 * for crawlers (marked data-ssr); main.tsx removes those before React renders, so tags never appear twice.
 */
import { useEffect } from 'react';

export const SITE_NAME = 'Unsheet';

export interface PageMetaProps {
  /** Full title as shown in the tab, brand included. */
  title: string;
  description: string;
  keywords?: string[];
  /** Path of the canonical URL ('/app/invoice-chaser'); made absolute from the current origin. */
  path: string;
  type?: 'website' | 'article';
  /** Structured data objects, each written as one application/ld+json script. */
  jsonLd?: object[];
}

/** The site's origin in the browser. During server rendering PageMeta renders nothing, so any origin will do. */
export function siteOrigin(): string {
  return typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
}

export function PageMeta({ title, description, keywords, path, type = 'website', jsonLd = [] }: PageMetaProps) {
  useJsonLd(jsonLd);
  if (typeof window === 'undefined') return null;
  const url = new URL(path, window.location.origin).toString();
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {keywords && keywords.length > 0 && <meta name="keywords" content={keywords.join(', ')} />}
      <link rel="canonical" href={url} />
      <meta property="og:type" content={type} />
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta name="twitter:card" content="summary" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
    </>
  );
}

/**
 * Structured data goes into <head> from an effect: unlike <title> and <meta>, React renders a <script> where
 * it stands, and one rendered in the browser only would not match the server-rendered markup it hydrates.
 */
function useJsonLd(jsonLd: object[]) {
  const json = JSON.stringify(jsonLd);
  useEffect(() => {
    const scripts = (JSON.parse(json) as object[]).map((data) => {
      const script = document.createElement('script');
      script.type = 'application/ld+json';
      script.textContent = JSON.stringify(data);
      document.head.append(script);
      return script;
    });
    return () => scripts.forEach((script) => script.remove());
  }, [json]);
}
