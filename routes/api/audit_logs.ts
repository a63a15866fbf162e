/**
 * GET /api/audit-logs/{entityType}/{id}: one record's audit trail, newest first (spec 001), for
 * admin and super_admin. Unknown entity types and out-of-range ids are 400s.
 */
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { auditParams, listAuditFor } from "../../domains/admin_audit/mod.ts";
import { requireRole } from "../guards.ts";
import { validate } from "../validate.ts";

export function auditLogApi() {
  const app = new Hono<AppEnv>();
  app.use("*", requireRole("admin"));
  app.get("/:entityType/:id", validate("param", auditParams), async (c) => {
    const { entityType, id } = c.req.valid("param");
    const items = await listAuditFor(c.var.db, entityType, id);
    return c.json({
      items: items.map((e) => ({
        id: e.id,
        userId: e.userId,
        action: e.action,
        details: e.details,
        createdAt: e.createdAt.toISOString(),
      })),
    });
  });
  return app;
}
