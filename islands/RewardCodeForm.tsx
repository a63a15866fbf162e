/**
 * The payment step's loyalty code box (spec: 'a loyalty code box'; 'validate first, then apply').
 * Server-rendered as a plain form posting to /checkout/reward, so it works without JavaScript. Once
 * hydrated: the code is checked on leaving the input ('Validation Failed'), then checked again and
 * applied through the loyalty API on submit; success reloads the page, because the order's total
 * and its payment attempt change on the server.
 */
import { type FormEvent, useEffect, useState } from "react";
import { api, ApiError } from "../client/api.ts";
import { reloadWithToast, toast } from "../client/toast.ts";
import type { ActionOutput } from "../contract/action.ts";
import type { applyRedemptionOutput, validateRedemptionOutput } from "../contract/loyalty.ts";

export interface RewardCodeFormProps {
  orderId: number;
}

/** The spec's texts. */
const EMPTY_CODE = "Please enter a redemption code";
const VALIDATE_FALLBACK = "Failed to validate redemption code";
const APPLY_FALLBACK = "Failed to apply redemption code";

type Validation = ActionOutput<typeof validateRedemptionOutput>;

const messageOf = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);

export default function RewardCodeForm({ orderId }: RewardCodeFormProps) {
  const [code, setCode] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The button stays usable in the server render (the no-JavaScript form).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  /** True when the server accepts the code; otherwise says why ('Validation Failed'). */
  async function validate(value: string): Promise<boolean> {
    try {
      const res = await api<Validation>("/api/loyalty/validate-redemption", { method: "POST", json: { code: value } });
      if (res.isValid) {
        setMessage(null);
        return true;
      }
      setMessage(res.message);
      toast({ title: "Validation Failed", description: res.message, variant: "destructive" });
    } catch (err) {
      const text = messageOf(err, VALIDATE_FALLBACK);
      setMessage(text);
      toast({ title: "Validation Failed", description: text, variant: "destructive" });
    }
    return false;
  }

  async function apply(e: FormEvent) {
    e.preventDefault();
    const value = code.trim().toUpperCase();
    if (!value) {
      setMessage(EMPTY_CODE);
      toast({ title: "Validation Failed", description: EMPTY_CODE, variant: "destructive" });
      return;
    }
    setBusy(true);
    try {
      if (!(await validate(value))) return;
      const res = await api<ActionOutput<typeof applyRedemptionOutput>>("/api/loyalty/apply-redemption", {
        method: "POST",
        json: { code: value, orderId },
      });
      reloadWithToast({ title: "Reward Applied", description: res.message, variant: "success" });
    } catch (err) {
      // A refusal by the server (4xx) is 'Could Not Apply Reward'; anything else 'Error Applying Reward'.
      const refused = err instanceof ApiError && err.status < 500;
      const text = messageOf(err, APPLY_FALLBACK);
      setMessage(text);
      toast({
        title: refused ? "Could Not Apply Reward" : "Error Applying Reward",
        description: refused ? text : APPLY_FALLBACK,
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" action="/checkout/reward" onSubmit={apply} className="space-y-1.5" data-reward-form>
      <input type="hidden" name="orderId" value={orderId} />
      <label htmlFor="reward-code" className="block text-sm font-medium text-stone-800">
        Reward code <span className="font-normal text-stone-500">(from your loyalty points)</span>
      </label>
      <div className="flex gap-2">
        <input
          id="reward-code"
          name="code"
          // Without JavaScript the browser refuses an empty code; the island says it in the spec's words.
          required={!hydrated}
          maxLength={40}
          value={code}
          onChange={(e) => {
            setCode(e.target.value.toUpperCase());
            setMessage(null); // the last verdict was about another code
          }}
          onBlur={() => {
            const value = code.trim();
            if (value && !busy) validate(value);
            else if (!value) setMessage(null);
          }}
          placeholder="RWD-XXXXXXXX"
          autoComplete="off"
          spellCheck={false}
          aria-describedby="reward-code-message"
          className="min-w-0 flex-1 rounded-lg border border-stone-300 px-3 py-2 font-mono text-sm uppercase placeholder:font-sans placeholder:text-stone-400 focus:border-green-700 focus:ring-2 focus:ring-green-700/20 focus:outline-none"
        />
        <button
          type="submit"
          disabled={hydrated && busy}
          className="rounded-lg bg-stone-800 px-4 py-2 text-sm font-semibold text-white hover:bg-stone-900 disabled:opacity-40"
        >
          Apply
        </button>
      </div>
      <p id="reward-code-message" className="min-h-5 text-xs text-red-700" aria-live="polite" data-reward-message>
        {message}
      </p>
    </form>
  );
}
