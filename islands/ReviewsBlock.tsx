/**
 * The product page's reviews: summary (average, count, distribution by stars), star filter (the same
 * star again clears it), source tabs, sorts, paging, helpful votes and replies. Rendered in full on
 * the server: every filter, sort and page is a link (query parameters) and votes and replies are form
 * posts, so it all works without JavaScript; once hydrated the links and forms go through the API.
 */
import { type FormEvent, type MouseEvent, useEffect, useState } from "react";
import { api } from "../client/api.ts";
import { toast } from "../client/toast.ts";
import type { ReplyJson, ReviewJson, ReviewPageJson } from "../domains/reviews/json.ts";
import type { ActionOutput } from "../contract/action.ts";
import type { replyOutput, voteOutput } from "../contract/reviews.ts";
import {
  Avatar,
  FilledStar,
  reviewDate,
  ReviewPhotos,
  SORT_LABELS,
  SOURCE_LABELS,
  Stars,
  VerificationBadge,
} from "../components/reviews/parts.tsx";

export interface ReviewFilters {
  rating: number | null;
  source: "all" | "internal" | "google" | "amazon";
  sort: "recent" | "helpful" | "highest" | "lowest";
  page: number;
}

export interface ReviewsBlockProps {
  productId: number;
  slug: string;
  initial: ReviewPageJson;
  filters: ReviewFilters;
  viewer: { id: number | null; loginHref: string };
  /** The viewer's votes on the shown reviews: reviewId -> helpful. */
  votes: Record<string, boolean>;
}

const NO_MATCH = "No reviews match the selected filters";

/** The query string of a filter state (defaults left out). */
export function filterQuery(f: ReviewFilters): string {
  const q = new URLSearchParams();
  if (f.rating) q.set("rating", String(f.rating));
  if (f.source !== "all") q.set("source", f.source);
  if (f.sort !== "recent") q.set("sort", f.sort);
  if (f.page > 1) q.set("page", String(f.page));
  return q.toString();
}

const pill = (active: boolean) =>
  `inline-flex items-center gap-1 rounded-full border px-3 py-1.5 text-sm font-medium ${
    active
      ? "border-green-800 bg-green-800 text-white"
      : "border-stone-300 bg-white text-stone-800 hover:border-stone-400 hover:bg-stone-50"
  }`;

