/** The frame and text building blocks shared by the information pages (about, help, policies...). */
import type { Key, ReactElement, ReactNode } from "react";
import { Table, type TableColumn } from "../ui/Table.tsx";
import type { ShopInfo } from "../../config.ts";
import { Breadcrumbs } from "../ui/Breadcrumbs.tsx";
import { ChevronDownIcon } from "../ui/icons.tsx";

/** The date the policy texts (privacy, terms, returns, shipping) were last revised. */
export const POLICIES_UPDATED = "2026-11-22";

const updatedFormat = new Intl.DateTimeFormat("en-ZA", { day: "numeric", month: "long", year: "numeric" });

/** Inline link style for links inside running text. */
export const textLink =
  "font-medium text-green-800 underline decoration-green-800/30 underline-offset-2 hover:decoration-green-800";

/** A line of an information page's "On this page" list: the section's id and its name. */
type TocEntry = { id: string; label: string };

/**
 * An information page: breadcrumb Home > title, heading with an optional lead paragraph, and the
 * sections. With `toc`, wide screens get an "On this page" list beside the text.
 */
export function InfoPage(
  { title, lead, updated, toc, wide = false, children }: {
    title: string;
    lead?: ReactNode;
    /** ISO date shown as "Last updated". */
    updated?: string;
    toc?: TocEntry[];
    /** Use the full page width for the content (forms with a result beside them). */
    wide?: boolean;
    children: ReactNode;
  },
) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <Breadcrumbs items={[{ label: "Home", href: "/" }, { label: title }]} />
      <header className="mt-5 max-w-3xl">
        <h1 className="text-3xl font-extrabold tracking-tight text-stone-900 sm:text-4xl">{title}</h1>
        {lead ? <p className="mt-3 text-lg leading-8 text-stone-600">{lead}</p> : null}
        {updated
          ? (
            <p className="mt-3 text-sm text-stone-500">
              Last updated: <time dateTime={updated}>{updatedFormat.format(new Date(`${updated}T12:00:00Z`))}</time>
            </p>
          )
          : null}
      </header>
      {toc?.length
        ? (
          <div className="mt-8 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-12">
            <details className="group mb-8 rounded-xl border border-stone-200 bg-white lg:hidden">
              <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-3 text-sm font-semibold text-stone-700 [&::-webkit-details-marker]:hidden">
                On this page
                <ChevronDownIcon className="h-4 w-4 transition group-open:rotate-180" />
              </summary>
              <TocLinks toc={toc} />
            </details>
            <nav aria-label="On this page" className="hidden lg:block">
              <div className="sticky top-32 rounded-xl border border-stone-200 bg-white py-2">
                <h2 className="px-4 pt-2 text-xs font-semibold tracking-wider text-stone-500 uppercase">
                  On this page
                </h2>
                <TocLinks toc={toc} />
              </div>
            </nav>
            <div className="max-w-3xl space-y-10">{children}</div>
          </div>
        )
        : <div className={`mt-8 space-y-10 ${wide ? "" : "max-w-3xl"}`}>{children}</div>}
    </div>
  );
}

/**
 * A policy page (privacy, terms, returns, shipping): an {@link InfoPage} dated {@link POLICIES_UPDATED}
 * whose "On this page" list names each {@link Section} among `children` that has an id.
 */
export function PolicyPage({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <InfoPage title={title} lead={lead} updated={POLICIES_UPDATED} toc={sectionsToc(children)}>{children}</InfoPage>
  );
}

/**
 * The "On this page" entries of the sections among `children` (an array for several, `null` for one
 * left out): each one's id, and its `toc` label or title.
 */
function sectionsToc(children: ReactNode): TocEntry[] {
  return [children].flat().flatMap((child) => {
    const section = child as ReactElement<SectionProps> | null | undefined;
    return section?.type === Section && section.props.id
      ? [{ id: section.props.id, label: section.props.toc ?? section.props.title }]
      : [];
  });
}

