/**
 * 'Notify Me When Available' for an out-of-stock choice (rendered inside the BuyBox island). A plain
 * form without JavaScript; with it, a signed-in customer subscribes in place and a visitor gets a
 * dialog asking to sign in or create an account.
 */
import { type FormEvent, useRef, useState } from "react";
import { api, ApiError } from "../../client/api.ts";
import { ERROR_CODES } from "../../lib/error_codes.ts";
import { toast } from "../../client/toast.ts";
import { BellIcon } from "../ui/icons.tsx";

export function NotifyMe(
  { productId, variantId, signedIn, returnPath }: {
    productId: number;
    variantId: number | null;
    signedIn: boolean;
    returnPath: string;
  },
) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const back = encodeURIComponent(returnPath);

  async function subscribe(e: FormEvent) {
    e.preventDefault();
    if (!signedIn) return dialog.current?.showModal();
    setBusy(true);
    try {
      await api(`/api/products/${productId}/notify`, { method: "POST", json: variantId ? { variantId } : {} });
      toast({
        title: "Notification Set!",
        description: "We'll email you when this product is back in stock.",
        variant: "success",
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : "Failed to subscribe to notifications";
      if (err instanceof ApiError && err.code === ERROR_CODES.alreadySubscribed) {
        toast({
          title: "Already Subscribed",
          description: "You're already subscribed to notifications for this product.",
        });
      } else toast({ title: "Notification Error", description: message, variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <form method="post" action={`/products/${productId}/notify`} onSubmit={subscribe}>
        {variantId ? <input type="hidden" name="variantId" value={variantId} /> : null}
        <input type="hidden" name="returnPath" value={returnPath} />
        <button
          type="submit"
          disabled={busy}
          data-notify-product={productId}
          className="inline-flex h-12 w-full items-center justify-center gap-2 rounded-xl border-2 border-stone-800 bg-white px-6 font-semibold text-stone-900 transition hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700 disabled:opacity-60"
        >
          <BellIcon className="h-5 w-5" />
          Notify Me When Available
        </button>
      </form>
      <dialog
        ref={dialog}
        aria-labelledby="notify-signin-title"
        className="m-auto max-w-sm rounded-2xl p-6 shadow-xl backdrop:bg-black/40"
      >
        <h2 id="notify-signin-title" className="text-lg font-bold">Sign in to get notified</h2>
        <p className="mt-2 text-sm text-stone-600">
          Sign in or create an account and we will e-mail you as soon as this is back in stock.
        </p>
        <div className="mt-5 flex flex-wrap gap-2">
          <a
            href={`/login?returnPath=${back}`}
            className="rounded-lg bg-green-800 px-4 py-2 font-semibold text-white hover:bg-green-900"
          >
            Sign In
          </a>
          <a
            href={`/register?redirect=${back}`}
            className="rounded-lg border border-stone-300 px-4 py-2 font-semibold hover:bg-stone-100"
          >
            Create Account
          </a>
          <button
            type="button"
            onClick={() => dialog.current?.close()}
            className="ml-auto px-2 text-sm text-stone-600 hover:underline"
          >
            Not now
          </button>
        </div>
      </dialog>
    </>
  );
}
