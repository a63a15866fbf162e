/**
 * The Facebook Commerce tab's no-JavaScript forms: POST /admin/facebook/token and
 * POST /admin/facebook/import are the form twins of the JSON actions; each goes back to the tab with
 * a toast (the import's result box reads the stored outcome of the last import).
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import { importedToast } from "../../domains/social_import/mod.ts";
import { ValidationError } from "../../lib/errors.ts";
import { setFlash } from "../flash.ts";
import { facebookImportAction, saveFacebookTokenAction } from "../api/facebook.ts";
import { formRoute } from "../action.ts";

const TAB = "/admin?tab=facebook";

function failed(c: Context<AppEnv>, message: string) {
  setFlash(c, { title: "Error", description: message, variant: "destructive" });
  return c.redirect(TAB, 303);
}

export function facebookAdmin() {
  const app = new Hono<AppEnv>();
  // The form twin of POST /api/admin/facebook-settings.
  formRoute(app, saveFacebookTokenAction, {
    path: "/token",
    input: (form) => ({ accessToken: form.accessToken }),
    onSuccess: (c, { message }) => {
      setFlash(c, { title: "Success", description: message, variant: "success" });
      return c.redirect(TAB, 303);
    },
    // The first field's words, as the JSON route's `issues` carry them.
    onError: (c, err) => failed(c, (err instanceof ValidationError ? err.issues[0]?.message : null) || err.message),
  });
  // The form twin of POST /api/admin/facebook-import (an unticked switch sends no field).
  formRoute(app, facebookImportAction, {
    path: "/import",
    input: (form) => ({ downloadImages: form.downloadImages === "true" }),
    onSuccess: (c, { importCount }) => {
      setFlash(c, { title: "Success", description: importedToast(importCount), variant: "success" });
      return c.redirect(TAB, 303);
    },
    onError: (c, err) => failed(c, err.message),
  });
  return app;
}
