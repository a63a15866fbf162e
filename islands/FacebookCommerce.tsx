/**
 * The dashboard's Facebook Commerce tab (spec 001): catalogue card, access token ('Save Token',
 * 'Saving...'; the page reloads after a save), 'Download product images' switch, 'Import Products'
 * ('Importing Products...') and the green or red result box. Server-rendered as two plain forms
 * posting to /admin/facebook/token and /admin/facebook/import, so it works without JavaScript;
 * hydrated, it calls the JSON API and shows the spec's toasts.
 */
import { type FormEvent, useEffect, useState } from "react";
import { api } from "../client/api.ts";
import { reloadWithToast, toast } from "../client/toast.ts";
import { primaryButton, secondaryButton } from "../components/ui/buttons.ts";
import { card, CatalogueCard, type ImportOutcome, ResultBox, Switch } from "../components/admin/facebook/parts.tsx";
import {
  IMPORT_FAILED,
  importedToast,
  TOKEN_REQUIRED,
  TOKEN_SAVE_FAILED,
  TOKEN_SAVED,
} from "../domains/social_import/texts.ts";
import type { ActionOutput } from "../contract/action.ts";
import type { saveFacebookTokenOutput } from "../contract/facebook.ts";

export interface FacebookCommerceProps {
  catalogId: string | null;
  apiVersion: string;
  connected: boolean;
  tokenSource: "saved" | "environment" | null;
  lastImport: ImportOutcome | null;
}

const messageOf = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);

export default function FacebookCommerce(props: FacebookCommerceProps) {
  const [token, setToken] = useState("");
  const [saving, setSaving] = useState(false);
  const [tokenError, setTokenError] = useState<string | null>(null);
  const [downloadImages, setDownloadImages] = useState(true);
  const [importing, setImporting] = useState(false);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(props.lastImport);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  async function saveToken(e: FormEvent) {
    e.preventDefault();
    const value = token.trim();
    if (!value) {
      setTokenError(TOKEN_REQUIRED);
      toast({ title: "Error", description: TOKEN_REQUIRED, variant: "destructive" });
      return;
    }
    setSaving(true);
    setTokenError(null);
    try {
      const res = await api<ActionOutput<typeof saveFacebookTokenOutput>>("/api/admin/facebook-settings", {
        method: "POST",
        json: { accessToken: value },
      });
      setToken("");
      reloadWithToast({ title: "Success", description: res.message || TOKEN_SAVED, variant: "success" });
    } catch (err) {
      const text = messageOf(err, TOKEN_SAVE_FAILED);
      setTokenError(text);
      toast({ title: "Error", description: text, variant: "destructive" });
      setSaving(false);
    }
  }

  async function runImport(e: FormEvent) {
    e.preventDefault();
    setImporting(true);
    try {
      const res = await api<{ message: string; importCount: number }>("/api/admin/facebook-import", {
        method: "POST",
        json: { downloadImages },
      });
      setOutcome({ ok: true, message: res.message, importCount: res.importCount });
      toast({ title: "Success", description: importedToast(res.importCount), variant: "success" });
    } catch (err) {
      const text = messageOf(err, IMPORT_FAILED);
      setOutcome({ ok: false, message: text, importCount: 0 });
      toast({ title: "Error", description: text, variant: "destructive" });
    } finally {
      setImporting(false);
    }
  }

  return (
    <div className="grid gap-5" data-facebook-commerce>
      <CatalogueCard catalogId={props.catalogId} apiVersion={props.apiVersion} connected={props.connected} />

      <section className={card} aria-labelledby="fb-token-title">
        <h2 id="fb-token-title" className="text-lg font-bold">Access token</h2>
        <p className="mt-1 text-sm text-stone-600">
          A Graph API token with the catalog_management permission. It is kept on the server and never shown again.
          {props.tokenSource === "environment" &&
            " The shop uses META_ACCESS_TOKEN from its environment until a token is saved here."}
        </p>
        <form method="post" action="/admin/facebook/token" onSubmit={saveToken} className="mt-4" noValidate>
          <label htmlFor="fb-access-token" className="block text-sm font-medium text-stone-800">Access token</label>
          <div className="mt-1 flex flex-col gap-2 sm:flex-row">
            <input
              id="fb-access-token"
              name="accessToken"
              type="password"
              autoComplete="off"
              spellCheck={false}
              maxLength={1000}
              value={token}
              onChange={(e) => {
                setToken(e.target.value);
                setTokenError(null);
              }}
              placeholder={props.connected ? "Enter a new token to replace the current one" : "Paste your access token"}
              aria-invalid={tokenError ? true : undefined}
              aria-describedby={tokenError ? "fb-token-error" : undefined}
              className="min-w-0 flex-1 rounded-lg border border-stone-300 px-3 py-2 font-mono text-sm placeholder:font-sans placeholder:text-stone-400 focus:border-green-700 focus:ring-2 focus:ring-green-700/20 focus:outline-none"
            />
            <button type="submit" className={secondaryButton} disabled={hydrated && saving} data-fb-save-token>
              {saving ? "Saving..." : "Save Token"}
            </button>
          </div>
          {tokenError && <p id="fb-token-error" className="mt-1.5 text-sm text-red-800">{tokenError}</p>}
        </form>
      </section>

      <section className={card} aria-labelledby="fb-import-title">
        <h2 id="fb-import-title" className="text-lg font-bold">Import products</h2>
        <p className="mt-1 text-sm text-stone-600">
          Products are matched by their Meta retailer ID: new ones are created, ones imported before are updated (name,
          description, price, stock, brand), nothing is deleted.
        </p>
        <form method="post" action="/admin/facebook/import" onSubmit={runImport} className="mt-4 grid gap-4">
          <Switch
            id="fb-download-images"
            name="downloadImages"
            checked={downloadImages}
            onChange={setDownloadImages}
            label="Download product images"
            hint={downloadImages
              ? "On: the images are downloaded and stored by the shop."
              : "Off: the products show the images from Facebook's servers (CDN URLs)."}
          />
          <div>
            <button
              type="submit"
              className={primaryButton}
              disabled={hydrated && (importing || !props.connected || !props.catalogId)}
              data-fb-import
            >
              {importing ? "Importing Products..." : "Import Products"}
            </button>
            {!props.connected && <p className="mt-2 text-sm text-stone-600">Save an access token first.</p>}
          </div>
        </form>
        {outcome && (
          <div className="mt-4">
            <ResultBox outcome={outcome} />
          </div>
        )}
      </section>
    </div>
  );
}
