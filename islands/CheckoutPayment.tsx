/**
 * The checkout's payment step (spec section 4 "Payment form"): initializing, error ('Try Again'
 * reloads), missing secret (configuration error), ready, processing. It asks the server for the
 * order's payment (the amount is the order's, never the browser's), then shows Stripe's Payment
 * Element or the offline test provider's card form. Stripe: after 'succeeded' the server is told
 * (PATCH /api/orders/{id}/payment, which asks Stripe itself) and the browser goes to the
 * confirmation; a method that needs a redirect (3-D Secure, a bank page) comes back to `returnUrl`,
 * where the server asks Stripe and either confirms or sends the customer back here with the reason.
 * Test provider: the server confirms and finalises in one call. Stripe's loader (client/stripe.ts)
 * is imported only when Stripe is the gateway, the test card form only when the test provider is:
 * a page loads the code of the one gateway the order is paid with.
 */
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from "react";
import { api, ApiError } from "../client/api.ts";
import { toast } from "../client/toast.ts";
import { type MountedPaymentElement, paymentFormProblem, PROCESSOR_NOT_READY } from "../client/payment_form.ts";
import type { TestCard } from "../components/payments/TestCardForm.tsx";
import { fullWidthButton, secondaryButton } from "../components/ui/buttons.ts";
import { formatMoney } from "../lib/money.ts";
import type { ActionOutput } from "../contract/action.ts";
import type { createIntentOutput } from "../contract/payments.ts";

export interface CheckoutPaymentProps {
  orderId: number;
  orderNumber: string;
  totalCents: number;
  provider: "stripe" | "test" | null;
  publishableKey: string | null;
  /** Where the browser goes once paid (or while the provider is still processing). */
  confirmationUrl: string;
  /**
   * Stripe's return_url for redirect-based methods: /checkout/confirmation, which checks the
   * attempt on the server (Stripe appends payment_intent and redirect_status) and finalises it, or
   * brings a failed payment back to this step with 'Payment failed'.
   */
  returnUrl: string;
  /** 'Back to Order Summary' (the checkout page renders that control beside this island). */
  backUrl: string;
  /**
   * Where the payment is started: the signed-in customer's /api/payments/create-intent by default;
   * a WhatsApp pay link's page passes /api/watrade/pay/intent with its token (no sign-in).
   */
  start?: { url: string; body: Record<string, string | number> };
}

const TestCardForm = lazy(() =>
  import("../components/payments/TestCardForm.tsx").then((m) => ({ default: m.TestCardForm }))
);

type Phase = "initializing" | "error" | "missing" | "ready" | "processing";

type IntentStart = ActionOutput<typeof createIntentOutput>;

const CONFIG_ERROR = "The payment system is not properly configured. Please contact support.";
const ALREADY_PAID = "This order has already been paid.";

const errorText = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);

const PROCESSING_ERROR = "An error occurred while processing your payment.";

function ConfigurationError() {
  return (
    <div
      role="alert"
      className="rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900"
      data-payment-state="missing"
    >
      <p className="font-bold">Payment Configuration Error</p>
      <p className="mt-1 text-sm">{CONFIG_ERROR}</p>
    </div>
  );
}

function InitError({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900"
      data-payment-state="error"
    >
      <p className="font-bold">Payment Error</p>
      <p className="mt-1 text-sm">{message}</p>
      <button type="button" className={`${secondaryButton} mt-4`} onClick={() => location.reload()}>Try Again</button>
    </div>
  );
}

function Initializing() {
  return (
    <p role="status" className="flex items-center gap-2 py-6 text-sm text-stone-600" data-payment-state="initializing">
      <span className="h-4 w-4 animate-spin rounded-full border-2 border-stone-300 border-t-green-700" />
      Preparing your secure payment...
    </p>
  );
}

