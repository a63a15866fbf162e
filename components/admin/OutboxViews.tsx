/**
 * The admin outbox: the list (newest first, filtered by status, 50 a page) and one message. A
 * message's HTML body is never rendered into the admin page: it is shown in an iframe sandboxed
 * with no rights at all (no scripts, no forms, no same-origin) and as escaped source.
 */
import type { ReactNode } from "react";
import type { EmailStatus, OutboxMessage, OutboxPage } from "../../domains/mail/mod.ts";
import { Pagination } from "../ui/Pagination.tsx";
import { type Column, DataTable, EmptyCard, Pill } from "./shared/AdminTable.tsx";

const when = new Intl.DateTimeFormat("en-ZA", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Africa/Johannesburg",
});

function formatTime(d: Date | null): string {
  return d ? when.format(d) : "—";
}

const STATUS_TONE = { pending: "amber", sent: "green", failed: "red" } as const satisfies Record<EmailStatus, string>;
const STATUS_LABEL: Record<EmailStatus, string> = { pending: "Pending", sent: "Sent", failed: "Failed" };

function StatusBadge({ status }: { status: EmailStatus }) {
  return <Pill tone={STATUS_TONE[status]}>{STATUS_LABEL[status]}</Pill>;
}

const MESSAGE_COLUMNS: Column<OutboxPage["items"][number]>[] = [
  { header: "Created", className: "whitespace-nowrap text-stone-600", cell: (m) => formatTime(m.createdAt) },
  { header: "To", className: "whitespace-nowrap", cell: (m) => m.toAddress },
  {
    header: "Subject",
    cell: (m) => <a href={`/admin/outbox/${m.id}`} className="font-medium text-green-800 underline">{m.subject}</a>,
  },
  { header: "Status", cell: (m) => <StatusBadge status={m.status} /> },
  { header: "Attempts", align: "right", className: "tabular-nums", cell: (m) => m.attempts },
  {
    header: "Sent / next try",
    className: "whitespace-nowrap text-stone-600",
    cell: (m) =>
      m.status === "sent"
        ? formatTime(m.sentAt)
        : m.status === "pending"
        ? `next ${formatTime(m.nextAttemptAt)}`
        : "gave up",
  },
];

/** Where a list link goes: the filter and page in the query. */
export function outboxHref(status: EmailStatus | null, page = 1): string {
  const q = new URLSearchParams();
  if (status) q.set("status", status);
  if (page > 1) q.set("page", String(page));
  const s = q.toString();
  return `/admin/outbox${s ? `?${s}` : ""}`;
}

function DeliveryNote({ smtp }: { smtp: boolean }) {
  return (
    <p className="mt-1 text-sm text-stone-600">
      {smtp
        ? "SMTP is configured: pending messages are delivered automatically and retried with backoff when delivery fails."
        : "SMTP_URL is not set, so nothing is delivered: messages stay here, where you can open and read them."}
    </p>
  );
}

export function OutboxListView(
  { result, status, smtp }: { result: OutboxPage; status: EmailStatus | null; smtp: boolean },
) {
  const filters: { label: string; value: EmailStatus | null }[] = [
    { label: "All", value: null },
    { label: "Pending", value: "pending" },
    { label: "Sent", value: "sent" },
    { label: "Failed", value: "failed" },
  ];
  return (
    <section>
      <h1 className="text-2xl font-extrabold tracking-tight">Outbox</h1>
      <DeliveryNote smtp={smtp} />
      <nav aria-label="Filter by status" className="mt-5 flex flex-wrap gap-2">
        {filters.map((f) => {
          const current = f.value === status;
          return (
            <a
              key={f.label}
              href={outboxHref(f.value)}
              aria-current={current ? "page" : undefined}
              className={`rounded-full border px-3 py-1 text-sm font-medium ${
                current
                  ? "border-green-800 bg-green-800 text-white"
                  : "border-stone-300 bg-white text-stone-700 hover:bg-stone-50"
              }`}
            >
              {f.label}
            </a>
          );
        })}
      </nav>
      <p className="mt-4 text-sm text-stone-600">
        {result.total === 1 ? "1 message" : `${result.total} messages`}
        {result.pageCount > 1 ? ` · page ${result.page} of ${result.pageCount}` : ""}
      </p>
      {result.items.length === 0
        ? <EmptyCard>{status ? `No ${STATUS_LABEL[status].toLowerCase()} messages.` : "No messages yet."}</EmptyCard>
        : (
          <DataTable
            columns={MESSAGE_COLUMNS}
            rows={result.items}
            rowProps={(m) => ({ className: "hover:bg-stone-50", "data-message-id": m.id })}
          />
        )}
      <Pagination page={result.page} pageCount={result.pageCount} href={(p) => outboxHref(status, p)} />
    </section>
  );
}

