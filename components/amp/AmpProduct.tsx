/**
 * The body of /product/{slug}/amp: breadcrumb, images (a carousel when there are several), name,
 * price (sale price first, regular struck through), stock, the two buttons, description and, when
 * the product has a brand, its specifications.
 */
import "./elements.ts";
import type { Product } from "../../domains/catalog/mod.ts";
import { placeholderPath } from "../../lib/placeholder.ts";
import { truncate } from "../../lib/head.tsx";
import { AmpBreadcrumbs, AmpImage, AmpPrice, sizedImage } from "./parts.tsx";

/** Image box of the product page (4:3). */
export const PRODUCT_IMAGE = { width: 400, height: 300 } as const;

/**
 * The meta description: the product's own metaDescription (cut at 160 characters like every
 * page's), else its name plus the first 150 characters of its description.
 */
export function ampProductDescription(p: Pick<Product, "name" | "description" | "metaDescription">): string {
  if (p.metaDescription?.trim()) return truncate(p.metaDescription, 160);
  const text = p.description.replace(/\s+/g, " ").trim();
  if (!text) return p.name;
  return `${p.name} - ${text.slice(0, 150).trimEnd()}${text.length > 150 ? "…" : ""}`;
}

/** Plain-text description -> paragraphs: one per non-empty line (blank lines separate too). */
export function descriptionParagraphs(text: string): string[] {
  return text.split(/\r?\n/).map((line) => line.replace(/\s+/g, " ").trim()).filter(Boolean);
}

function dimensions(p: Product): string | null {
  return p.lengthCm !== null && p.widthCm !== null && p.heightCm !== null
    ? `${p.lengthCm} × ${p.widthCm} × ${p.heightCm} cm`
    : null;
}

function Gallery({ product: p }: { product: Product }) {
  const sources = (p.images.length ? p.images : [placeholderPath(p.name)])
    .map((src) => sizedImage(src, PRODUCT_IMAGE.width * 2, PRODUCT_IMAGE.height * 2));
  if (sources.length === 1) return <AmpImage src={sources[0]} alt={p.name} {...PRODUCT_IMAGE} fallback />;
  return (
    <amp-carousel type="slides" layout="responsive" {...PRODUCT_IMAGE} controls="" aria-label="Product images">
      {sources.map((src, i) => (
        <AmpImage
          key={src}
          src={src}
          alt={`${p.name}, image ${i + 1} of ${sources.length}`}
          {...PRODUCT_IMAGE}
          fallback={i === 0}
        />
      ))}
    </amp-carousel>
  );
}

function Specifications({ product: p }: { product: Product }) {
  const rows: [string, string][] = [
    ["Brand", p.brand ?? ""],
    ["SKU", p.sku],
    ...(p.weightKg !== null ? [["Weight", `${p.weightKg} kg`] as [string, string]] : []),
    ...(dimensions(p) ? [["Dimensions", dimensions(p)!] as [string, string]] : []),
  ];
  return (
    <section className="panel" aria-labelledby="specs-title">
      <h2 id="specs-title">Specifications</h2>
      <table className="specs">
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function AmpProductView({ product: p }: { product: Product }) {
  const crumbs = [
    { label: "All Categories", href: "/categories" },
    ...(p.category
      ? [{ label: p.category.name, href: `/category/${p.category.slug}` }]
      : p.categoryId !== null
      ? [{ label: "View Similar Products", href: "/products" }]
      : []),
    { label: p.name },
  ];
  const paragraphs = descriptionParagraphs(p.description);
  const inStock = p.stock > 0;
  return (
    <>
      <AmpBreadcrumbs items={crumbs} />
      <article>
        <div className="product">
          <div className="gallery">
            <Gallery product={p} />
          </div>
          <div>
            {p.brand ? <p className="brand-label">{p.brand}</p> : null}
            <h1 className="title">{p.name}</h1>
            <AmpPrice priceCents={p.priceCents} salePriceCents={p.salePriceCents} />
            <p className={`stock ${inStock ? "stock-in" : "stock-out"}`}>{inStock ? "In Stock" : "Out of Stock"}</p>
            <div className="actions">
              <a className="btn btn-primary" href={`/cart?product=${p.id}`}>Add to Cart</a>
              <a className="btn btn-outline" href={`/product/${p.slug}`}>View Full Product</a>
            </div>
            <p className="note">Prices in rand (ZAR), VAT included.</p>
          </div>
        </div>
        {paragraphs.length
          ? (
            <section className="panel desc" aria-labelledby="desc-title">
              <h2 id="desc-title">Description</h2>
              {paragraphs.map((text, i) => <p key={i}>{text}</p>)}
            </section>
          )
          : null}
        {p.brand ? <Specifications product={p} /> : null}
      </article>
    </>
  );
}
