/**
 * The spec's Facebook Commerce endpoints, for admin and super_admin (401 visitors, 403 customers):
 * POST /api/admin/facebook-settings {accessToken} stores the Graph token server-side and answers
 * only a message; POST /api/admin/facebook-import {downloadImages} imports the configured Meta
 * catalogue and answers { message, importCount, updatedCount, ... }. Facebook unreachable: 502.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import {
  facebookImportBody,
  facebookSettingsBody,
  GraphUnavailableError,
  saveAccessToken,
  TOKEN_SAVED,
} from "../../domains/social_import/mod.ts";
import { importCatalogue } from "../../flows/import_meta_catalogue.ts";
import { currentUser, requireRole } from "../guards.ts";
import { validate } from "../validate.ts";
import { saveFacebookTokenOutput } from "../../contract/facebook.ts";
import { defineAction, jsonRoute } from "../action.ts";
import { refuseBodyOver } from "../admin_limits.ts";

/** Bodies are a token or a flag: anything larger is not ours. */
export const facebookBodyLimit = refuseBodyOver(8 * 1024);

/** Runs the import for the signed-in staff member with the app's configuration and storage. */
export function runFacebookImport(c: Context<AppEnv>, downloadImages: boolean) {
  return importCatalogue(c.var.db, { meta: c.var.config.meta, storage: c.var.storage }, {
    downloadImages,
    userId: currentUser(c).id,
  });
}

export const saveFacebookTokenAction = defineAction({
  method: "post",
  path: "/admin/facebook-settings",
  input: facebookSettingsBody,
  output: saveFacebookTokenOutput,
  auth: "admin",
  middleware: [facebookBodyLimit],
  summary: "Store the Graph API access token server-side (never sent back)",
  handler: async (c, input) => {
    await saveAccessToken(c.var.db, input.accessToken, currentUser(c).id);
    return { message: TOKEN_SAVED };
  },
});

export function facebookSettingsApi() {
  const app = new Hono<AppEnv>();
  app.use("*", requireRole("admin"));
  jsonRoute(app, saveFacebookTokenAction, "/admin/facebook-settings");
  return app;
}

export function facebookImportApi() {
  const app = new Hono<AppEnv>();
  app.use("*", requireRole("admin"));
  app.post("/", facebookBodyLimit, validate("json", facebookImportBody), async (c) => {
    try {
      return c.json(await runFacebookImport(c, c.req.valid("json").downloadImages));
    } catch (err) {
      if (err instanceof GraphUnavailableError) return c.json({ error: err.message }, 502);
      throw err;
    }
  });
  return app;
}
