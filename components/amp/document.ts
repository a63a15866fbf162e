/**
 * Assembles an AMP HTML document as a string: React cannot emit `<html ⚡>`, the AMP boilerplate
 * or the runtime scripts comfortably, so React renders only the body and this module writes the
 * shell around it, escaping every interpolated value. The component scripts are chosen from what
 * the body actually uses, so a page never loads an extension it does not need.
 */
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { absoluteUrl, type PageHead, scriptJson } from "../../lib/head.tsx";
import { AMP_CSS } from "./styles.ts";

/** The official AMP runtime. */
export const AMP_RUNTIME_SRC = "https://cdn.ampproject.org/v0.js";

/** The official scripts of the AMP components these pages may use. */
export const AMP_COMPONENT_SRC = {
  "amp-analytics": "https://cdn.ampproject.org/v0/amp-analytics-0.1.js",
  "amp-carousel": "https://cdn.ampproject.org/v0/amp-carousel-0.2.js",
  "amp-sidebar": "https://cdn.ampproject.org/v0/amp-sidebar-0.1.js",
} as const;

/** The AMP boilerplate, byte for byte as https://amp.dev/documentation/guides-and-tutorials/learn/spec/amp-boilerplate gives it. */
export const AMP_BOILERPLATE =
  "<style amp-boilerplate>body{-webkit-animation:-amp-start 8s steps(1,end) 0s 1 normal both;-moz-animation:-amp-start 8s steps(1,end) 0s 1 normal both;-ms-animation:-amp-start 8s steps(1,end) 0s 1 normal both;animation:-amp-start 8s steps(1,end) 0s 1 normal both}@-webkit-keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}@-moz-keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}@-ms-keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}@-o-keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}@keyframes -amp-start{from{visibility:hidden}to{visibility:visible}}</style><noscript><style amp-boilerplate>body{-webkit-animation:none;-moz-animation:none;-ms-animation:none;animation:none}</style></noscript>";

/** What every AMP page needs to know about the shop. */
export interface AmpSite {
  /** Shop name: header, titles and og:site_name. */
  name: string;
  /** Absolute origin of the canonical (non-AMP) pages, without a trailing slash. */
  url: string;
  /** Legal name for the copyright line. */
  companyName: string;
  /** Free-shipping threshold shown in the top strip. */
  freeShippingCents: number;
  /** Analytics ids from the shop configuration; each tag is emitted only when its id is set. */
  analytics: { gaMeasurementId?: string; metaPixelId?: string };
}

/** Escapes text for an HTML text node or a double-quoted attribute value. */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function metaTag(key: "name" | "property", name: string, content: string): string {
  return `<meta ${key}="${escapeHtml(name)}" content="${escapeHtml(content)}">`;
}

/** The component scripts the rendered body needs, in a stable order. */
function componentScripts(bodyHtml: string): string {
  return (Object.keys(AMP_COMPONENT_SRC) as (keyof typeof AMP_COMPONENT_SRC)[])
    .filter((name) => bodyHtml.includes(`<${name}`))
    .map((name) => `<script async custom-element="${name}" src="${AMP_COMPONENT_SRC[name]}"></script>`)
    .join("");
}

/** The head tags: search and social metadata, canonical link to the non-AMP page, JSON-LD. */
function headTags(site: AmpSite, head: PageHead): string {
  const title = `${head.title} | ${site.name}`;
  const description = head.description ?? "";
  const canonical = absoluteUrl(site.url, head.canonicalPath);
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    metaTag("name", "description", description),
    metaTag("name", "robots", head.noindex ? "noindex, nofollow" : "index, follow"),
    metaTag("property", "og:site_name", site.name),
    metaTag("property", "og:title", title),
    metaTag("property", "og:description", description),
    metaTag("property", "og:url", canonical),
    metaTag("property", "og:type", head.ogType ?? "website"),
    metaTag("property", "og:locale", "en_ZA"),
  ];
  if (head.image) {
    const imageUrl = absoluteUrl(site.url, head.image.url);
    tags.push(metaTag("property", "og:image", imageUrl));
    if (head.image.width) tags.push(metaTag("property", "og:image:width", String(head.image.width)));
    if (head.image.height) tags.push(metaTag("property", "og:image:height", String(head.image.height)));
    if (head.image.alt) tags.push(metaTag("property", "og:image:alt", head.image.alt));
    tags.push(metaTag("name", "twitter:image", imageUrl));
  }
  tags.push(
    metaTag("name", "twitter:card", "summary_large_image"),
    metaTag("name", "twitter:title", title),
    metaTag("name", "twitter:description", description),
  );
  for (const m of head.meta ?? []) {
    tags.push(m.property ? metaTag("property", m.property, m.content) : metaTag("name", m.name ?? "", m.content));
  }
  tags.push(
    `<link rel="icon" href="/favicon.svg" type="image/svg+xml">`,
    `<meta name="theme-color" content="#166534">`,
  );
  for (const block of head.jsonLd ?? []) tags.push(`<script type="application/ld+json">${scriptJson(block)}</script>`);
  return tags.join("");
}

/** A complete AMP document: `<!doctype html><html ⚡ lang="en-ZA">`, head, boilerplate, body. */
export function renderAmpDocument({ site, head, body }: { site: AmpSite; head: PageHead; body: ReactElement }) {
  const bodyHtml = renderToStaticMarkup(body);
  return `<!doctype html><html ⚡ lang="en-ZA"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,minimum-scale=1,initial-scale=1">` +
    `<script async src="${AMP_RUNTIME_SRC}"></script>${componentScripts(bodyHtml)}` +
    `${headTags(site, head)}<style amp-custom>${AMP_CSS}</style>${AMP_BOILERPLATE}` +
    `</head><body>${bodyHtml}</body></html>`;
}
