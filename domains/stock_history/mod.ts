/**
 * The stock history's public surface: every stock change (sale, cancelled order, refund restock,
 * staff edit, import, bulk edit) recorded with its reason and who made it (decision 0071), and read
 * back per product.
 */
export {
  recordStockMovements,
  STOCK_REASONS,
  type StockChange,
  type StockContext,
  type StockReason,
} from "./record.ts";
export {
  describeMovement,
  listStockHistory,
  type MovementSentence,
  movementText,
  type StockHistoryPage,
  type StockMovement,
} from "./read.ts";
export {
  type StockHistoryOutput,
  stockHistoryOutput,
  type StockHistoryQuery,
  stockHistoryQuery,
  stockMovementOutput,
} from "./schemas.ts";
