/**
 * The Facebook Commerce tab's no-JavaScript forms: POST /admin/facebook/token and
 * POST /admin/facebook/import do what the JSON API does, then go back to the tab with a toast
 * (the import's result box reads the stored outcome of the last import).
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import {
  facebookSettingsBody,
  GraphUnavailableError,
  importedToast,
  saveAccessToken,
  TOKEN_SAVED,
} from "../../domains/social_import/mod.ts";
import { AppError } from "../../lib/errors.ts";
import { setFlash } from "../flash.ts";
import { currentUser } from "../guards.ts";
import { facebookBodyLimit, runFacebookImport } from "../api/facebook.ts";

const TAB = "/admin?tab=facebook";

function failed(c: Context<AppEnv>, message: string) {
  setFlash(c, { title: "Error", description: message, variant: "destructive" });
  return c.redirect(TAB, 303);
}

export function facebookAdmin() {
  const app = new Hono<AppEnv>();
  app.post("/token", facebookBodyLimit, async (c) => {
    const form = await c.req.parseBody();
    const parsed = facebookSettingsBody.safeParse({ accessToken: form.accessToken });
    if (!parsed.success) return failed(c, parsed.error.issues[0]?.message ?? "Failed to save access token");
    await saveAccessToken(c.var.db, parsed.data.accessToken, currentUser(c).id);
    setFlash(c, { title: "Success", description: TOKEN_SAVED, variant: "success" });
    return c.redirect(TAB, 303);
  });
  app.post("/import", facebookBodyLimit, async (c) => {
    const form = await c.req.parseBody();
    try {
      const result = await runFacebookImport(c, form.downloadImages === "true");
      setFlash(c, { title: "Success", description: importedToast(result.importCount), variant: "success" });
      return c.redirect(TAB, 303);
    } catch (err) {
      if (err instanceof AppError || err instanceof GraphUnavailableError) return failed(c, err.message);
      throw err;
    }
  });
  return app;
}
