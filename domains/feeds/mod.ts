/** Product feeds for merchant centres: public surface. */
export {
  FEED_PAGE_SIZE,
  type FeedAvailability,
  type FeedItem,
  feedItemPages,
  feedItems,
  type FeedStamp,
  feedStamp,
  feedText,
} from "./service.ts";
export {
  type FeedChannel,
  feedJson,
  feedPrice,
  googleXml,
  googleXmlChunks,
  META_CSV_COLUMNS,
  metaCsv,
  metaCsvChunks,
  xmlEscape,
} from "./formats.ts";
export {
  cleanRetailerId,
  findByRetailerIds,
  productRetailerId,
  RETAILER_ID_MAX,
  type RetailerItem,
  variantRetailerId,
} from "./retailer_id.ts";
