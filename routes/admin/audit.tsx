/** /admin/audit: the whole audit trail, filtered by entity type, username and South African dates, 50 a page. */
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import { auditEntityTypes, searchAudit } from "../../domains/admin_audit/mod.ts";
import { staffUsernames, userIdByUsername, usernamesByIds } from "../../domains/accounts/mod.ts";
import { ValidationError } from "../../lib/errors.ts";
import { saMidnight } from "../../lib/sa_dates.ts";
import { AuditView } from "../../components/admin/audit/AuditViews.tsx";
import { renderAdminPage } from "./render.tsx";

const PAGE_SIZE = 50;
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Dates are yyyy-mm-dd").refine(
  (d) => !Number.isNaN(new Date(`${d}T00:00:00+02:00`).getTime()),
  "Dates are yyyy-mm-dd",
);
const auditQuery = z.object({
  entityType: z.enum(auditEntityTypes, { error: "Unknown entity type" }).or(z.literal("")).default(""),
  user: z.string().max(20, "Usernames have at most 20 characters").regex(/^[A-Za-z0-9_.-]*$/, "Unknown username")
    .default(""),
  from: day.or(z.literal("")).default(""),
  to: day.or(z.literal("")).default(""),
  page: z.coerce.number({ error: "page must be a positive whole number" }).int().min(1).max(100_000).default(1),
});

export function auditAdmin() {
  const app = new Hono<AppEnv>();
  app.get("/", async (c) => {
    const parsed = auditQuery.safeParse(c.req.query());
    if (!parsed.success) throw new ValidationError(parsed.error.issues[0].message);
    const q = parsed.data;
    const filter = { entityType: q.entityType, user: q.user, from: q.from, to: q.to };
    const userId = q.user ? await userIdByUsername(c.var.db, q.user) : undefined;
    // An unknown username matches nothing (not everything).
    const search = {
      entityType: q.entityType || undefined,
      userId: userId ?? undefined,
      from: q.from ? saMidnight(q.from) : undefined,
      to: q.to ? saMidnight(q.to, 1) : undefined,
    };
    const [found, next] = userId === null ? [{ items: [] }, { items: [] }] : await Promise.all([
      searchAudit(c.var.db, { ...search, page: q.page, pageSize: PAGE_SIZE }),
      // The first entry of the next page, if any (page n of size 1 is the entry at offset n - 1).
      searchAudit(c.var.db, { ...search, page: q.page * PAGE_SIZE + 1, pageSize: 1 }),
    ]);
    const items = found.items;
    const [names, staff] = await Promise.all([
      usernamesByIds(c.var.db, items.flatMap((e) => e.userId === null ? [] : [e.userId])),
      staffUsernames(c.var.db),
    ]);
    return renderAdminPage(c, {
      title: "Audit log",
      active: "/admin/audit",
      body: (
        <AuditView
          rows={items.map((e) => ({ ...e, username: e.userId === null ? null : names.get(e.userId) ?? null }))}
          filter={filter}
          page={q.page}
          hasNext={next.items.length > 0}
          message={userId === null ? `No user is called "${q.user}".` : null}
          staff={staff}
        />
      ),
    });
  });
  return app;
}