export default function ReviewsBlock({ productId, slug, initial, filters, viewer, votes }: ReviewsBlockProps) {
  const [data, setData] = useState(initial);
  const [state, setState] = useState(filters);
  const [myVotes, setMyVotes] = useState(votes);
  const [loading, setLoading] = useState(false);

  const href = (f: ReviewFilters) => {
    const q = filterQuery(f);
    return `/product/${slug}${q ? `?${q}` : ""}#reviews`;
  };

  async function go(e: MouseEvent, next: ReviewFilters) {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    setLoading(true);
    try {
      const q = filterQuery(next);
      const page = await api<ReviewPageJson>(`/api/products/${productId}/reviews${q ? `?${q}` : ""}`);
      setData(page);
      setState({ ...next, page: page.page });
      history.replaceState(null, "", href({ ...next, page: page.page }));
    } catch (err) {
      toast({ title: "Could not load reviews", description: (err as Error).message, variant: "destructive" });
    } finally {
      setLoading(false);
    }
  }

  function updateReview(id: number, change: (r: ReviewJson) => ReviewJson) {
    setData((d) => ({ ...d, items: d.items.map((r) => (r.id === id ? change(r) : r)) }));
  }

  async function vote(e: FormEvent, review: ReviewJson, helpful: boolean) {
    e.preventDefault();
    if (!viewer.id) {
      location.assign(viewer.loginHref);
      return;
    }
    const withdraw = myVotes[review.id] === helpful;
    try {
      // Both answer the same shape (withdrawVoteAction's is voteAction's).
      const result = await api<ActionOutput<typeof voteOutput>>(
        `/api/reviews/${review.id}/vote`,
        withdraw ? { method: "DELETE" } : { method: "POST", json: { helpful } },
      );
      setMyVotes((v) => {
        const next = { ...v };
        if (result.vote === null) delete next[review.id];
        else next[review.id] = result.vote;
        return next;
      });
      updateReview(review.id, (r) => ({
        ...r,
        helpfulCount: result.helpfulCount,
        notHelpfulCount: result.notHelpfulCount,
      }));
      toast({ title: withdraw ? "Vote removed" : "Thanks for your feedback", variant: "success" });
    } catch (err) {
      toast({ title: "Could not record your vote", description: (err as Error).message, variant: "destructive" });
    }
  }

  const { summary } = data;
  // No approved review yet: an invitation, not a 0.0 average, empty bars and tabs that cannot fill.
  if (summary.count === 0) {
    return (
      <div className="rounded-lg border border-dashed border-stone-300 p-6 text-center" data-no-reviews>
        <p className="text-lg font-semibold text-stone-900">Be the first to review this product</p>
        <p className="mt-1 text-sm text-stone-600">
          Keepers rely on each other's experience: tell them how it worked in your setup with 'Write a Review'.
        </p>
      </div>
    );
  }
  // A source tab only when that source has reviews; the group only when there is a choice to make.
  const sourceTabs = (["internal", "google", "amazon"] as const).filter((s) => (summary.sources?.[s] ?? 0) > 0);
  const showSources = sourceTabs.length > 1 || state.source !== "all";
  return (
    <div className={loading ? "opacity-60 transition-opacity" : undefined}>
      <div className="grid gap-8 md:grid-cols-[16rem_1fr]">
        <div>
          <p className="text-4xl font-extrabold text-stone-900">{summary.average.toFixed(1)}</p>
          <Stars rating={summary.average} className="h-5 w-5" />
          <p className="mt-1 text-sm text-stone-600">
            Based on {summary.count} {summary.count === 1 ? "review" : "reviews"}
          </p>
          <ul className="mt-4 space-y-1.5" aria-label="Filter by rating">
            {[5, 4, 3, 2, 1].map((stars) => {
              const n = summary.distribution[String(stars) as "1"];
              const share = summary.count ? Math.round((n / summary.count) * 100) : 0;
              const active = state.rating === stars;
              const next = { ...state, rating: active ? null : stars, page: 1 };
              return (
                <li key={stars}>
                  <a
                    href={href(next)}
                    onClick={(e) => go(e, next)}
                    aria-current={active ? "true" : undefined}
                    className={`flex items-center gap-2 rounded px-1 py-0.5 text-sm ${
                      active ? "bg-amber-50 font-semibold ring-1 ring-amber-400" : "hover:bg-stone-100"
                    }`}
                  >
                    <span className="inline-flex w-8 items-center gap-0.5 text-stone-700">
                      {/* Named by its content, so the name holds what is on screen: "5 star reviews: 2". */}
                      {stars} <span className="sr-only">star reviews:</span>
                      <span className="text-amber-500">
                        <FilledStar className="h-3.5 w-3.5" />
                      </span>
                    </span>
                    <span className="h-2 flex-1 overflow-hidden rounded-full bg-stone-200">
                      <span className="block h-full rounded-full bg-amber-500" style={{ width: `${share}%` }} />
                    </span>
                    <span className="w-8 text-right text-stone-600">{n}</span>{" "}
                    {active ? <span className="sr-only">(selected, select again to clear)</span> : null}
                  </a>
                </li>
              );
            })}
          </ul>
        </div>

        <div className="min-w-0">
          {showSources
            ? (
              <div className="mb-3 flex flex-wrap items-center gap-2" role="group" aria-label="Review source">
                {(["all", ...sourceTabs] as const).map((source) => {
                  const next = { ...state, source, page: 1 };
                  return (
                    <a
                      key={source}
                      href={href(next)}
                      onClick={(e) => go(e, next)}
                      className={pill(state.source === source)}
                      aria-current={state.source === source ? "true" : undefined}
                    >
                      {SOURCE_LABELS[source]}
                    </a>
                  );
                })}
              </div>
            )
            : null}
          <div className="flex flex-wrap items-center gap-2 text-sm" role="group" aria-label="Sort reviews">
            <span className="text-stone-600">Sort:</span>
            {(["recent", "helpful", "highest", "lowest"] as const).map((sort) => {
              const next = { ...state, sort, page: 1 };
              return (
                <a
                  key={sort}
                  href={href(next)}
                  onClick={(e) => go(e, next)}
                  aria-current={state.sort === sort ? "true" : undefined}
                  className={state.sort === sort
                    ? "font-semibold text-green-800 underline underline-offset-4"
                    : "text-stone-700 hover:underline"}
                >
                  {SORT_LABELS[sort]}
                </a>
              );
            })}
          </div>

          {data.items.length
            ? (
              <ul className="mt-5 divide-y divide-stone-200">
                {data.items.map((r) => (
                  <ReviewItem
                    key={r.id}
                    review={r}
                    slug={slug}
                    viewer={viewer}
                    myVote={myVotes[r.id] ?? null}
                    onVote={vote}
                    onReply={(reply) => updateReview(r.id, (x) => ({ ...x, replies: [...x.replies, reply] }))}
                  />
                ))}
              </ul>
            )
            : (
              <p className="mt-6 rounded-lg border border-dashed border-stone-300 p-6 text-center text-stone-600">
                {NO_MATCH}
              </p>
            )}

          {data.pageCount > 1
            ? (
              <nav className="mt-6 flex items-center justify-between text-sm" aria-label="Review pages">
                {state.page > 1
                  ? (
                    <a
                      className={pill(false)}
                      href={href({ ...state, page: state.page - 1 })}
                      onClick={(e) => go(e, { ...state, page: state.page - 1 })}
                    >
                      ← Previous
                    </a>
                  )
                  : <span />}
                <span className="text-stone-600">Page {data.page} of {data.pageCount}</span>
                {state.page < data.pageCount
                  ? (
                    <a
                      className={pill(false)}
                      href={href({ ...state, page: state.page + 1 })}
                      onClick={(e) => go(e, { ...state, page: state.page + 1 })}
                    >
                      Next →
                    </a>
                  )
                  : <span />}
              </nav>
            )
            : null}
        </div>
      </div>
    </div>
  );
}

