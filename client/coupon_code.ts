/**
 * The coupon box's behaviour, the same in the cart and at checkout: the code is typed in capitals,
 * checked against the visitor's cart when the box loses focus (its reason shown under the box), and
 * Apply stays disabled while the box is empty once the page is hydrated (before that the plain form
 * works without JavaScript).
 */
import { useEffect, useState } from "react";
import { api } from "./api.ts";
import { toast } from "./toast.ts";
import type { ActionOutput } from "../contract/action.ts";
import type { validateCouponOutput } from "../contract/cart.ts";
// The pure rules module only (no database code), for the shared first-order note.
import { SIGN_IN_TO_CONFIRM } from "../domains/coupons/evaluate.ts";

export interface CodeMessage {
  text: string;
  tone: "error" | "info";
}

export interface CouponCode {
  code: string;
  setCode: (value: string) => void;
  message: CodeMessage | null;
  setMessage: (message: CodeMessage | null) => void;
  /** True once hydrated: controls disabled for JavaScript reasons stay usable in the server render. */
  hydrated: boolean;
  /** The box lost focus: ask the server whether the code would apply to this cart. */
  check: () => Promise<void>;
}

export function useCouponCode(initial: { code?: string; message?: CodeMessage | null } = {}): CouponCode {
  const [code, setCodeState] = useState(initial.code ?? "");
  const [message, setMessage] = useState<CodeMessage | null>(initial.message ?? null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  async function check() {
    const value = code.trim().toUpperCase();
    if (!value) return setMessage(null);
    try {
      const res = await api<ActionOutput<typeof validateCouponOutput>>("/api/coupons/validate", {
        method: "POST",
        json: { code: value },
      });
      if (!res.valid) setMessage({ text: res.message, tone: "error" });
      else setMessage(res.message === SIGN_IN_TO_CONFIRM ? { text: res.message, tone: "info" } : null);
    } catch (err) {
      setMessage({ text: "Failed to validate coupon", tone: "error" });
      toast({
        title: "Failed to validate coupon",
        description: err instanceof Error ? err.message : undefined,
        variant: "destructive",
      });
    }
  }

  return { code, setCode: (v) => setCodeState(v.toUpperCase()), message, setMessage, hydrated, check };
}
