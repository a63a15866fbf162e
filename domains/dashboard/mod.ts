/** The admin's figures: the dashboard (sales, chart, top products, work waiting) and the period reports. */
export {
  CHART_DAYS,
  type DashboardFigures,
  dashboardFigures,
  lowStockProducts,
  saBoundaries,
  type SalesFigure,
  type TopProduct,
} from "./figures.ts";
export {
  categorySales,
  type CategorySalesRow,
  categorySalesRowSchema,
  daysIn,
  MAX_REPORT_DAYS,
  NO_CATEGORY,
  paidSpanOf,
  PRODUCT_SALES_LIMIT,
  productSales,
  productSalesCsv,
  productSalesQuery,
  type ProductSalesRow,
  productSalesRowSchema,
  REPORT_TOO_LONG,
  type ReportPeriod,
  reportPeriod,
  type ReportPeriodQuery,
  reportPeriodQuery,
  reportPresets,
  type TaxDocumentRow,
  taxDocumentRows,
  taxDocumentsCsv,
  type TaxReport,
  taxReport,
  taxReportSchema,
} from "./period_reports.ts";
export { saDay } from "../../lib/sa_dates.ts";
export { claimDigestDay, digestDone, previousDigestIds } from "./stock_digest.ts";
