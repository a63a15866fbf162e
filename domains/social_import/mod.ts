/**
 * The Meta (Facebook) catalogue import's public surface: settings, the Graph API, prices and texts.
 * The import itself (products, images, audit entries, stock movements) is flows/import_meta_catalogue.ts.
 */
export {
  LAST_IMPORT_SETTING,
  type LastImport,
  type MetaConfig,
  type MetaStatus,
  metaStatus,
  saveAccessToken,
  TOKEN_SETTING,
} from "./settings.ts";
export { GRAPH_API_VERSION, GraphUnavailableError } from "./graph.ts";
export { parseGraphPrice, PriceFormatError } from "./price.ts";
export {
  facebookImportBody,
  facebookImportOutput,
  type FacebookImportResult,
  facebookSettingsBody,
  facebookSettingsOutput,
} from "./schemas.ts";
export { IMPORT_FAILED, importedLine, importedToast, TOKEN_REQUIRED, TOKEN_SAVE_FAILED, TOKEN_SAVED } from "./texts.ts";