function ReviewItem(
  { review: r, slug, viewer, myVote, onVote, onReply }: {
    review: ReviewJson;
    slug: string;
    viewer: ReviewsBlockProps["viewer"];
    myVote: boolean | null;
    onVote: (e: FormEvent, review: ReviewJson, helpful: boolean) => void;
    onReply: (reply: ReplyJson) => void;
  },
) {
  const own = viewer.id !== null && viewer.id === r.userId;
  const name = r.user?.username ?? (r.source === "internal" ? "Customer" : SOURCE_LABELS[r.source] ?? "Reviewer");
  const voteButton = (helpful: boolean) =>
    `rounded-md border px-2.5 py-1 text-xs font-medium ${
      myVote === helpful
        ? "border-green-800 bg-green-50 text-green-900"
        : "border-stone-300 bg-white text-stone-700 hover:bg-stone-50"
    }`;
  return (
    <li className="py-5" id={`review-${r.id}`}>
      <div className="flex items-start gap-3">
        <Avatar name={name} initials={r.user?.initials ?? name.slice(0, 2).toUpperCase()} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-semibold text-stone-900">{name}</span>
            <VerificationBadge status={r.verificationStatus} />
            {r.source !== "internal"
              ? <span className="text-xs text-stone-500">via {SOURCE_LABELS[r.source] ?? r.source}</span>
              : null}
          </div>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <Stars rating={r.rating} />
            <time className="text-xs text-stone-500" dateTime={r.createdAt}>{reviewDate(r.createdAt)}</time>
          </div>
          <h3 className="mt-2 font-bold text-stone-900">{r.title}</h3>
          <p className="mt-1 whitespace-pre-line text-stone-700">{r.content}</p>
          <ReviewPhotos photos={r.photos} by={name} />

          <div className="mt-3 flex flex-wrap items-center gap-2 text-xs text-stone-600">
            <span>Was this review helpful?</span>
            {own ? <span className="italic">(your review)</span> : (
              <>
                <form
                  method="post"
                  action={`/product/${slug}/reviews/${r.id}/vote`}
                  onSubmit={(e) => onVote(e, r, true)}
                >
                  <input type="hidden" name="helpful" value="true" />
                  <button type="submit" className={voteButton(true)} aria-pressed={myVote === true}>
                    Yes ({r.helpfulCount})
                  </button>
                </form>
                <form
                  method="post"
                  action={`/product/${slug}/reviews/${r.id}/vote`}
                  onSubmit={(e) => onVote(e, r, false)}
                >
                  <input type="hidden" name="helpful" value="false" />
                  <button type="submit" className={voteButton(false)} aria-pressed={myVote === false}>
                    No ({r.notHelpfulCount})
                  </button>
                </form>
              </>
            )}
          </div>

          {r.replies.length
            ? (
              <ul className="mt-4 space-y-3 border-l-2 border-stone-200 pl-4">
                {r.replies.map((reply) => (
                  <li key={reply.id} className={reply.isOfficial ? "rounded-md bg-green-50 p-3" : ""}>
                    <div className="flex flex-wrap items-center gap-2 text-sm">
                      <span className="font-semibold text-stone-900">
                        {reply.isOfficial ? "Reptile Basics" : reply.user?.username ?? "Customer"}
                      </span>
                      {reply.isOfficial
                        ? (
                          <span className="rounded-full bg-green-800 px-2 py-0.5 text-xs font-semibold text-white">
                            Official Response
                          </span>
                        )
                        : null}
                      <time className="text-xs text-stone-500" dateTime={reply.createdAt}>
                        {reviewDate(reply.createdAt)}
                      </time>
                    </div>
                    <p className="mt-1 whitespace-pre-line text-sm text-stone-700">{reply.content}</p>
                  </li>
                ))}
              </ul>
            )
            : null}

          <ReplyBox review={r} slug={slug} viewer={viewer} onReply={onReply} />
        </div>
      </div>
    </li>
  );
}

