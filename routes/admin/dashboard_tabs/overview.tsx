/** The dashboard's figures above the tabs (sales, the 30-day chart, top products, work waiting). */
import type { Context } from "hono";
import type { AppEnv } from "../../context.ts";
import { dashboardFigures } from "../../../domains/dashboard/mod.ts";
import { OverviewFigures } from "../../../components/admin/overview/OverviewFigures.tsx";

export async function overviewFigures(c: Context<AppEnv>) {
  return <OverviewFigures figures={await dashboardFigures(c.var.db)} />;
}
