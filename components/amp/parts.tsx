/** Small pieces shared by the AMP pages: images, prices, breadcrumbs. */
import "./elements.ts";
import { formatMoney } from "../../lib/money.ts";

/**
 * The URL of an image rendered at `width` x `height`: our generated placeholder images take the size
 * as a query (so the picture matches the AMP box); any other image URL is returned unchanged.
 */
export function sizedImage(src: string, width: number, height: number): string {
  if (!src.startsWith("/images/placeholder/")) return src;
  const url = new URL(src, "http://x");
  url.searchParams.set("w", String(width));
  url.searchParams.set("h", String(height));
  return `${url.pathname}${url.search}`;
}

/**
 * A responsive amp-img. With `fallback`, a <noscript><img> inside shows the picture to readers
 * without JavaScript (AMP allows exactly this fallback).
 */
export function AmpImage(
  { src, alt, width, height, fallback = false }: {
    src: string;
    alt: string;
    width: number;
    height: number;
    fallback?: boolean;
  },
) {
  return (
    <amp-img src={src} alt={alt} width={width} height={height} layout="responsive">
      {fallback
        ? (
          <noscript>
            <img src={src} alt={alt} width={width} height={height} />
          </noscript>
        )
        : null}
    </amp-img>
  );
}

/** A price; with a sale price, the sale price first and the regular price struck through. */
export function AmpPrice({ priceCents, salePriceCents }: { priceCents: number; salePriceCents: number | null }) {
  if (salePriceCents === null) {
    return (
      <p className="price" data-price>
        <span className="price-now">{formatMoney(priceCents)}</span>
      </p>
    );
  }
  return (
    <p className="price" data-price>
      <span className="price-now price-sale">{formatMoney(salePriceCents)}</span>
      <s className="price-was">
        <span className="sr-only">Was</span> {formatMoney(priceCents)}
      </s>
    </p>
  );
}

/** A breadcrumb trail; the last crumb is the current page. */
export function AmpBreadcrumbs({ items }: { items: { label: string; href?: string }[] }) {
  return (
    <nav className="crumbs" aria-label="Breadcrumb">
      <ol>
        {items.map((item, i) => (
          <li key={i}>
            {item.href && i < items.length - 1
              ? <a href={item.href}>{item.label}</a>
              : <span aria-current={i === items.length - 1 ? "page" : undefined}>{item.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
