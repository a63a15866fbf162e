/**
 * The product page's reviews: summary (average, count, distribution by stars), star filter (the same
 * star again clears it), source tabs, sorts, paging, helpful votes and replies. Rendered in full on
 * the server: every filter, sort and page is a link (query parameters) and votes and replies are form
 * posts, so it all works without JavaScript; once hydrated the links and forms go through the API.
 * This island holds the state (the page of reviews, the filters, the viewer's votes) and its
 * handlers; the parts it lays out live in components/reviews/.
 */
import { type FormEvent, type MouseEvent, useState } from "react";
import { api } from "../client/api.ts";
import { toast } from "../client/toast.ts";
import type { ReviewJson, ReviewPageJson } from "../domains/reviews/json.ts";
import type { ActionOutput } from "../contract/action.ts";
import type { voteOutput } from "../contract/reviews.ts";
import { type FilterLink, filterQuery, type ReviewFilters, type ReviewViewer } from "../components/reviews/filters.ts";
import { ReviewItem } from "../components/reviews/ReviewItem.tsx";
import { Pager, SortLinks, SourceTabs } from "../components/reviews/ReviewNav.tsx";
import { ReviewSummary } from "../components/reviews/ReviewSummary.tsx";

export { filterQuery, type ReviewFilters };

export interface ReviewsBlockProps {
  productId: number;
  slug: string;
  initial: ReviewPageJson;
  filters: ReviewFilters;
  viewer: ReviewViewer;
  /** The viewer's votes on the shown reviews: reviewId -> helpful. */
  votes: Record<string, boolean>;
}

const NO_MATCH = "No reviews match the selected filters";

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

  // Every filter, sort and page link: the address for a plain click, the API for a hydrated one.
  const to: FilterLink = (next) => ({ href: href(next), onClick: (e) => go(e, next) });

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
  return (
    <div className={loading ? "opacity-60 transition-opacity" : undefined}>
      <div className="grid gap-8 md:grid-cols-[16rem_1fr]">
        <ReviewSummary summary={summary} state={state} to={to} />

        <div className="min-w-0">
          <SourceTabs summary={summary} state={state} to={to} />
          <SortLinks state={state} to={to} />

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

          <Pager state={state} page={data.page} pageCount={data.pageCount} to={to} />
        </div>
      </div>
    </div>
  );
}
