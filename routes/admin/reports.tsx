/**
 * /admin/reports: VAT and sales for a period (components/admin/reports/ReportsView.tsx), and its two
 * CSV downloads, /admin/reports/tax-documents.csv and /admin/reports/product-sales.csv. The JSON
 * twins are routes/api/admin_reports.ts. Guarded by routes/admin/mod.ts.
 */
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import {
  categorySales,
  paidSpanOf,
  productSales,
  productSalesCsv,
  reportPeriod,
  reportPeriodQuery,
  reportPresets,
  taxDocumentsCsv,
  taxReport,
} from "../../domains/dashboard/mod.ts";
import { ValidationError } from "../../lib/errors.ts";
import { ReportsView } from "../../components/admin/reports/ReportsView.tsx";
import { renderAdminPage } from "./render.tsx";
import { csvDownload } from "./csv_download.ts";

/** How many products the page lists; the CSV has them all. */
const SHOWN = 50;

export function reportsAdmin() {
  const app = new Hono<AppEnv>();

  app.get("/", async (c) => {
    // A period the page cannot read shows this month so far, saying why.
    let error: string | null = null;
    let period = reportPeriod({});
    const parsed = reportPeriodQuery.safeParse(c.req.query());
    try {
      if (!parsed.success) throw new ValidationError(parsed.error.issues[0].message);
      period = reportPeriod(parsed.data);
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      error = `${err.message} Showing this month so far instead.`;
    }
    const [tax, categories, products] = await Promise.all([
      taxReport(c.var.db, period),
      categorySales(c.var.db, paidSpanOf(period)),
      productSales(c.var.db, paidSpanOf(period), "revenue", SHOWN),
    ]);
    return renderAdminPage(c, {
      title: "Reports",
      active: "/admin/reports",
      body: (
        <ReportsView
          period={period}
          presets={reportPresets()}
          tax={tax}
          categories={categories}
          products={products}
          shown={SHOWN}
          error={error}
        />
      ),
    });
  });

  app.get("/tax-documents.csv", async (c) => {
    const period = csvPeriod(c.req.query());
    return csvDownload(c, `tax-documents-${period.from}-to-${period.to}.csv`, await taxDocumentsCsv(c.var.db, period));
  });

  app.get("/product-sales.csv", async (c) => {
    const period = csvPeriod(c.req.query());
    return csvDownload(c, `product-sales-${period.from}-to-${period.to}.csv`, await productSalesCsv(c.var.db, period));
  });
  return app;
}

/** A download's period, or the 400 that names what is wrong with it. */
function csvPeriod(query: Record<string, string>) {
  const parsed = reportPeriodQuery.safeParse(query);
  if (!parsed.success) throw new ValidationError(parsed.error.issues[0].message);
  return reportPeriod(parsed.data);
}
