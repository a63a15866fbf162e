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
  createCoupon,
  deleteCoupon,
  getAdminCoupon,
  listCoupons,
  updateCoupon,
} from "../../domains/coupons/mod.ts";
import { AppError } from "../../lib/errors.ts";
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
import { currentUser } from "../guards.ts";
import { setFlash } from "../flash.ts";
import { adminBodyLimit } from "../admin_limits.ts";
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

/** A posted coupon form: saved (redirect with the spec's toast) or shown again with its messages. */
async function saveForm(c: Context<AppEnv>, id?: number) {
  const form = couponFormFrom(await c.req.formData());
  const values = { ...form } as CouponFormState;
  const body = couponBodyFromForm(form);
  // Every rule at once (a form has no types to fail first), then the API's own schema.
  const issues = couponIssues(body);
  const parsed = couponSchemas.couponBody.safeParse(body);
  if (issues.length || !parsed.success) {
    const errors: FieldErrors = {};
    for (const i of issues) errors[i.path] ??= i.message;
    for (const i of parsed.error?.issues ?? []) errors[String(i.path[0] ?? "")] ??= i.message;
    return formPage(c, { id, values, errors, status: 400 });
  }
  try {
    if (id) await updateCoupon(c.var.db, id, parsed.data, currentUser(c).id);
    else await createCoupon(c.var.db, parsed.data, currentUser(c).id);
  } catch (err) {
    if (!(err instanceof AppError) || err.status === 404) throw err;
    return formPage(c, { id, values, message: err.message, status: err.status === 409 ? 409 : 400 });
  }
  setFlash(c, {
    title: id ? COUPON_TOASTS.updated : COUPON_TOASTS.created,
    description: `${parsed.data.code} was saved.`,
    variant: "success",
  });
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
  app.post("/new", adminBodyLimit(), (c) => saveForm(c));

  app.get("/:id/edit", async (c) => {
    const coupon = await getAdminCoupon(c.var.db, parseId(c.req.param("id")));
    return formPage(c, { id: coupon.id, values: couponFormDefaults(coupon) });
  });
  app.post("/:id/edit", adminBodyLimit(), (c) => saveForm(c, parseId(c.req.param("id"))));

  app.get("/:id/delete", async (c) => {
    const coupon = await getAdminCoupon(c.var.db, parseId(c.req.param("id")));
    return renderAdminPage(c, {
      title: "Delete Coupon",
      active: ACTIVE,
      body: <CouponDeletePage id={coupon.id} code={coupon.code} />,
    });
  });
  app.post("/:id/delete", async (c) => {
    const coupon = await getAdminCoupon(c.var.db, parseId(c.req.param("id")));
    try {
      await deleteCoupon(c.var.db, coupon.id, currentUser(c).id);
    } catch (err) {
      if (!(err instanceof AppError) || err.status !== 409) throw err;
      return renderAdminPage(c, {
        title: "Delete Coupon",
        active: ACTIVE,
        body: <CouponDeletePage id={coupon.id} code={coupon.code} message={err.message} />,
        status: 409,
      });
    }
    setFlash(c, { title: COUPON_TOASTS.deleted, description: `${coupon.code} was deleted.`, variant: "success" });
    return c.redirect("/admin/coupons", 303);
  });
  return app;
}
