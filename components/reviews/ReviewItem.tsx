/**
 * One review in the reviews block: the author with the verification badge and source, stars, date,
 * title, text and photos; the helpful votes (plain form posts, taken over by the island's handler);
 * the replies, the shop's marked as official; and the reply box.
 */
import type { FormEvent } from "react";
import type { ReplyJson, ReviewJson } from "../../domains/reviews/json.ts";
import type { ReviewViewer } from "./filters.ts";
import { Avatar, reviewDate, ReviewPhotos, SOURCE_LABELS, Stars, VerificationBadge } from "./parts.tsx";
import { ReplyBox } from "./ReplyBox.tsx";

type OnVote = (e: FormEvent, review: ReviewJson, helpful: boolean) => void;

/** "Yes (n)" or "No (n)": a form posting the vote, pressed when it is the viewer's own vote. */
function VoteForm(
  { review: r, slug, helpful, myVote, onVote }: {
    review: ReviewJson;
    slug: string;
    helpful: boolean;
    myVote: boolean | null;
    onVote: OnVote;
  },
) {
  const className = `rounded-md border px-2.5 py-1 text-xs font-medium ${
    myVote === helpful
      ? "border-green-800 bg-green-50 text-green-900"
      : "border-stone-300 bg-white text-stone-700 hover:bg-stone-50"
  }`;
  return (
    <form method="post" action={`/product/${slug}/reviews/${r.id}/vote`} onSubmit={(e) => onVote(e, r, helpful)}>
      <input type="hidden" name="helpful" value={String(helpful)} />
      <button type="submit" className={className} aria-pressed={myVote === helpful}>
        {`${helpful ? "Yes" : "No"} (`}
        {helpful ? r.helpfulCount : r.notHelpfulCount})
      </button>
    </form>
  );
}

function Replies({ replies }: { replies: ReplyJson[] }) {
  if (!replies.length) return null;
  return (
    <ul className="mt-4 space-y-3 border-l-2 border-stone-200 pl-4">
      {replies.map((reply) => (
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
  );
}

export function ReviewItem(
  { review: r, slug, viewer, myVote, onVote, onReply }: {
    review: ReviewJson;
    slug: string;
    viewer: ReviewViewer;
    myVote: boolean | null;
    onVote: OnVote;
    onReply: (reply: ReplyJson) => void;
  },
) {
  const own = viewer.id !== null && viewer.id === r.userId;
  const name = r.user?.username ?? (r.source === "internal" ? "Customer" : SOURCE_LABELS[r.source] ?? "Reviewer");
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
                <VoteForm review={r} slug={slug} helpful myVote={myVote} onVote={onVote} />
                <VoteForm review={r} slug={slug} helpful={false} myVote={myVote} onVote={onVote} />
              </>
            )}
          </div>

          <Replies replies={r.replies} />

          <ReplyBox review={r} slug={slug} viewer={viewer} onReply={onReply} />
        </div>
      </div>
    </li>
  );
}
