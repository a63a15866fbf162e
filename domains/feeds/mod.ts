/** Product feeds for merchant centres: public surface. */
export { type FeedAvailability, type FeedItem, feedItems, feedText } from "./service.ts";
export { feedJson, feedPrice, googleXml, META_CSV_COLUMNS, metaCsv, xmlEscape } from "./formats.ts";
