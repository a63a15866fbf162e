/**
 * Product CSV export and import (docs/product-csv.md, decision 0073): the columns, the streamed export
 * of the admin list's products, and the import's reading and checking of rows. The all-or-nothing import
 * by SKU with its dry run (products, audit entries, stock movements) is flows/import_product_csv.ts.
 */
export { COLUMNS, shopifyPrices, shopPrices } from "./columns.ts";
export { productCsvChunks } from "./export.ts";
export * as productCsvSchemas from "./schemas.ts";
export type { ImportOptions, ImportReport, ImportRow, ImportRowError } from "./schemas.ts";
