/**
 * The spec's Facebook Commerce endpoints, for admin and super_admin (401 visitors, 403 customers):
 * POST /api/admin/facebook-settings {accessToken} stores the Graph token server-side and answers
 * only a message; POST /api/admin/facebook-import {downloadImages} imports the configured Meta
 * catalogue and answers { message, importCount, updatedCount, ... }. Facebook unreachable: 502
 * (GraphUnavailableError is an UpstreamError).
 */
import {
  facebookImportBody,
  facebookImportOutput,
  facebookSettingsBody,
  saveAccessToken,
  TOKEN_SAVED,
} from "../../domains/social_import/mod.ts";
import { importCatalogue } from "../../flows/import_meta_catalogue.ts";
import { currentUser, requireRole } from "../guards.ts";
import { saveFacebookTokenOutput } from "../../contract/facebook.ts";
import { actionApi, defineAction } from "../action.ts";
import { refuseBodyOver } from "../admin_limits.ts";

/** Bodies are a token or a flag: anything larger is not ours. */
const facebookBodyLimit = refuseBodyOver(8 * 1024);

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
  return actionApi("/admin/facebook-settings", [saveFacebookTokenAction], requireRole("admin"));
}

/**
 * Imports the configured Meta catalogue as the signed-in staff member. Refusals: no catalogue
 * configured (409), no token (400), Facebook refused the token or catalogue (422), an import already
 * running (409), Facebook unreachable (502).
 */
export const facebookImportAction = defineAction({
  method: "post",
  path: "/admin/facebook-import",
  input: facebookImportBody,
  output: facebookImportOutput,
  auth: "admin",
  middleware: [facebookBodyLimit],
  summary: "Import the configured Meta catalogue (new products, updates, optional image download)",
  handler: (c, { downloadImages }) =>
    importCatalogue(c.var.db, { meta: c.var.config.meta, storage: c.var.storage }, {
      downloadImages,
      userId: currentUser(c).id,
    }),
});

export function facebookImportApi() {
  return actionApi("/admin/facebook-import", [facebookImportAction], requireRole("admin"));
}
