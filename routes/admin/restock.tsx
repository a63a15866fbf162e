/** /admin/restock and its CSV (the JSON twin is GET /api/admin/reports/restock). Guarded by routes/admin/mod.ts. */
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { restockCsv, restockPlan, restockQuery } from "../../domains/dashboard/mod.ts";
import { ValidationError } from "../../lib/errors.ts";
import { saDay } from "../../lib/sa_dates.ts";
import { RestockView } from "../../components/admin/restock/RestockView.tsx";
import { renderAdminPage } from "./render.tsx";
import { csvDownload } from "./csv_download.ts";

function parsedQuery(query: Record<string, string>) {
  const parsed = restockQuery.safeParse(query);
  if (!parsed.success) throw new ValidationError(parsed.error.issues[0].message);
  return parsed.data;
}

export function restockAdmin() {
  const app = new Hono<AppEnv>();
  app.get("/", async (c) => {
    const query = parsedQuery(c.req.query());
    return renderAdminPage(c, {
      title: "Restock",
      active: "/admin/restock",
      body: <RestockView plan={await restockPlan(c.var.db, query)} query={query} />,
    });
  });
  app.get("/restock.csv", async (c) => {
    const query = parsedQuery(c.req.query());
    return csvDownload(c, `restock-${saDay(new Date())}.csv`, await restockCsv(c.var.db, query));
  });
  return app;
}
