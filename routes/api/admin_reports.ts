/**
 * The period reports as JSON for staff: GET /api/admin/reports/tax (the VAT on the invoices and credit
 * notes issued in a period), GET /api/admin/reports/product-sales (what each product sold) and GET
 * /api/admin/reports/category-sales (what each top-level category sold). The page and its CSV
 * downloads are routes/admin/reports.tsx.
 */
import { z } from "zod";
import {
  categorySales,
  categorySalesRowSchema,
  paidSpanOf,
  productSales,
  productSalesQuery,
  productSalesRowSchema,
  reportPeriod,
  reportPeriodQuery,
  restockPlan,
  restockPlanSchema,
  restockQuery,
  taxReport,
  taxReportSchema,
} from "../../domains/dashboard/mod.ts";
import { validate } from "../validate.ts";
import { actionApi, defineAction, validQuery } from "../action.ts";

export const taxReportAction = defineAction({
  method: "get",
  path: "/admin/reports/tax",
  input: undefined,
  output: taxReportSchema,
  auth: "admin",
  middleware: [validate("query", reportPeriodQuery)],
  summary: "The VAT on the tax invoices and credit notes issued from `from` to `to` (South African days, " +
    "both included; by default this month so far), for the VAT return",
  handler: (c) => taxReport(c.var.db, reportPeriod(validQuery(c, reportPeriodQuery))),
});

export const productSalesAction = defineAction({
  method: "get",
  path: "/admin/reports/product-sales",
  input: undefined,
  output: z.object({ from: z.string(), to: z.string(), products: z.array(productSalesRowSchema) }),
  auth: "admin",
  middleware: [validate("query", productSalesQuery)],
  summary: "Units and sales (VAT included, before refunds) of each product in orders paid in the period, " +
    "the best-selling first; `limit` 1-500, default 50",
  handler: async (c) => {
    const query = validQuery(c, productSalesQuery);
    const period = reportPeriod(query);
    return { ...period, products: await productSales(c.var.db, paidSpanOf(period), "revenue", query.limit) };
  },
});

export const categorySalesAction = defineAction({
  method: "get",
  path: "/admin/reports/category-sales",
  input: undefined,
  output: z.object({ from: z.string(), to: z.string(), categories: z.array(categorySalesRowSchema) }),
  auth: "admin",
  middleware: [validate("query", reportPeriodQuery)],
  summary: "Units and sales (VAT included, before refunds) of each top-level category (a subcategory counts for " +
    "its parent) in orders paid in the period, the best-selling first",
  handler: async (c) => {
    const period = reportPeriod(validQuery(c, reportPeriodQuery));
    return { ...period, categories: await categorySales(c.var.db, paidSpanOf(period)) };
  },
});

export const restockAction = defineAction({
  method: "get",
  path: "/admin/reports/restock",
  input: undefined,
  output: restockPlanSchema,
  auth: "admin",
  middleware: [validate("query", restockQuery)],
  summary: "What to reorder: each variant or product that will not last `cover` days (default 30) at the rate it " +
    "sold over the last `days` days (default 30), the soonest to run out first, with the units to order; at most 200",
  handler: (c) => restockPlan(c.var.db, validQuery(c, restockQuery)),
});

export function adminReportsApi() {
  return actionApi("/admin/reports", [taxReportAction, productSalesAction, categorySalesAction, restockAction]);
}
