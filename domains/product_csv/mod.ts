/**
 * Product CSV export and import (docs/product-csv.md, decision 0073): the columns, the streamed export
 * of the admin list's products, and the all-or-nothing import by SKU with its dry run.
 */
export { COLUMNS, shopifyPrices, shopPrices } from "./columns.ts";
export { productCsvChunks } from "./export.ts";
export { importProductCsv, ImportRefused, ImportTooLarge } from "./import.ts";
export * as productCsvSchemas from "./schemas.ts";
export type { ImportOptions, ImportReport, ImportRow, ImportRowError } from "./schemas.ts";
