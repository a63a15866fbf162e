/** The <head> of every page: title, description, canonical, social tags, robots, structured data. */
import type { ReactNode } from "react";
import { narrowJson } from "./narrow_markup.ts";

export interface PageHead {
  /** Page title without the site name: rendered as '{title} | {site name}'. */
  title: string;
  description?: string;
  /** Path (and allowed query) of the canonical URL, e.g. /product/exo-terra-heat-mat. */
  canonicalPath: string;
  /** Absolute or root-relative image for social cards. */
  image?: { url: string; width?: number; height?: number; alt?: string };
  ogType?: "website" | "product";
  noindex?: boolean;
  /** Extra <meta property|name=...> pairs (product price, availability...). */
  meta?: { property?: string; name?: string; content: string }[];
  jsonLd?: object[];
  ampPath?: string;
}

/** Cuts text to `max` characters on a word boundary, adding an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, "")}…`;
}

/** JSON for a <script> data block: `<` escaped so no `</script>` can break out. */
export function scriptJson(value: unknown): string {
  // U+2028 and U+2029 (line breaks to older JavaScript) are escaped with every other character
  // above U+007F: the page stays ASCII (lib/narrow_markup.ts).
  return narrowJson(JSON.stringify(value).replace(/</g, "\\u003c"));
}

export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${siteUrl}${pathOrUrl}`;
}

/** Renders the head elements for a page. */
export function HeadTags(
  { head, siteUrl, siteName, defaultDescription, defaultImage, children }: {
    head: PageHead;
    siteUrl: string;
    siteName: string;
    defaultDescription: string;
    defaultImage: string;
    children?: ReactNode;
  },
) {
  const title = `${head.title} | ${siteName}`;
  const description = truncate(head.description || defaultDescription, 160);
  const canonical = absoluteUrl(siteUrl, head.canonicalPath);
  const image = head.image ?? { url: defaultImage, width: 1200, height: 630 };
  const imageUrl = absoluteUrl(siteUrl, image.url);
  return (
    <>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={canonical} />
      <meta name="robots" content={head.noindex ? "noindex, nofollow" : "index, follow"} />
      <meta property="og:site_name" content={siteName} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:type" content={head.ogType ?? "website"} />
      <meta property="og:locale" content="en_ZA" />
      <meta property="og:image" content={imageUrl} />
      {image.width ? <meta property="og:image:width" content={String(image.width)} /> : null}
      {image.height ? <meta property="og:image:height" content={String(image.height)} /> : null}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
      {(head.meta ?? []).map((m, i) => (
        <meta key={i} {...(m.property ? { property: m.property } : { name: m.name })} content={m.content} />
      ))}
      {head.ampPath ? <link rel="amphtml" href={absoluteUrl(siteUrl, head.ampPath)} /> : null}
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <link rel="icon" href="/favicon.ico" sizes="32x32" />
      <meta name="theme-color" content="#166534" />
      {(head.jsonLd ?? []).map((block, i) => (
        <script key={`ld${i}`} type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptJson(block) }} />
      ))}
      {children}
    </>
  );
}
