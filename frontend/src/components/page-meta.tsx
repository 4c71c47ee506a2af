/**
 * A page's SEO tags. React 19 hoists <title>, <meta> and <link> rendered anywhere into <head>, so each route
 * renders one <PageMeta>. The server writes the same tags into the HTML of `/`, `/c/:slug` and `/app/:slug`
 * for crawlers (marked data-ssr); main.tsx removes those before React renders, so tags never appear twice.
 */
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

export function PageMeta({ title, description, keywords, path, type = 'website', jsonLd = [] }: PageMetaProps) {
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
      {jsonLd.map((data, index) => (
        <script key={index} type="application/ld+json">
          {JSON.stringify(data)}
        </script>
      ))}
    </>
  );
}
