/**
 * Pieces of the Facebook Commerce tab shared by its island and the server render: the catalogue
 * card, the connection badge, the images switch and the import result box.
 */
import type { ReactNode } from "react";
import { importedLine } from "../../../domains/social_import/texts.ts";

export interface ImportOutcome {
  ok: boolean;
  message: string;
  importCount: number;
  /** When the outcome is a stored one (the last import): its time, formatted by the server. */
  when?: string;
}

export const card = "rounded-xl border border-stone-200 bg-white p-5 shadow-sm";

export function CatalogueCard(
  { catalogId, apiVersion, connected }: { catalogId: string | null; apiVersion: string; connected: boolean },
) {
  return (
    <section className={card} aria-labelledby="fb-catalogue-title" data-fb-catalogue>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="fb-catalogue-title" className="text-lg font-bold">Facebook Commerce Manager</h2>
          <p className="mt-1 text-sm text-stone-600">
            Import products from your Meta (Facebook and Instagram) catalogue into the shop.
          </p>
        </div>
        <StatusBadge connected={connected} />
      </div>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
        <div className="rounded-lg bg-stone-50 px-3 py-2">
          <dt className="text-stone-500">Catalogue ID</dt>
          <dd className="mt-0.5 font-mono font-semibold break-all" data-fb-catalogue-id>
            {catalogId ?? (
              <span className="font-sans font-normal text-red-800">Not configured (set META_CATALOG_ID)</span>
            )}
          </dd>
        </div>
        <div className="rounded-lg bg-stone-50 px-3 py-2">
          <dt className="text-stone-500">API version</dt>
          <dd className="mt-0.5 font-mono font-semibold" data-fb-api-version>{apiVersion}</dd>
        </div>
      </dl>
    </section>
  );
}

export function StatusBadge({ connected }: { connected: boolean }) {
  return (
    <span
      data-fb-status={connected ? "connected" : "not-connected"}
      className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold ${
        connected ? "bg-green-100 text-green-900" : "bg-stone-200 text-stone-700"
      }`}
    >
      <span aria-hidden="true" className={`size-2 rounded-full ${connected ? "bg-green-700" : "bg-stone-500"}`} />
      {connected ? "Connected" : "Not Connected"}
    </span>
  );
}

/** A checkbox drawn as a switch (role="switch"), so it also posts in the no-JavaScript form. */
export function Switch(
  { id, name, checked, onChange, label, hint }: {
    id: string;
    name: string;
    checked: boolean;
    onChange?: (checked: boolean) => void;
    label: string;
    hint: ReactNode;
  },
) {
  return (
    <div className="flex items-start gap-3">
      <span className="relative mt-0.5 inline-flex shrink-0">
        <input
          id={id}
          name={name}
          type="checkbox"
          role="switch"
          value="true"
          checked={checked}
          onChange={(e) => onChange?.(e.target.checked)}
          aria-describedby={`${id}-hint`}
          className="peer h-6 w-11 cursor-pointer appearance-none rounded-full bg-stone-300 transition-colors checked:bg-green-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
        />
      </span>
      <span>
        <label htmlFor={id} className="font-medium text-stone-900">{label}</label>
        <span id={`${id}-hint`} className="block text-sm text-stone-600">{hint}</span>
      </span>
    </div>
  );
}

/** The result box: green with the count of new products, or red with what went wrong. */
export function ResultBox({ outcome }: { outcome: ImportOutcome }) {
  return (
    <div
      role="status"
      data-fb-result={outcome.ok ? "success" : "error"}
      className={`rounded-lg border p-4 text-sm ${
        outcome.ok ? "border-green-300 bg-green-50 text-green-950" : "border-red-300 bg-red-50 text-red-950"
      }`}
    >
      {outcome.when && (
        <p className="mb-1 text-xs font-semibold tracking-wide uppercase opacity-70">Last import, {outcome.when}</p>
      )}
      <p>{outcome.message}</p>
      {outcome.ok && <p className="mt-1 font-semibold">{importedLine(outcome.importCount)}</p>}
    </div>
  );
}
