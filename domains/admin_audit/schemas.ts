/** The audit trail's entity types and the edge schemas of its read routes. */
import { z } from "zod";

/** Every kind of record staff change; the audit routes answer for these only. */
export const auditEntityTypes = [
  "product",
  "product_variant",
  "category",
  "product_image",
  "order",
  "coupon",
  "user",
  "customer_tag_rule",
  "purchase_order",
  "setting",
  "review",
  "species",
  "job",
] as const;
export type AuditEntityType = (typeof auditEntityTypes)[number];

export const auditParams = z.object({
  entityType: z.enum(auditEntityTypes, { error: "Unknown entity type" }),
  /** 0 for records without a row of their own (the shop settings). */
  id: z.coerce.number().int().min(0).max(2_147_483_647),
});

export const auditEntryOutput = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  action: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export const auditListOutput = z.object({ items: z.array(auditEntryOutput) });
