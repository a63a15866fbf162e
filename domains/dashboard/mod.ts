/** The admin's figures: the dashboard (sales, chart, top products, work waiting) and the period reports. */
export {
  CHART_DAYS,
  type DashboardFigures,
  dashboardFigures,
  LOW_STOCK_LIMIT,
  saBoundaries,
  type SalesFigure,
  type TopProduct,
} from "./figures.ts";
export {
  daysIn,
  MAX_REPORT_DAYS,
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
