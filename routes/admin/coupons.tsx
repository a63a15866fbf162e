/**
 * /admin/coupons: spec 001 'Manage Coupons'. The list renders on the server inside the CouponManager
 * island (dialogs once hydrated); without JavaScript the plain pages /admin/coupons/new,
 * /admin/coupons/{id}/edit and /admin/coupons/{id}/delete do the same with form posts.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import {
  COUPON_PAGE_SIZE,
  COUPON_TOASTS,
  couponBodyFromForm,
  couponIssues,
  couponSchemas,
  getAdminCoupon,
  listCoupons,
} from "../../domains/coupons/mod.ts";
import { type AppError, ValidationError } from "../../lib/errors.ts";
import { fieldMessages, formRoute } from "../action.ts";
import { createCouponAction, deleteCouponAction, updateCouponAction } from "../api/admin_coupons.ts";
import { parseId } from "../../lib/ids.ts";
import { Island } from "../../lib/islands.tsx";
import CouponManager from "../../islands/CouponManager.tsx";
import {
  couponFormDefaults,
  couponFormFrom,
  type CouponFormState,
} from "../../components/admin/coupons/CouponViews.tsx";
import { CouponDeletePage, CouponFormPage } from "../../components/admin/coupons/CouponPages.tsx";
import type { FieldErrors } from "../../components/ui/Field.tsx";
import { setFlash } from "../flash.ts";
import { renderAdminPage } from "./render.tsx";
import { loadSection } from "../pages/load_section.ts";

const ACTIVE = "/admin/coupons";

function formPage(
  c: Context<AppEnv>,
  opts: { id?: number; values: CouponFormState; errors?: FieldErrors; message?: string | null; status?: 400 | 409 },
) {
  return renderAdminPage(c, {
    title: opts.id ? "Edit Coupon" : "Create New Coupon",
    active: ACTIVE,
    status: opts.status,
    body: (
      <CouponFormPage
        action={opts.id ? `/admin/coupons/${opts.id}/edit` : "/admin/coupons/new"}
        editing={Boolean(opts.id)}
        values={opts.values}
        errors={opts.errors ?? {}}
        message={opts.message}
      />
    ),
  });
}

/** A posted coupon form as the coupon actions' input (a form sends text and ticked boxes). */
function couponInput(fields: Record<string, string>) {
  const body = couponBodyFromForm(couponFormFrom(new Map(Object.entries(fields))));
  // Every rule at once (a form has no types to fail first), then the action's own schema.
  const issues = couponIssues(body);
  if (issues.length) throw new ValidationError(issues[0].message, issues);
  return body;
}

/** The form again after a refusal: field messages for a validation, the message for a conflict. */
function refusedForm(c: Context<AppEnv>, err: AppError, fields: Record<string, string>, id?: number) {
  const values = couponFormFrom(new Map(Object.entries(fields))) as CouponFormState;
  if (err instanceof ValidationError) return formPage(c, { id, values, errors: fieldMessages(err), status: 400 });
  if (err.status === 404) throw err;
  return formPage(c, { id, values, message: err.message, status: err.status === 409 ? 409 : 400 });
}

function saved(c: Context<AppEnv>, title: string, code: string) {
  setFlash(c, { title, description: `${code} was saved.`, variant: "success" });
  return c.redirect("/admin/coupons", 303);
}

export function couponsAdmin() {
  const app = new Hono<AppEnv>();

  app.get("/", async (c) => {
    const query = couponSchemas.couponListQuery.parse(c.req.query());
    const search = query.search?.trim() ?? "";
    const found = await loadSection(c, "coupons", () => listCoupons(c.var.db, { ...query, search }));
    const { items, total } = found ?? { items: [], total: 0 };
    const props = {
      coupons: items,
      loadFailed: found === null,
      search,
      status: query.status,
      page: query.page,
      pageCount: Math.max(1, Math.ceil(total / COUPON_PAGE_SIZE)),
    };
    return renderAdminPage(c, {
      title: "Manage Coupons",
      active: ACTIVE,
      body: <Island name="CouponManager" component={CouponManager} props={props} />,
    });
  });

  app.get("/new", (c) => formPage(c, { values: couponFormDefaults(null) }));
  // The no-JavaScript twins of the coupon actions (routes/api/admin_coupons.ts).
  formRoute(app, createCouponAction, {
    path: "/new",
    input: couponInput,
    onSuccess: (c, coupon) => saved(c, COUPON_TOASTS.created, coupon.code),
    onError: (c, err, fields) => refusedForm(c, err, fields),
  });

  app.get("/:id/edit", async (c) => {
    const coupon = await getAdminCoupon(c.var.db, parseId(c.req.param("id")));
    return formPage(c, { id: coupon.id, values: couponFormDefaults(coupon) });
  });
  formRoute(app, updateCouponAction, {
    path: "/:id/edit",
    input: couponInput,
    onSuccess: (c, coupon) => saved(c, COUPON_TOASTS.updated, coupon.code),
    onError: (c, err, fields) => refusedForm(c, err, fields, parseId(c.req.param("id"))),
  });

  app.get("/:id/delete", async (c) => {
    const coupon = await getAdminCoupon(c.var.db, parseId(c.req.param("id")));
    return renderAdminPage(c, {
      title: "Delete Coupon",
      active: ACTIVE,
      body: <CouponDeletePage id={coupon.id} code={coupon.code} />,
    });
  });
  formRoute(app, deleteCouponAction, {
    path: "/:id/delete",
    onSuccess: (c, _ok, _input, fields) => {
      const description = fields.code ? `${fields.code.slice(0, 40)} was deleted.` : "The coupon was deleted.";
      setFlash(c, { title: COUPON_TOASTS.deleted, description, variant: "success" });
      return c.redirect("/admin/coupons", 303);
    },
    onError: async (c, err) => {
      // A coupon already used is refused: the confirmation page says why (deactivate it instead).
      if (err.status !== 409) throw err;
      const coupon = await getAdminCoupon(c.var.db, parseId(c.req.param("id")));
      return renderAdminPage(c, {
        title: "Delete Coupon",
        active: ACTIVE,
        body: <CouponDeletePage id={coupon.id} code={coupon.code} message={err.message} />,
        status: 409,
      });
    },
  });
  return app;
}
