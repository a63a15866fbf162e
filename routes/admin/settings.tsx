/** /admin/settings: the shop settings form (works without JavaScript: post, then redirect or errors). */
import { Hono } from "hono";
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import { type ShopSettings, shopSettingsBody } from "../../domains/settings/mod.ts";
import { type SettingsFormValues, SettingsView } from "../../components/admin/settings/SettingsView.tsx";
import type { FieldErrors } from "../../components/ui/Field.tsx";
import { setFlash } from "../flash.ts";
import { fieldMessages, formRoute } from "../action.ts";
import { saveSettingsAction } from "../api/admin_settings.ts";
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
  // The form twin of PUT /api/admin/settings: amounts arrive as text, refusals show beside their fields.
  formRoute(app, saveSettingsAction, {
    path: "/",
    input: (fields) =>
      Object.fromEntries(FIELDS.map((k) => {
        const v = fields[k] ?? "";
        return [k, AMOUNTS.has(k) ? (v.trim() === "" ? Number.NaN : Number(v)) : v];
      })),
    onSuccess: (c) => {
      setFlash(c, { title: "Settings saved", description: "The shop shows the new details now.", variant: "success" });
      return c.redirect("/admin/settings", 303);
    },
    onError: (c, err, fields) => {
      const values = Object.fromEntries(FIELDS.map((k) => [k, fields[k] ?? ""])) as SettingsFormValues;
      return page(c, values, fieldMessages(err), 400);
    },
  });
  return app;
}