export default function CheckoutPayment(props: CheckoutPaymentProps) {
  const { orderId, totalCents, confirmationUrl, returnUrl } = props;
  const [phase, setPhase] = useState<Phase>(props.provider ? "initializing" : "missing");
  const [intent, setIntent] = useState<IntentStart | null>(null);
  const [initError, setInitError] = useState("Failed to initialize payment");
  const [cardError, setCardError] = useState<string | null>(null);
  const [stripeReady, setStripeReady] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const mounted = useRef<MountedPaymentElement | null>(null);
  /** Stripe's confirm, from client/stripe.ts once it has loaded. */
  const confirm = useRef<typeof import("../client/stripe.ts").confirmWithStripe | null>(null);
  const payLabel = `Pay ${formatMoney(totalCents)}`;

  // A failed payment is told twice: the spec's toast, and a message that stays in the form beside
  // the button (a toast fades after 5 s, and a shopper who looked away would not know why nothing
  // happened; audit finding, issue 16 item 9). The next attempt clears the message.
  function paymentFailed(message: string) {
    setCardError(message);
    toast({ title: "Payment Failed", description: message, variant: "destructive" });
  }

  function processingError() {
    setCardError(PROCESSING_ERROR);
    toast({ title: "Payment Processing Error", description: PROCESSING_ERROR, variant: "destructive" });
  }

  // Start (or resume) the order's payment with the provider.
  useEffect(() => {
    if (!props.provider) return;
    let gone = false;
    const start = props.start ?? { url: "/api/payments/create-intent", body: { orderId } };
    api<IntentStart>(start.url, { method: "POST", json: start.body })
      .then((started) => {
        if (gone) return;
        if (!started.clientSecret) return setPhase("missing");
        setIntent(started);
        // Stripe is ready once its element is; the test provider's form at once.
        setPhase(started.provider === "test" ? "ready" : "initializing");
      })
      .catch((err) => {
        if (gone) return;
        if (err instanceof ApiError && err.status === 409 && err.message === ALREADY_PAID) {
          return location.assign(confirmationUrl);
        }
        if (err instanceof ApiError && err.status === 503) return setPhase("missing");
        setInitError(errorText(err, "Failed to initialize payment"));
        setPhase("error");
        toast({
          title: "Payment Initialization Failed",
          description: "There was a problem setting up the payment. Please try again.",
          variant: "destructive",
        });
      });
    return () => {
      gone = true;
    };
  }, [orderId]);

  // Stripe: mount the Payment Element once there is a client secret.
  useEffect(() => {
    if (intent?.provider !== "stripe" || !intent.clientSecret || !container.current) return;
    let gone = false;
    const [clientSecret, element] = [intent.clientSecret, container.current];
    import("../client/stripe.ts").then((lib) => {
      confirm.current = lib.confirmWithStripe;
      return lib.mountPaymentElement(intent.publishableKey ?? props.publishableKey ?? "", clientSecret, element, () => {
        setStripeReady(true);
        setPhase("ready");
      });
    }).then((m) => {
      if (gone) m.element.destroy();
      else mounted.current = m;
    }).catch((err) => {
      if (gone) return;
      setInitError(errorText(err, "Failed to initialize payment"));
      setPhase("error");
    });
    return () => {
      gone = true;
      mounted.current?.element.destroy();
      mounted.current = null;
    };
  }, [intent?.clientSecret]);

  async function payWithStripe(e: FormEvent) {
    e.preventDefault();
    const problem = paymentFormProblem(mounted.current, stripeReady);
    if (problem || !mounted.current || !confirm.current) return paymentFailed(problem ?? PROCESSOR_NOT_READY);
    setPhase("processing");
    setCardError(null);
    try {
      const { error, paymentIntent } = await confirm.current(mounted.current, returnUrl);
      if (error) {
        paymentFailed(error.message ?? "An unknown error occurred");
        return setPhase("ready");
      }
      if (paymentIntent?.status === "succeeded") {
        try {
          await api(`/api/orders/${orderId}/payment`, {
            method: "PATCH",
            json: { paymentId: paymentIntent.id, status: "succeeded" },
          });
        } catch {
          // The money was taken: the confirmation page asks Stripe again (and the webhook follows).
        }
        return location.assign(confirmationUrl);
      }
      if (paymentIntent?.status === "processing") return location.assign(confirmationUrl);
      paymentFailed(paymentIntent?.last_payment_error?.message ?? "An unknown error occurred");
      setPhase("ready");
    } catch {
      processingError();
      setPhase("ready");
    }
  }

  async function payWithTestCard(card: TestCard) {
    if (!intent?.clientSecret) return paymentFailed(PROCESSOR_NOT_READY);
    setPhase("processing");
    setCardError(null);
    try {
      await api("/api/payments/test-confirm", {
        method: "POST",
        json: { clientSecret: intent.clientSecret, cardNumber: card.cardNumber, expiry: card.expiry, cvc: card.cvc },
      });
      return location.assign(confirmationUrl);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) setCardError(err.message);
      else if (err instanceof ApiError) paymentFailed(err.message);
      else processingError();
      setPhase("ready");
    }
  }

  if (phase === "missing") return <ConfigurationError />;
  if (phase === "error") return <InitError message={initError} />;

  const processing = phase === "processing";
  return (
    <div data-payment-state={phase} aria-busy={phase === "initializing" || processing}>
      {phase === "initializing" ? <Initializing /> : null}
      {intent?.provider === "stripe"
        ? (
          <form onSubmit={payWithStripe} className="space-y-4">
            <div ref={container} data-stripe-payment-element />
            {cardError ? <p role="alert" className="text-sm text-red-700" data-payment-error>{cardError}</p> : null}
            <button
              type="submit"
              className={fullWidthButton}
              disabled={!stripeReady || processing}
              aria-busy={processing}
            >
              {payLabel}
            </button>
            {processing
              ? <p role="status" className="text-center text-sm text-stone-600">Processing your payment...</p>
              : null}
          </form>
        )
        : null}
      {intent?.provider === "test"
        ? (
          <Suspense fallback={<Initializing />}>
            <TestCardForm
              buttonLabel={payLabel}
              disabled={phase !== "ready"}
              processing={processing}
              error={cardError}
              onPay={payWithTestCard}
            />
          </Suspense>
        )
        : null}
    </div>
  );
}
