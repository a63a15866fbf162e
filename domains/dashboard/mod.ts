/** The admin dashboard's figures (sales, chart, top products, work waiting). */
export {
  CHART_DAYS,
  type DashboardFigures,
  dashboardFigures,
  LOW_STOCK_LIMIT,
  saBoundaries,
  saDay,
  type SalesFigure,
  type TopProduct,
} from "./figures.ts";
