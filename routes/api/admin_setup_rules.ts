/**
 * A product's setup rules for staff (docs/animals.md): what it does in an animal's setup, which the
 * setup checklist and "Add the essentials" read. GET, POST /api/admin/products/{id}/setup-rules and
 * PUT, DELETE /api/admin/products/{id}/setup-rules/{ruleId}; admin and super_admin only, audited on
 * the product.
 */
import { z } from "zod";
import {
  createProductRule,
  deleteProductRule,
  keeperSchemas,
  listProductRules,
  PRODUCT_NOT_FOUND,
  type ProductRule,
  updateProductRule,
} from "../../domains/animals/mod.ts";
import { productRecord } from "../../domains/catalog_admin/mod.ts";
import { productRule, productRuleList } from "../../contract/animals.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { dbId } from "../../lib/ids.ts";
import { currentUser } from "../guards.ts";
import { validate } from "../validate.ts";
import { adminBodyLimit } from "../admin_limits.ts";
import { actionApi, defineAction, validParams } from "../action.ts";
import { productIdParam } from "./admin_product_bulk.ts";

export const ruleParams = z.object({
  id: dbId("Product id must be a positive whole number"),
  ruleId: dbId("Rule id must be a positive whole number"),
});

export function productRuleJson(r: ProductRule): z.input<typeof productRule> {
  return { ...r, updatedAt: r.updatedAt.toISOString() };
}

export const listProductRulesAction = defineAction({
  method: "get",
  path: "/admin/products/:id/setup-rules",
  input: undefined,
  output: productRuleList,
  auth: "admin",
  middleware: [validate("param", productIdParam)],
  summary: "A product's setup rules: the needs it covers in an animal's setup and what the checklist compares",
  handler: async (c) => {
    const { id } = validParams(c, productIdParam);
    if (!await productRecord(c.var.db, id)) throw new NotFoundError(PRODUCT_NOT_FOUND);
    return { productId: id, rules: (await listProductRules(c.var.db, id)).map(productRuleJson) };
  },
});

export const createProductRuleAction = defineAction({
  method: "post",
  path: "/admin/products/:id/setup-rules",
  input: keeperSchemas.productRuleBody,
  output: productRule,
  status: 201,
  auth: "admin",
  middleware: [adminBodyLimit(), validate("param", productIdParam)],
  summary: "Add a setup rule to a product (audited); 409 when the product or variant has one for that need",
  handler: async (c, input) =>
    productRuleJson(
      await createProductRule(c.var.db, currentUser(c).id, validParams(c, productIdParam).id, input),
    ),
});

export const updateProductRuleAction = defineAction({
  method: "put",
  path: "/admin/products/:id/setup-rules/:ruleId",
  input: keeperSchemas.productRuleBody,
  output: productRule,
  auth: "admin",
  middleware: [adminBodyLimit(), validate("param", ruleParams)],
  summary: "Replace one of a product's setup rules (audited field by field)",
  handler: async (c, input) => {
    const { id, ruleId } = validParams(c, ruleParams);
    return productRuleJson(await updateProductRule(c.var.db, currentUser(c).id, id, ruleId, input));
  },
});

export const deleteProductRuleAction = defineAction({
  method: "delete",
  path: "/admin/products/:id/setup-rules/:ruleId",
  input: undefined,
  output: z.object({ success: z.literal(true), message: z.string() }),
  auth: "admin",
  middleware: [validate("param", ruleParams)],
  summary: "Remove one of a product's setup rules (audited)",
  handler: async (c) => {
    const { id, ruleId } = validParams(c, ruleParams);
    await deleteProductRule(c.var.db, currentUser(c).id, id, ruleId);
    return { success: true as const, message: "Setup rule removed" };
  },
});

export function adminSetupRulesApi() {
  return actionApi("/admin/products", [
    listProductRulesAction,
    createProductRuleAction,
    updateProductRuleAction,
    deleteProductRuleAction,
  ]);
}
