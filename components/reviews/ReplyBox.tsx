/**
 * The reply box under a review: for a visitor, a link to log in; for a customer, a disclosure with a
 * form posting the reply (through the API once hydrated; a plain form post without JavaScript).
 */
import { type FormEvent, useEffect, useState } from "react";
import { api } from "../../client/api.ts";
import { toast } from "../../client/toast.ts";
import type { ActionOutput } from "../../contract/action.ts";
import type { replyOutput } from "../../contract/reviews.ts";
import type { ReplyJson, ReviewJson } from "../../domains/reviews/json.ts";
import type { ReviewViewer } from "./filters.ts";

export function ReplyBox(
  { review, slug, viewer, onReply }: {
    review: ReviewJson;
    slug: string;
    viewer: ReviewViewer;
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
