/** GET /admin: the admin dashboard (greeting, and the state of the shop at a glance). */
import { Hono } from "hono";
import { count, eq, sql } from "drizzle-orm";
import type { AppEnv } from "../../app.ts";
import { emailOutbox, orders, products, users } from "../../db/schema/mod.ts";
import { currentUser } from "../guards.ts";
import { renderAdminPage } from "./render.tsx";

const roleLabel = { admin: "Admin", super_admin: "Super admin", customer: "Customer" } as const;

export function dashboardAdmin() {
  const app = new Hono<AppEnv>();
  app.get("/", async (c) => {
    const db = c.var.db;
    const user = currentUser(c);
    const [[p], [outOfStock], [o], [u], [pendingMail]] = await Promise.all([
      db.select({ n: count() }).from(products),
      db.select({ n: count() }).from(products).where(sql`${products.stock} <= 0`),
      db.select({ n: count() }).from(orders),
      db.select({ n: count() }).from(users).where(sql`${users.deletedAt} is null`),
      db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.status, "pending")),
    ]);
    const stats = [
      { label: "Products", value: p.n, note: `${outOfStock.n} out of stock` },
      { label: "Orders", value: o.n, note: "all time" },
      { label: "Customers and staff", value: u.n, note: "active accounts" },
      { label: "E-mails waiting", value: pendingMail.n, note: "in the outbox", href: "/admin/outbox?status=pending" },
    ];
    return renderAdminPage(c, {
      title: "Admin Dashboard",
      active: "/admin",
      body: (
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight">Admin Dashboard</h1>
          <p className="mt-1 text-stone-600">
            {`Hello ${user.firstName || user.username}, signed in as ${roleLabel[user.role]}.`}
          </p>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {stats.map((s) => (
              <li key={s.label} className="rounded-xl border border-stone-200 bg-white p-5">
                <p className="text-sm text-stone-600">{s.label}</p>
                <p className="mt-1 text-3xl font-extrabold" data-stat={s.label}>{s.value}</p>
                {s.href
                  ? <a href={s.href} className="text-sm font-medium text-green-800 underline">{s.note}</a>
                  : <p className="text-sm text-stone-500">{s.note}</p>}
              </li>
            ))}
          </ul>
        </div>
      ),
    });
  });
  return app;
}