function TocLinks({ toc }: { toc: TocEntry[] }) {
  return (
    <ol className="space-y-0.5 px-2 pb-2 text-sm">
      {toc.map((t) => (
        <li key={t.id}>
          <a
            href={`#${t.id}`}
            className="block rounded px-2 py-1.5 text-stone-700 hover:bg-green-50 hover:text-green-900"
          >
            {t.label}
          </a>
        </li>
      ))}
    </ol>
  );
}

interface SectionProps {
  id?: string;
  title: string;
  /** A shorter name for the {@link PolicyPage}'s "On this page" list than the title. */
  toc?: string;
  children: ReactNode;
}

/** A titled section of running text. */
export function Section({ id, title, children }: SectionProps) {
  return (
    <section id={id} className="scroll-mt-32">
      <h2 className="text-xl font-bold tracking-tight text-stone-900 sm:text-2xl">{title}</h2>
      <div className="mt-3 space-y-4 text-base leading-7 text-stone-700">{children}</div>
    </section>
  );
}

/** A bulleted list. */
export function Bullets({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-2 pl-5 marker:text-green-700">{children}</ul>;
}

/** A highlighted note (green) or warning (amber). */
export function Callout({ tone = "note", children }: { tone?: "note" | "warning"; children: ReactNode }) {
  const colours = tone === "warning"
    ? "border-amber-300 bg-amber-50 text-amber-950"
    : "border-green-200 bg-green-50 text-green-950";
  return <div className={`rounded-xl border p-4 text-base leading-7 ${colours}`}>{children}</div>;
}

/** Label/value rows, used for supplier details and order summaries. */
export function DetailList(
  { rows, compact = false }: { rows: { label: string; value: ReactNode }[]; compact?: boolean },
) {
  const columns = compact
    ? "grid-cols-[8.5rem_minmax(0,1fr)] gap-3"
    : "gap-1 sm:grid-cols-[14rem_minmax(0,1fr)] sm:gap-4";
  return (
    <dl className="divide-y divide-stone-200 overflow-hidden rounded-xl border border-stone-200 bg-white">
      {rows.map((r) => (
        <div key={r.label} className={`grid px-4 py-3 ${columns}`}>
          <dt className="text-sm font-semibold text-stone-600">{r.label}</dt>
          <dd className="text-stone-900">{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A table in an information page (delivery times, lawful bases, PVC against glass): framed in a white card
 * that scrolls sideways on a phone. Each column's `th`/`td` add to the shared cell padding.
 */
export function InfoTable<T>(
  { columns, rows, rowKey, className = "", bodyClass = "" }: {
    columns: TableColumn<T>[];
    rows: readonly T[];
    rowKey: (row: T) => Key;
    /** Added to the table's classes (e.g. a minimum width). */
    className?: string;
    bodyClass?: string;
  },
) {
  return (
    <div className="overflow-x-auto rounded-xl border border-stone-200 bg-white">
      <Table
        className={`w-full ${className} text-left text-sm sm:text-base`.replace("  ", " ")}
        headClass="bg-stone-100 text-stone-700"
        bodyClass={`divide-y divide-stone-200 ${bodyClass}`.trim()}
        columns={columns.map((c) => ({
          ...c,
          th: `px-4 py-3 font-semibold ${c.th ?? ""}`.trim(),
          td: `px-4 py-3 ${c.td ?? ""}`.trim(),
        }))}
        rows={rows}
        rowKey={rowKey}
      />
    </div>
  );
}

/** What every information page component receives. */
export interface InfoProps {
  shop: ShopInfo;
  /** Absolute site URL without a trailing slash, e.g. https://reptilebasics.co.za. */
  siteUrl: string;
  /** Who takes Instant EFT at checkout, if anyone: the payment answers name only what checkout offers. */
  instantEft?: "Stitch" | "PayFast" | null;
}

/** How an Instant EFT is paid with each provider, in one sentence for the FAQ and the terms. */
export function instantEftSentence(by: "Stitch" | "PayFast"): string {
  return by === "Stitch"
    ? "You can also pay by Instant EFT with Stitch: you choose your bank and approve the payment in your own bank's app or online banking, and we never see your banking login."
    : "You can also pay by Instant EFT (and PayFast's other methods) on PayFast's secure payment page; we never see your banking login or card number.";
}
