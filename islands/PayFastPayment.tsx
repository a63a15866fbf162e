/**
 * The payment step's second method: 'Instant EFT, card and more with PayFast'. Without JavaScript
 * its button posts to /checkout/payfast (a page holding PayFast's signed form); with it, the island
 * asks POST /api/payments/payfast/start for the signed fields (the amount is the order's, from the
 * server) and posts them to PayFast's hosted page. The order is paid by PayFast's ITN, never here.
 */
import { useEffect, useRef, useState } from "react";
import { api, ApiError } from "../client/api.ts";
import { toast } from "../client/toast.ts";
import { PayFastForm } from "../components/checkout/PayFastForm.tsx";
import { secondaryButton } from "../components/ui/buttons.ts";
import type { PayFastCheckout } from "../domains/payments/payfast.ts";

export interface PayFastPaymentProps {
  orderId: number;
  /** Where an already-paid order goes. */
  confirmationUrl: string;
}

const ALREADY_PAID = "This order has already been paid.";

export default function PayFastPayment({ orderId, confirmationUrl }: PayFastPaymentProps) {
  const [busy, setBusy] = useState(false);
  const [checkout, setCheckout] = useState<PayFastCheckout | null>(null);
  const form = useRef<HTMLFormElement | null>(null);

  // Once the signed fields are rendered, the form goes to PayFast as the no-JS page's button would.
  useEffect(() => {
    if (checkout) form.current?.submit();
  }, [checkout]);

  async function start() {
    setBusy(true);
    try {
      setCheckout(await api<PayFastCheckout>("/api/payments/payfast/start", { method: "POST", json: { orderId } }));
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.status === 409 && err.message === ALREADY_PAID) {
        return location.assign(confirmationUrl);
      }
      toast({
        title: "Payment Initialization Failed",
        description: err instanceof Error && err.message
          ? err.message
          : "There was a problem setting up the payment. Please try again.",
        variant: "destructive",
      });
    }
  }

  return (
    <div data-payfast-method>
      <form
        method="post"
        action="/checkout/payfast"
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) void start();
        }}
      >
        <input type="hidden" name="orderId" value={orderId} />
        <button type="submit" className={`${secondaryButton} w-full`} disabled={busy} aria-busy={busy}>
          {busy ? "Taking you to PayFast..." : "Continue to PayFast"}
        </button>
      </form>
      {checkout
        ? (
          <div hidden>
            <PayFastForm checkout={checkout} buttonLabel="Continue to PayFast" formRef={(f) => (form.current = f)} />
          </div>
        )
        : null}
    </div>
  );
}
