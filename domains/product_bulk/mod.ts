/**
 * Bulk edits of products from the admin list (decision 0072): set category, status, archive or
 * unarchive, featured, new, move prices by a percent or an amount, set stock; all or nothing. The
 * request's shapes live here; the edit itself (products, audit, stock history) is flows/bulk_edit_products.ts.
 */
export {
  type BulkAction,
  type BulkFilter,
  bulkFilter,
  type BulkInput,
  bulkInput,
  type BulkOutput,
  bulkOutput,
  MAX_BULK_IDS,
  MAX_BULK_MATCHES,
} from "./schemas.ts";
