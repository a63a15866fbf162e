/**
 * What the Facebook Commerce tab keeps in the settings store: the access token (server-side only,
 * never sent back) and the last import's outcome, and the connection status built from them.
 */
import type { Db } from "../../db/client.ts";
import { readSetting, writeSetting } from "../settings/mod.ts";
import { recordAudit } from "../admin_audit/mod.ts";
import { GRAPH_API_VERSION } from "./graph.ts";

/** Settings keys: the saved token, and the last import's outcome (shown in the tab's result box). */
export const TOKEN_SETTING = "meta.accessToken";
export const LAST_IMPORT_SETTING = "meta.lastImport";

/** What the import needs from the configuration. */
export interface MetaConfig {
  graphApiBase: string;
  catalogId?: string;
  accessToken?: string;
}

export interface LastImport {
  ok: boolean;
  message: string;
  importCount: number;
  updatedCount: number;
  at: string;
}

/** What the tab shows: never the token itself. */
export interface MetaStatus {
  catalogId: string | null;
  apiVersion: string;
  connected: boolean;
  /** Where the token comes from: saved by staff, or META_ACCESS_TOKEN. */
  tokenSource: "saved" | "environment" | null;
  lastImport: LastImport | null;
}

/** The token staff saved, if any. */
export async function savedToken(db: Db): Promise<string | null> {
  const value = await readSetting(db, TOKEN_SETTING);
  return typeof value === "string" && value ? value : null;
}

export async function metaStatus(db: Db, meta: MetaConfig): Promise<MetaStatus> {
  const [saved, last] = await Promise.all([savedToken(db), readSetting(db, LAST_IMPORT_SETTING)]);
  const tokenSource = saved ? "saved" : meta.accessToken ? "environment" : null;
  return {
    catalogId: meta.catalogId ?? null,
    apiVersion: GRAPH_API_VERSION,
    connected: tokenSource !== null,
    tokenSource,
    lastImport: isLastImport(last) ? last : null,
  };
}

function isLastImport(v: unknown): v is LastImport {
  return !!v && typeof v === "object" && typeof (v as LastImport).message === "string" &&
    typeof (v as LastImport).ok === "boolean" && typeof (v as LastImport).importCount === "number";
}

/**
 * Stores the token for imports (replacing any other). The audit entry says that it changed, never
 * what it is. Settings have no numeric id: entity id 0 with the key in the details.
 */
export async function saveAccessToken(db: Db, token: string, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const had = (await readSetting(tx, TOKEN_SETTING)) !== undefined;
    await writeSetting(tx, TOKEN_SETTING, token, userId);
    await recordAudit(tx, {
      userId,
      entityType: "setting",
      entityId: 0,
      action: had ? "update" : "create",
      details: { key: TOKEN_SETTING, changes: { accessToken: { before: had ? "(hidden)" : null, after: "(hidden)" } } },
    });
  });
}

/** Keeps an import's outcome for the tab's result box. */
export async function remember(db: Db, last: LastImport, userId: number) {
  await writeSetting(db, LAST_IMPORT_SETTING, {
    ok: last.ok,
    message: last.message,
    importCount: last.importCount,
    updatedCount: last.updatedCount,
    at: last.at,
  }, userId);
}
