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
  /**
   * The signed-in customer's /api/payments/payfast/start and /checkout/payfast (no JavaScript) by
   * default; a WhatsApp pay link's page passes its own, with the link's token as the one field.
   */
  start?: { url: string; formAction: string; fields: Record<string, string> };
}

const ALREADY_PAID = "This order has already been paid.";

export default function PayFastPayment({ orderId, confirmationUrl, start: custom }: PayFastPaymentProps) {
  const via = custom ?? {
    url: "/api/payments/payfast/start",
    formAction: "/checkout/payfast",
    fields: { orderId: String(orderId) },
  };
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
      const body = custom ? via.fields : { orderId };
      setCheckout(await api<PayFastCheckout>(via.url, { method: "POST", json: body }));
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
        action={via.formAction}
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) void start();
        }}
      >
        {Object.entries(via.fields).map(([name, value]) => (
          <input
            key={name}
            type="hidden"
            name={name}
            value={value}
          />
        ))}
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
