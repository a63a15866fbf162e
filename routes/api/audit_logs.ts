/**
 * GET /api/audit-logs/{entityType}/{id}: one record's audit trail, newest first (spec 001), for
 * admin and super_admin. Unknown entity types and out-of-range ids are 400s.
 */
import { auditParams, listAuditFor } from "../../domains/admin_audit/mod.ts";
import { requireRole } from "../guards.ts";
import { validate } from "../validate.ts";
import { actionApi, defineAction, validParams } from "../action.ts";
import { z } from "zod";

export const auditTrailAction = defineAction({
  method: "get",
  path: "/audit-logs/:entityType/:id",
  input: undefined,
  output: z.object({
    items: z.array(z.object({
      id: z.number().int(),
      userId: z.number().int().nullable(),
      action: z.string(),
      details: z.unknown().describe("What changed: fields with before and after, or the values created"),
      createdAt: z.string(),
    })),
  }),
  auth: "admin",
  middleware: [validate("param", auditParams)],
  summary: "One record's audit trail, newest first (at most 200 entries)",
  handler: async (c) => {
    const { entityType, id } = validParams(c, auditParams);
    const items = await listAuditFor(c.var.db, entityType, id);
    return {
      items: items.map((e) => ({
        id: e.id,
        userId: e.userId,
        action: e.action,
        details: e.details,
        createdAt: e.createdAt.toISOString(),
      })),
    };
  },
});

export function auditLogApi() {
  return actionApi("/audit-logs", [auditTrailAction], requireRole("admin"));
}
