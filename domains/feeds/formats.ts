/**
 * Feed files: the Meta catalogue CSV (data feed columns) and Google's RSS 2.0 product feed with
 * the g: namespace. Both only print what feedItems() prepared; escaping happens here. Each comes
 * whole (a string) or as text chunks from pages of items (for streaming, decision 0060); both are
 * built from the same head, record and tail, so they are byte for byte the same file.
 */
import { csvRow } from "../../lib/csv.ts";
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

/** One Meta CSV record with its CRLF line end (RFC 4180). */
function metaCsvRecord(i: FeedItem): string {
  return csvRow([
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
  ]) + "\r\n";
}

const META_CSV_HEAD = csvRow(META_CSV_COLUMNS) + "\r\n";

/**
 * The Meta commerce catalogue data feed, CRLF line ends (RFC 4180). Every column is text in Meta's
 * spec (prices are "129.00 ZAR"), so every cell goes through lib/csv's formula neutralising.
 */
export function metaCsv(items: FeedItem[]): string {
  return META_CSV_HEAD + items.map(metaCsvRecord).join("");
}

/**
 * Characters per chunk of a streamed feed: below V8's large-object size (128 KB), so a sent chunk is
 * freed by the young-generation collector instead of waiting in the old generation for a full one.
 */
const CHUNK_CHARS = 32 * 1024;

/** The records of each page as it arrives, gathered into chunks of about CHUNK_CHARS. */
async function* recordChunks(
  pages: AsyncIterable<FeedItem[]>,
  record: (item: FeedItem) => string,
): AsyncGenerator<string> {
  for await (const page of pages) {
    let chunk = "";
    for (const item of page) {
      chunk += record(item);
      if (chunk.length >= CHUNK_CHARS) {
        yield chunk;
        chunk = "";
      }
    }
    if (chunk) yield chunk;
  }
}

/** The same file as metaCsv, in chunks, written as the pages of items arrive. */
export async function* metaCsvChunks(pages: AsyncIterable<FeedItem[]>): AsyncGenerator<string> {
  yield META_CSV_HEAD;
  yield* recordChunks(pages, metaCsvRecord);
}

/** XML text and attribute escaping (the five predefined entities). */
export function xmlEscape(value: string): string {
  return value.replace(
    /[<>&"']/g,
    (ch) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[ch]!,
  );
}

const googleAvailability = { "in stock": "in_stock", "out of stock": "out_of_stock", preorder: "preorder" } as const;

export interface FeedChannel {
  title: string;
  link: string;
  description: string;
}

function tag(name: string, value: string | null | undefined): string {
  return value === null || value === undefined || value === "" ? "" : `<${name}>${xmlEscape(value)}</${name}>`;
}

function googleXmlHead(channel: FeedChannel): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    "<channel>",
    tag("title", channel.title),
    tag("link", channel.link),
    tag("description", channel.description),
  ].map((line) => line + "\n").join("");
}

/** Closes the channel: written only after the last item was read, so a cut-off feed never looks whole. */
const GOOGLE_XML_TAIL = "</channel>\n</rss>\n";

/** One <item> on its own line. */
function googleXmlItem(i: FeedItem): string {
  return [
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
    "</item>\n",
  ].join("");
}

/** Google Merchant Center RSS 2.0 feed. */
export function googleXml(items: FeedItem[], channel: FeedChannel): string {
  return googleXmlHead(channel) + items.map(googleXmlItem).join("") + GOOGLE_XML_TAIL;
}

/**
 * The same file as googleXml, in chunks, written as the pages of items arrive. When reading a page
 * fails the error goes on to the caller and the closing tags are never written.
 */
export async function* googleXmlChunks(pages: AsyncIterable<FeedItem[]>, channel: FeedChannel): AsyncGenerator<string> {
  yield googleXmlHead(channel);
  yield* recordChunks(pages, googleXmlItem);
  yield GOOGLE_XML_TAIL;
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
