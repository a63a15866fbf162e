/**
 * Feed files: the Meta catalogue CSV (data feed columns) and Google's RSS 2.0 product feed with
 * the g: namespace. Both only print what feedItems() prepared; escaping happens here.
 */
import { csvFile } from "../../lib/csv.ts";
import { toNumeric } from "../../lib/money.ts";
import type { FeedItem } from "./service.ts";

/** "1299.00 ZAR": the price format both merchant centres take. */
export function feedPrice(cents: number): string {
  return `${toNumeric(cents)} ZAR`;
}

export const META_CSV_COLUMNS = [
  "id",
  "title",
  "description",
  "availability",
  "condition",
  "price",
  "sale_price",
  "link",
  "image_link",
  "additional_image_link",
  "brand",
  "gtin",
  "mpn",
  "item_group_id",
  "product_type",
  "google_product_category",
] as const;

/**
 * The Meta commerce catalogue data feed, CRLF line ends (RFC 4180). Every column is text in Meta's
 * spec (prices are "129.00 ZAR"), so every cell goes through lib/csv's formula neutralising.
 */
export function metaCsv(items: FeedItem[]): string {
  return csvFile(
    META_CSV_COLUMNS,
    items.map((i) => [
      i.id,
      i.title,
      i.description,
      i.availability,
      i.condition,
      feedPrice(i.priceCents),
      i.salePriceCents === null ? "" : feedPrice(i.salePriceCents),
      i.link,
      i.imageLink,
      i.additionalImageLinks.join(","),
      i.brand,
      i.gtin,
      i.mpn,
      i.itemGroupId,
      i.productType,
      i.googleProductCategory,
    ]),
  );
}

/** XML text and attribute escaping (the five predefined entities). */
export function xmlEscape(value: string): string {
  return value.replace(
    /[<>&"']/g,
    (ch) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[ch]!,
  );
}

const googleAvailability = { "in stock": "in_stock", "out of stock": "out_of_stock", preorder: "preorder" } as const;

/** Google Merchant Center RSS 2.0 feed. */
export function googleXml(items: FeedItem[], channel: { title: string; link: string; description: string }): string {
  const tag = (name: string, value: string | null | undefined) =>
    value === null || value === undefined || value === "" ? "" : `<${name}>${xmlEscape(value)}</${name}>`;
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    "<channel>",
    tag("title", channel.title),
    tag("link", channel.link),
    tag("description", channel.description),
  ];
  for (const i of items) {
    out.push(
      [
        "<item>",
        tag("g:id", i.id),
        tag("title", i.title),
        tag("description", i.description),
        tag("link", i.link),
        tag("g:image_link", i.imageLink),
        ...i.additionalImageLinks.map((u) => tag("g:additional_image_link", u)),
        tag("g:availability", googleAvailability[i.availability]),
        i.availabilityDate ? tag("g:availability_date", `${i.availabilityDate}T00:00+02:00`) : "",
        tag("g:price", feedPrice(i.priceCents)),
        i.salePriceCents === null ? "" : tag("g:sale_price", feedPrice(i.salePriceCents)),
        tag("g:brand", i.brand),
        tag("g:gtin", i.gtin),
        tag("g:mpn", i.mpn),
        tag("g:identifier_exists", i.gtin || i.mpn ? null : "no"),
        tag("g:condition", i.condition),
        tag("g:item_group_id", i.itemGroupId),
        tag("g:product_type", i.productType),
        tag("g:google_product_category", i.googleProductCategory),
        "</item>",
      ].join(""),
    );
  }
  out.push("</channel>", "</rss>");
  return out.join("\n") + "\n";
}

/** The JSON shape of GET /api/meta-commerce/products: the same items, prices as feed strings. */
export function feedJson(items: FeedItem[]) {
  return {
    count: items.length,
    items: items.map((i) => ({
      id: i.id,
      title: i.title,
      description: i.description,
      availability: i.availability,
      availabilityDate: i.availabilityDate,
      condition: i.condition,
      price: feedPrice(i.priceCents),
      salePrice: i.salePriceCents === null ? null : feedPrice(i.salePriceCents),
      link: i.link,
      imageLink: i.imageLink,
      additionalImageLinks: i.additionalImageLinks,
      brand: i.brand,
      gtin: i.gtin,
      mpn: i.mpn,
      itemGroupId: i.itemGroupId,
      productType: i.productType,
      googleProductCategory: i.googleProductCategory,
    })),
  };
}