/** Plain text with links to this shop made clickable (so a reset link can be followed in a demo). */
function LinkedText({ text, siteUrl }: { text: string; siteUrl: string }) {
  const parts: ReactNode[] = [];
  const re = /https?:\/\/[^\s<>"]+/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    const url = m[0];
    const start = m.index ?? 0;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      url.startsWith(`${siteUrl}/`) ? <a key={start} href={url} className="text-green-800 underline">{url}</a> : url,
    );
    last = start + url.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[10rem_1fr]">
      <dt className="text-sm font-medium text-stone-600">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

export function OutboxMessageView({ message, siteUrl }: { message: OutboxMessage; siteUrl: string }) {
  return (
    <article>
      <a href="/admin/outbox" className="text-sm font-medium text-green-800 underline">← Back to the outbox</a>
      <h1 className="mt-3 text-2xl font-extrabold tracking-tight break-words">{message.subject}</h1>
      <dl className="mt-4 divide-y divide-stone-100 rounded-xl border border-stone-200 bg-white px-5 py-2 shadow-sm">
        <Row label="To">{message.toAddress}</Row>
        <Row label="Status">
          <StatusBadge status={message.status} />
        </Row>
        <Row label="Attempts">{message.attempts}</Row>
        <Row label="Created">{formatTime(message.createdAt)}</Row>
        {message.sentAt ? <Row label="Sent">{formatTime(message.sentAt)}</Row> : null}
        {message.status === "pending" ? <Row label="Next attempt">{formatTime(message.nextAttemptAt)}</Row> : null}
        {message.unsubscribeUrl
          ? (
            <Row label="Unsubscribe">
              One click from the mail client (List-Unsubscribe header):{" "}
              <code className="break-all">{message.unsubscribeUrl}</code>
            </Row>
          )
          : null}
        {message.lastError
          ? (
            <Row label="Last error">
              <code className="text-red-800">{message.lastError}</code>
            </Row>
          )
          : null}
      </dl>
      <h2 className="mt-8 text-lg font-bold">Plain text</h2>
      <pre
        data-body="text"
        className="mt-2 overflow-x-auto rounded-xl border border-stone-200 bg-white p-4 font-mono text-sm whitespace-pre-wrap break-words shadow-sm"
      >
        <LinkedText text={message.textBody} siteUrl={siteUrl} />
      </pre>
      {message.htmlBody
        ? (
          <>
            <h2 className="mt-8 text-lg font-bold">HTML</h2>
            <p className="mt-1 text-xs text-stone-600">
              Shown in a sandbox without scripts, forms or access to this site.
            </p>
            <iframe
              title="HTML version of the message"
              sandbox=""
              srcDoc={message.htmlBody}
              referrerPolicy="no-referrer"
              className="mt-2 h-[28rem] w-full rounded-xl border border-stone-200 bg-white shadow-sm"
            />
            <details className="mt-3">
              <summary className="cursor-pointer text-sm font-medium text-stone-700">HTML source</summary>
              <pre
                data-body="html"
                className="mt-2 overflow-x-auto rounded-xl border border-stone-200 bg-white p-4 font-mono text-xs whitespace-pre-wrap break-all"
              >
                {message.htmlBody}
              </pre>
            </details>
          </>
        )
        : null}
    </article>
  );
}

export function OutboxMessageNotFound() {
  return (
    <section>
      <a href="/admin/outbox" className="text-sm font-medium text-green-800 underline">← Back to the outbox</a>
      <h1 className="mt-3 text-2xl font-extrabold tracking-tight">Message not found</h1>
      <p className="mt-2 text-stone-600">There is no message with that number in the outbox.</p>
    </section>
  );
}
