/**
 * /admin/restock (what to order) and its CSV, and /admin/restock/receive (book a delivery in), the form
 * twin of POST /api/admin/stock/receive. The plan's JSON twin is GET /api/admin/reports/restock.
 * Guarded by routes/admin/mod.ts.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import { RESTOCK_PAGE_ROWS, restockCsv, restockPlan, restockQuery } from "../../domains/dashboard/mod.ts";
import { suppliersInUse } from "../../domains/purchasing/mod.ts";
import { MAX_RECEIVE_LINES, parseReceiveText } from "../../flows/receive_stock.ts";
import { type AppError, ValidationError } from "../../lib/errors.ts";
import { saDay } from "../../lib/sa_dates.ts";
import { RestockView } from "../../components/admin/restock/RestockView.tsx";
import { ReceiveStockView } from "../../components/admin/restock/ReceiveStockView.tsx";
import type { FormState } from "../../components/ui/Field.tsx";
import { fieldMessages, formRoute } from "../action.ts";
import { receiveStockAction } from "../api/admin_stock.ts";
import { setFlash } from "../flash.ts";
import { renderAdminPage } from "./render.tsx";
import { csvDownload } from "./csv_download.ts";
import { pageQuery } from "./page_query.ts";

/** "1 line", "3 lines". */
const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

function receivePage(c: Context<AppEnv>, state: FormState, status: 200 | 400 | 409 = 200, planNote?: string) {
  return renderAdminPage(c, {
    title: "Receive stock",
    active: "/admin/restock",
    status,
    body: <ReceiveStockView state={state} planNote={planNote} />,
  });
}

export function restockAdmin() {
  const app = new Hono<AppEnv>();
  app.get("/", async (c) => {
    const query = pageQuery(c, restockQuery);
    return renderAdminPage(c, {
      title: "Restock",
      active: "/admin/restock",
      body: (
        <RestockView
          plan={await restockPlan(c.var.db, query)}
          query={query}
          suppliers={await suppliersInUse(c.var.db)}
        />
      ),
    });
  });
  app.get("/restock.csv", async (c) => {
    const query = pageQuery(c, restockQuery);
    return csvDownload(c, `restock-${saDay(new Date())}.csv`, await restockCsv(c.var.db, query));
  });

  // Empty, or filled in from the plan the restock page showed (its days and cover in the query).
  app.get("/receive", async (c) => {
    const asked = c.req.query();
    if (asked.days === undefined && asked.cover === undefined) return receivePage(c, {});
    const query = pageQuery(c, restockQuery, asked);
    const plan = await restockPlan(c.var.db, query, { limit: Math.min(RESTOCK_PAGE_ROWS, MAX_RECEIVE_LINES) });
    const lines = plan.rows.map((r) => `${r.sku}, ${r.order}`).join("\n");
    return receivePage(
      c,
      { values: { lines } },
      200,
      `Filled in from the restock plan (${count(plan.rows.length, "line")}, to last ${query.cover} days). ` +
        "Change each quantity to what arrived.",
    );
  });

  formRoute(app, receiveStockAction, {
    path: "/receive",
    input: (fields) => ({ lines: parseReceiveText(fields.lines ?? ""), reference: fields.reference ?? "" }),
    onSuccess: (c, out, input) => {
      setFlash(c, {
        title: "Stock booked in",
        description: `${count(out.lines.length, "line")}, ${count(out.units, "unit")}${
          input.reference ? ` (${input.reference})` : ""
        }.`,
        variant: "success",
      });
      return c.redirect("/admin/restock", 303);
    },
    onError: (c, err: AppError, fields) => {
      const errors = fieldMessages(err);
      // Every refused line at once, so a long delivery is mended in one go.
      if (err instanceof ValidationError && errors.lines) {
        errors.lines = err.issues.filter((i) => i.path.startsWith("lines")).map((i) => i.message).join(". ");
      }
      return receivePage(
        c,
        { values: fields, errors, message: errors.lines || errors.reference ? undefined : err.message },
        err.status === 409 ? 409 : 400,
      );
    },
  });
  return app;
}
