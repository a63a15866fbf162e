/**
 * A reward card's 'Redeem Reward' button. The server renders it as a form posting to /loyalty/redeem
 * (works without JavaScript: the page comes back with a toast and the new code). Once hydrated, the
 * button opens a confirmation dialog, redeems through /api/loyalty/redeem and shows the code in a
 * success dialog with a copy button; closing it reloads the page so the balance and lists are fresh.
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import { api, ApiError } from "../client/api.ts";
import { ERROR_CODES } from "../lib/error_codes.ts";
import { toast } from "../client/toast.ts";
import { primaryButton, secondaryButton } from "../components/ui/buttons.ts";
import { formatPoints, relativeTime } from "../components/loyalty/format.ts";
import { AwardIcon, CheckCircleIcon } from "../components/ui/icons.tsx";
import { ConfirmButtons, confirmDialogClass } from "../components/ui/Dialog.tsx";
import type { ActionOutput } from "../contract/action.ts";
import type { redeemRewardOutput } from "../contract/loyalty.ts";

export interface RedeemRewardProps {
  reward: { id: number; name: string; pointsCost: number };
  balance: number;
}

/** What the redeem call answers (a changed response shape fails the type check here). */
type Redeemed = ActionOutput<typeof redeemRewardOutput>;

export default function RedeemReward({ reward, balance }: RedeemRewardProps) {
  const confirmDialog = useRef<HTMLDialogElement>(null);
  const successDialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<Redeemed | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const missing = reward.pointsCost - balance;
  const id = `reward-${reward.id}`;

  function open(e: FormEvent) {
    e.preventDefault();
    if (missing > 0) {
      toast({
        title: "Insufficient Points",
        description: `You need ${missing} more points to redeem this reward.`,
        variant: "destructive",
      });
      return;
    }
    confirmDialog.current?.showModal();
  }

  async function confirm() {
    setBusy(true);
    try {
      const result = await api<Redeemed>("/api/loyalty/redeem", {
        method: "POST",
        json: { rewardId: reward.id, pointsCost: reward.pointsCost },
      });
      confirmDialog.current?.close();
      setDone(result);
      successDialog.current?.showModal();
    } catch (err) {
      confirmDialog.current?.close();
      const message = err instanceof Error ? err.message : "Please try again.";
      const title = err instanceof ApiError && err.status === 401
        ? "Authentication Required"
        : err instanceof ApiError && err.code === ERROR_CODES.insufficientPoints
        ? "Insufficient Points"
        : "Redemption Failed";
      toast({ title, description: message, variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    if (!done) return;
    try {
      await navigator.clipboard.writeText(done.redemptionCode);
      toast({ title: "Code copied to clipboard", description: done.redemptionCode, variant: "success" });
    } catch {
      toast({ title: "Could not copy the code", description: "Please select it and copy it by hand." });
    }
  }

  const pageWithCode = (hash = "") =>
    done ? `/loyalty?code=${encodeURIComponent(done.redemptionCode)}${hash}` : "/loyalty";

  return (
    <>
      <form method="post" action="/loyalty/redeem" onSubmit={open} className="mt-auto">
        <input type="hidden" name="rewardId" value={reward.id} />
        <button
          type="submit"
          className={`${primaryButton} w-full disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-600 disabled:shadow-none`}
          disabled={missing > 0 || busy}
          aria-describedby={missing > 0 ? `${id}-missing` : undefined}
          data-redeem={reward.id}
          data-ready={hydrated ? "true" : undefined}
        >
          Redeem Reward
        </button>
        {missing > 0
          ? (
            <p id={`${id}-missing`} className="mt-2 text-center text-xs text-stone-600">
              You need {formatPoints(missing)} more points
            </p>
          )
          : null}
      </form>

      <dialog
        ref={confirmDialog}
        role="alertdialog"
        aria-labelledby={`${id}-confirm-title`}
        aria-describedby={`${id}-confirm-text`}
        className={confirmDialogClass}
        data-redeem-confirm
      >
        <div className="flex items-start gap-4">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-green-50 text-green-800">
            <AwardIcon className="h-5 w-5" />
          </span>
          <div>
            <h2 id={`${id}-confirm-title`} className="text-lg font-bold">Redeem {reward.name}?</h2>
            <p id={`${id}-confirm-text`} className="mt-1 text-sm text-stone-700">
              You will spend {reward.pointsCost} points to redeem this reward. This action cannot be undone.
            </p>
          </div>
        </div>
        <ConfirmButtons dialog={confirmDialog} onConfirm={confirm} busy={busy} className={primaryButton}>
          {busy ? "Redeeming…" : "Confirm Redemption"}
        </ConfirmButtons>
      </dialog>

      <dialog
        ref={successDialog}
        aria-labelledby={`${id}-done-title`}
        className={confirmDialogClass}
        onClose={() => location.assign(pageWithCode())}
        data-redeem-success
      >
        {done
          ? (
            <div className="text-center">
              <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-green-100 text-green-800">
                <CheckCircleIcon className="h-6 w-6" />
              </span>
              <h2 id={`${id}-done-title`} className="mt-4 text-lg font-bold">Reward Redeemed Successfully!</h2>
              <p className="mt-1 text-sm text-stone-600">
                {reward.name}. You have {formatPoints(done.currentPoints)} points left.
              </p>
              <div className="mt-5 flex items-center justify-center gap-2">
                <code
                  className="rounded-lg border border-dashed border-green-700/50 bg-green-50 px-4 py-2 font-mono text-lg font-bold tracking-wider text-green-900"
                  data-redemption-code
                >
                  {done.redemptionCode}
                </code>
                <button type="button" className={secondaryButton} onClick={copy}>Copy</button>
              </div>
              <p className="mt-3 text-sm text-stone-700">
                Expires{" "}
                <time dateTime={done.expiresAt} title={new Date(done.expiresAt).toLocaleDateString("en-ZA")}>
                  {relativeTime(new Date(done.expiresAt), new Date())}
                </time>.
              </p>
              <p className="mt-3 text-sm text-stone-600">
                The code is kept under My Redemptions. To use it, place your order and enter the code in the Reward code
                box at the payment step.
              </p>
              <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
                <a href="/checkout" className={primaryButton}>Go to Checkout</a>
                <a href={pageWithCode("#my-redemptions")} className={secondaryButton}>View My Redemptions</a>
              </div>
              <button
                type="button"
                className="mt-4 text-sm font-medium text-stone-600 hover:underline"
                onClick={() => successDialog.current?.close()}
              >
                Close
              </button>
            </div>
          )
          : <h2 id={`${id}-done-title`} className="sr-only">Reward Redeemed Successfully!</h2>}
      </dialog>
    </>
  );
}