function ReplyBox(
  { review, slug, viewer, onReply }: {
    review: ReviewJson;
    slug: string;
    viewer: ReviewsBlockProps["viewer"];
    onReply: (reply: ReplyJson) => void;
  },
) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  // Without JavaScript the button stays usable (the server refuses a blank reply).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    try {
      const reply = await api<ActionOutput<typeof replyOutput>>(`/api/reviews/${review.id}/replies`, {
        method: "POST",
        json: { content: text },
      });
      onReply(reply);
      setText("");
      setOpen(false);
      toast({ title: "Reply posted", variant: "success" });
    } catch (err) {
      toast({ title: "Could not post your reply", description: (err as Error).message, variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }
  if (!viewer.id) {
    return (
      <p className="mt-3 text-xs text-stone-600">
        <a className="font-semibold text-green-800 underline" href={viewer.loginHref}>Login</a> to reply
      </p>
    );
  }
  return (
    <details
      className="mt-3"
      open={open}
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary className="cursor-pointer text-xs font-semibold text-green-800 hover:underline">
        {open ? "Cancel reply" : "Reply"}
      </summary>
      <form
        method="post"
        action={`/product/${slug}/reviews/${review.id}/replies`}
        onSubmit={submit}
        className="mt-2 flex flex-col gap-2"
      >
        <label className="sr-only" htmlFor={`reply-${review.id}`}>Your reply</label>
        <textarea
          id={`reply-${review.id}`}
          name="content"
          rows={3}
          maxLength={1000}
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="w-full rounded-md border border-stone-300 p-2 text-sm"
          placeholder="Write a reply..."
        />
        <div>
          <button
            type="submit"
            disabled={hydrated && (busy || !text.trim())}
            className="rounded-md bg-green-800 px-3 py-1.5 text-sm font-semibold text-white hover:bg-green-900 disabled:cursor-not-allowed disabled:opacity-50"
          >
            Post Reply
          </button>
        </div>
      </form>
    </details>
  );
}
