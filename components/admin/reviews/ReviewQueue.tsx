/**
 * /admin/reviews: the moderation queue. Tabs by status; each review with its product, rating, text,
 * photos, author and the author's recent orders, and forms to approve it or reject it with a reason
 * (e-mailed to the author). Plain form posts: it works without JavaScript.
 */
import type { ModerationPage, QueuedReview, ReviewStatus } from "../../../domains/reviews/mod.ts";
import { formatMoney, toCents } from "../../../lib/money.ts";
import { Pagination } from "../../ui/Pagination.tsx";
import { Avatar, ReviewPhotos, Stars, VerificationBadge } from "../../reviews/parts.tsx";
import { initialsOf } from "../../../domains/reviews/mod.ts";
import { EmptyCard, formatDate, formatDateTime, Pill } from "../shared/AdminTable.tsx";
import { PageHeader } from "../shared/PageHeader.tsx";
import { primaryButton, secondaryButton } from "../../ui/buttons.ts";

const TABS: { status: ReviewStatus; label: string }[] = [
  { status: "pending", label: "Pending" },
  { status: "approved", label: "Approved" },
  { status: "rejected", label: "Rejected" },
];

const EMPTY: Record<ReviewStatus, string> = {
  pending: "No reviews are waiting for moderation.",
  approved: "No approved reviews yet.",
  rejected: "No rejected reviews.",
};

export function ReviewQueue({ result, status }: { result: ModerationPage; status: ReviewStatus }) {
  return (
    <div>
      <PageHeader
        title="Reviews"
        intro="New reviews stay hidden until approved. Approving credits the author 10 loyalty points (once per review); rejecting e-mails the author your reason."
      />
      <nav className="mt-5 flex flex-wrap gap-2" aria-label="Review status">
        {TABS.map((t) => (
          <a
            key={t.status}
            href={`/admin/reviews?status=${t.status}`}
            aria-current={t.status === status ? "page" : undefined}
            className={t.status === status
              ? "rounded-full bg-green-800 px-4 py-1.5 text-sm font-semibold text-white"
              : "rounded-full border border-stone-300 bg-white px-4 py-1.5 text-sm font-medium text-stone-800 hover:bg-stone-50"}
          >
            {t.label}
            {t.status === status ? ` (${result.total})` : ""}
          </a>
        ))}
      </nav>
      {result.items.length
        ? (
          <ul className="mt-6 space-y-5">
            {result.items.map((r) => <QueueItem key={r.id} review={r} status={status} page={result.page} />)}
          </ul>
        )
        : <EmptyCard>{EMPTY[status]}</EmptyCard>}
      <Pagination
        page={result.page}
        pageCount={result.pageCount}
        href={(p) => `/admin/reviews?status=${status}&page=${p}`}
      />
    </div>
  );
}

function QueueItem({ review: r, status, page }: { review: QueuedReview; status: ReviewStatus; page: number }) {
  const name = r.author?.username ?? "Deleted account";
  const back = `status=${status}&page=${page}`;
  return (
    <li
      className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm"
      id={`review-${r.id}`}
      data-review-id={r.id}
    >
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0">
          <p className="text-sm text-stone-600">
            <a className="font-semibold text-green-800 hover:underline" href={`/product/${r.product.slug}#reviews`}>
              {r.product.name}
            </a>{" "}
            · submitted {formatDateTime(new Date(r.createdAt))}
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <Stars rating={r.rating} />
            <VerificationBadge status={r.verificationStatus} />
            {r.status === "approved" ? <Pill tone="green">Approved</Pill> : null}
            {r.status === "rejected" ? <Pill tone="red">Rejected</Pill> : null}
            {r.status === "pending" ? <Pill tone="amber">Pending</Pill> : null}
          </div>
          <h2 className="mt-2 text-lg font-bold text-stone-900">{r.title}</h2>
          <p className="mt-1 whitespace-pre-line text-stone-700">{r.content}</p>
          <ReviewPhotos photos={r.photos} by={name} size="h-24 w-24" />
          {r.moderationNote ? <p className="mt-3 text-sm text-red-800">Rejection reason: {r.moderationNote}</p> : null}
          <div className="mt-4 flex flex-wrap items-start gap-3">
            {r.status !== "approved"
              ? (
                <form method="post" action={`/admin/reviews/${r.id}/status?${back}`}>
                  <input type="hidden" name="status" value="approved" />
                  <button type="submit" className={primaryButton}>Approve</button>
                </form>
              )
              : null}
            {r.status !== "rejected"
              ? (
                <form
                  method="post"
                  action={`/admin/reviews/${r.id}/status?${back}`}
                  className="flex min-w-[16rem] flex-1 flex-col gap-2"
                >
                  <input type="hidden" name="status" value="rejected" />
                  <label htmlFor={`reason-${r.id}`} className="text-sm font-semibold text-stone-800">
                    Reason for rejection (e-mailed to the author)
                  </label>
                  <textarea
                    id={`reason-${r.id}`}
                    name="reason"
                    required
                    maxLength={1000}
                    rows={2}
                    className="w-full rounded-md border border-stone-300 p-2 text-sm"
                  />
                  <div>
                    <button type="submit" className={secondaryButton}>Reject</button>
                  </div>
                </form>
              )
              : null}
          </div>
        </div>
        <aside className="rounded-lg bg-stone-50 p-4 text-sm" aria-label="Author">
          <div className="flex items-center gap-3">
            <Avatar name={name} initials={initialsOf(r.author?.username)} />
            <div className="min-w-0">
              {r.author
                ? (
                  <a className="font-semibold text-green-800 hover:underline" href={`/admin/users/${r.author.id}`}>
                    {r.author.username}
                  </a>
                )
                : <span className="font-semibold">{name}</span>}
              {r.author ? <p className="truncate text-stone-600">{r.author.email}</p> : null}
            </div>
          </div>
          <h3 className="mt-4 font-semibold text-stone-800">Order history</h3>
          {r.orders.length
            ? (
              <ul className="mt-2 space-y-1.5">
                {r.orders.map((o) => (
                  <li key={o.id} className="flex flex-wrap items-center justify-between gap-x-2">
                    <a className="text-green-800 hover:underline" href={`/admin/orders/${o.id}`}>{o.orderNumber}</a>
                    <span className="text-stone-600">
                      {formatDate(new Date(o.createdAt))} · {formatMoney(toCents(o.total) ?? 0)} ·{" "}
                      {o.paid ? o.status : "unpaid"}
                      {o.hasProduct ? " · has this product" : ""}
                    </span>
                  </li>
                ))}
              </ul>
            )
            : <p className="mt-2 text-stone-600">No orders.</p>}
        </aside>
      </div>
    </li>
  );
}
