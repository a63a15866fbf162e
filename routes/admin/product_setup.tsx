/**
 * /admin/products/{id}/setup: a product's setup rules (docs/animals.md), and the no-JavaScript twins
 * of POST, PUT and DELETE /api/admin/products/{id}/setup-rules (routes/api/admin_setup_rules.ts). A
 * refused rule shows the form again with each field's message (400, or 409 for a need already
 * covered); a saved one redirects with a toast. Guarded by routes/admin/mod.ts.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import {
  listProductRules,
  listSpecies,
  PRODUCT_NOT_FOUND,
  RULE_NOT_FOUND,
  ruleLabel,
  suitableSpecies,
} from "../../domains/animals/mod.ts";
import { listVariants, productRecord } from "../../domains/catalog_admin/mod.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { idOrNull } from "../../lib/ids.ts";
import type { FormState } from "../../components/ui/Field.tsx";
import { ruleFormValues, SetupRulesView } from "../../components/admin/products/SetupRulesView.tsx";
import { formRoute } from "../action.ts";
import { validate } from "../validate.ts";
import { setFlash } from "../flash.ts";
import { renderAdminPage } from "./render.tsx";
import { refusedForm, withStatus } from "./catalog_forms.ts";
import { productIdParam } from "../api/admin_product_bulk.ts";
import { createProductRuleAction, deleteProductRuleAction, updateProductRuleAction } from "../api/admin_setup_rules.ts";

/**
 * The form's text as the action's input: blank numbers are null, ticked boxes the lists. A size
 * counts only for an enclosure and a strength or tube only for a UVB lamp: the page hides those
 * fields under another need, so what they still hold is not what staff meant to send.
 */
export function ruleInput(f: Record<string, string>) {
  const num = (k: string) => (f[k] === undefined || f[k].trim() === "" ? null : Number(f[k]));
  const enclosure = f.need === "enclosure", uvb = f.need === "uvb";
  const ticked = (prefix: string) =>
    Object.keys(f).filter((k) => k.startsWith(prefix) && f[k] !== "").map((k) => k.slice(prefix.length));
  return {
    variantId: num("variantId"),
    need: f.need ?? "",
    enclosureLengthCm: enclosure ? num("enclosureLengthCm") : null,
    enclosureWidthCm: enclosure ? num("enclosureWidthCm") : null,
    enclosureHeightCm: enclosure ? num("enclosureHeightCm") : null,
    uvbPct: uvb ? num("uvbPct") : null,
    tubeLengthCm: uvb ? num("tubeLengthCm") : null,
    habitats: ticked("habitat_"),
    speciesSlugs: ticked("species_"),
    staffPick: f.staffPick === "on",
    replacementMonths: num("replacementMonths"),
  };
}

/** An empty form: a rule for every variant, the first need. */
const NEW_RULE: FormState = { values: { need: "enclosure" } };

async function setupPage(c: Context<AppEnv>, productId: number, state?: FormState, status = 200, ruleId?: number) {
  const db = c.var.db;
  const product = await productRecord(db, productId);
  if (!product) throw new NotFoundError(PRODUCT_NOT_FOUND);
  const [rules, variants, species, suits] = await Promise.all([
    listProductRules(db, productId),
    listVariants(db, productId),
    listSpecies(db),
    suitableSpecies(db, productId),
  ]);
  const editing = ruleId === undefined ? null : rules.find((r) => r.id === ruleId) ?? null;
  if (ruleId !== undefined && !editing) throw new NotFoundError(RULE_NOT_FOUND);
  const res = renderAdminPage(c, {
    title: `Setup rules: ${product.name}`,
    active: "/admin/products",
    body: (
      <SetupRulesView
        product={{ id: product.id, name: product.name, variants: variants.map((v) => ({ id: v.id, name: v.name })) }}
        rules={rules}
        species={species.map((s) => ({ slug: s.slug, commonName: s.commonName }))}
        suits={suits.map((s) => ({ slug: s.slug, commonName: s.commonName }))}
        editing={editing}
        state={state ?? (editing ? { values: ruleFormValues(editing) } : NEW_RULE)}
      />
    ),
  });
  return status === 200 ? res : withStatus(res, status);
}

const ruleQuery = z.object({ rule: z.string().optional() });

/** The setup page again after a refused rule: the values sent, each field's message. */
function refused(ruleId?: number) {
  return (c: Context<AppEnv>, err: unknown, fields: Record<string, string>) => {
    const { status, ...state } = refusedForm(err, fields);
    return setupPage(c, Number(c.req.param("id")), state, status, ruleId);
  };
}

/** After a saved rule: the setup page again, with a toast. */
function backToSetup(c: Context<AppEnv>, title: string, description?: string) {
  setFlash(c, { title, description, variant: "success" });
  return c.redirect(`/admin/products/${c.req.param("id")}/setup`, 303);
}

export function productSetupAdmin() {
  const app = new Hono<AppEnv>();

  app.get("/:id/setup", validate("param", productIdParam), validate("query", ruleQuery), (c) => {
    const { rule } = c.req.valid("query");
    const ruleId = rule === undefined ? undefined : idOrNull(rule) ?? -1;
    return setupPage(c, c.req.valid("param").id, undefined, 200, ruleId);
  });

  formRoute(app, createProductRuleAction, {
    path: "/:id/setup-rules",
    input: ruleInput,
    onSuccess: (c, rule) => backToSetup(c, "Setup rule added", ruleLabel(rule)),
    onError: refused(),
  });

  formRoute(app, updateProductRuleAction, {
    path: "/:id/setup-rules/:ruleId",
    input: ruleInput,
    onSuccess: (c, rule) => backToSetup(c, "Setup rule saved", ruleLabel(rule)),
    onError: (c, err, fields) => {
      if (err.status === 404) throw err;
      return refused(idOrNull(c.req.param("ruleId")) ?? undefined)(c, err, fields);
    },
  });

  formRoute(app, deleteProductRuleAction, {
    path: "/:id/setup-rules/:ruleId/delete",
    onSuccess: (c) => backToSetup(c, "Setup rule removed"),
    onError: (_c, err) => {
      throw err;
    },
  });

  return app;
}
