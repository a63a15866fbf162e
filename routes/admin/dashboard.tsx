/**
 * GET /admin: the admin dashboard of spec 001: 'Admin Dashboard', a greeting with the username and
 * role, and the tabs Products & Variants (default), Orders, Users and Facebook Commerce (`?tab=`).
 * Each tab loads its own data in routes/admin/dashboard_tabs/, so a tab costs nothing until opened.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { ReactElement } from "react";
import type { AppEnv } from "../context.ts";
import { currentUser } from "../guards.ts";
import { renderAdminPage } from "./render.tsx";
import { type DashboardTabId, dashboardTabIds, DashboardTabs } from "../../components/admin/DashboardTabs.tsx";
import { productsTab } from "./dashboard_tabs/products.tsx";
import { ordersTab } from "./dashboard_tabs/orders.tsx";
import { usersTab } from "./dashboard_tabs/users.tsx";
import { facebookTab } from "./dashboard_tabs/facebook.tsx";
import { overviewFigures } from "./dashboard_tabs/overview.tsx";

const roleLabel = { admin: "Admin", super_admin: "Super admin", customer: "Customer" } as const;

const tabLoaders: Record<DashboardTabId, (c: Context<AppEnv>) => Promise<ReactElement>> = {
  products: productsTab,
  orders: ordersTab,
  users: usersTab,
  facebook: facebookTab,
};

export function dashboardAdmin() {
  const app = new Hono<AppEnv>();
  app.get("/", async (c) => {
    const user = currentUser(c);
    const asked = c.req.query("tab");
    const tab: DashboardTabId = (dashboardTabIds as readonly string[]).includes(asked ?? "")
      ? asked as DashboardTabId
      : "products";
    const [figures, content] = await Promise.all([overviewFigures(c), tabLoaders[tab](c)]);
    return renderAdminPage(c, {
      title: "Admin Dashboard",
      active: "/admin",
      body: (
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight">Admin Dashboard</h1>
          <p className="mt-1 text-stone-600">
            {/* Spec 001: the greeting shows the username and the role. */}
            {`Hello ${user.username}, signed in as ${roleLabel[user.role]}.`}
          </p>
          {figures}
          <DashboardTabs current={tab} />
          <section className="mt-6" aria-labelledby={`tab-${tab}`}>{content}</section>
        </div>
      ),
    });
  });
  return app;
}
