/** /admin/settings: the shop settings form (works without JavaScript: post, then redirect or errors). */
import { Hono } from "hono";
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import { type ShopSettings, shopSettingsBody } from "../../domains/settings/mod.ts";
import { type SettingsFormValues, SettingsView } from "../../components/admin/settings/SettingsView.tsx";
import type { FieldErrors } from "../../components/ui/Field.tsx";
import { currentUser } from "../guards.ts";
import { setFlash } from "../flash.ts";
import { adminBodyLimit } from "../admin_limits.ts";
import { renderAdminPage } from "./render.tsx";

const FIELDS = Object.keys(shopSettingsBody.shape) as (keyof ShopSettings)[];
const AMOUNTS = new Set<string>(["freeDeliveryThreshold", "deliveryFee"]);

function page(c: Context<AppEnv>, values: SettingsFormValues, errors: FieldErrors = {}, status: 200 | 400 = 200) {
  return renderAdminPage(c, {
    title: "Settings",
    active: "/admin/settings",
    body: (
      <SettingsView
        values={values}
        errors={errors}
        message={Object.keys(errors).length ? "Please correct the fields marked below." : null}
      />
    ),
    status,
  });
}

export function settingsAdmin() {
  const app = new Hono<AppEnv>();
  app.get("/", async (c) => {
    const s = await c.var.caches.settings.get();
    const values = Object.fromEntries(FIELDS.map((k) => [k, String(s[k])])) as SettingsFormValues;
    return page(c, values);
  });
  app.post("/", adminBodyLimit(), async (c) => {
    const form = await c.req.formData();
    const values = Object.fromEntries(FIELDS.map((k) => {
      const v = form.get(k);
      return [k, typeof v === "string" ? v : ""];
    })) as SettingsFormValues;
    const body = Object.fromEntries(
      FIELDS.map((k) => [k, AMOUNTS.has(k) ? (values[k].trim() === "" ? Number.NaN : Number(values[k])) : values[k]]),
    );
    const parsed = shopSettingsBody.safeParse(body);
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const i of parsed.error.issues) errors[String(i.path[0] ?? "")] ??= i.message;
      return page(c, values, errors, 400);
    }
    await c.var.caches.settings.save(parsed.data, currentUser(c).id);
    setFlash(c, { title: "Settings saved", description: "The shop shows the new details now.", variant: "success" });
    return c.redirect("/admin/settings", 303);
  });
  return app;
}
