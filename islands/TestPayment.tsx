/**
 * The /test-stripe page (spec "Test payment page"): checks the payment configuration, takes a test
 * amount in whole rand, starts a test payment and shows its card form (Stripe's Payment Element, or
 * the offline test provider's form), then the result. No order is involved.
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import { api, ApiError } from "../client/api.ts";
import { toast } from "../client/toast.ts";
import {
  confirmWithStripe,
  type MountedPaymentElement,
  mountPaymentElement,
  paymentFormProblem,
  PROCESSOR_NOT_READY,
} from "../client/stripe.ts";
import { type TestCard, TestCardForm } from "../components/payments/TestCardForm.tsx";
import { fieldInputClass, fieldLabelClass } from "../components/ui/Field.tsx";
import { fullWidthButton, secondaryButton } from "../components/ui/buttons.ts";
import type { ActionOutput } from "../contract/action.ts";
import type { testConfirmOutput, testIntentOutput } from "../contract/payments.ts";

type Provider = "stripe" | "test";

interface PaymentsConfig {
  provider: Provider | null;
  publishableKey: string | null;
  testPayments: boolean;
}

type IntentStart = ActionOutput<typeof testIntentOutput>;

type Result = { ok: true; paymentId: string } | { ok: false; message: string };

export const NOT_CONFIGURED = "Stripe is not configured correctly. Please check your API keys.";

/** The amount box as whole rand: anything that is not a whole number counts as 0. */
export function parseTestAmount(text: string): number {
  const t = text.trim();
  return /^-?\d{1,9}$/.test(t) ? Number(t) : 0;
}

const errorText = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);

function ConfigStatus({ config }: { config: PaymentsConfig | null | "failed" }) {
  if (config === null) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-stone-600" data-config-status="checking">
        <span className="h-4 w-4 animate-spin rounded-full border-2 border-stone-300 border-t-green-700" />
        Checking Stripe configuration...
      </p>
    );
  }
  if (config === "failed" || config.provider === null) {
    return (
      <p
        role="alert"
        className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        data-config-status="missing"
      >
        {NOT_CONFIGURED}
      </p>
    );
  }
  if (config.provider === "stripe") {
    return (
      <div
        className="rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900"
        data-config-status="stripe"
      >
        <p className="font-semibold">Stripe configured correctly</p>
        <p className="mt-1">
          {config.testPayments
            ? "Payments on this page go through Stripe in test mode: use Stripe's test cards, such as 4242 4242 4242 4242."
            : "This shop uses live Stripe keys, so test payments are switched off."}
        </p>
      </div>
    );
  }
  return (
    <div
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
      data-config-status="test"
    >
      <p className="font-semibold">{NOT_CONFIGURED}</p>
      <p className="mt-1">
        The offline test payment provider stands in for Stripe: pay with <strong>4242 4242 4242 4242</strong>, or{" "}
        <strong>4000 0000 0000 0002</strong> to see a declined card.
      </p>
    </div>
  );
}

function StripeCardForm(
  { intent, amountLabel, onResult }: { intent: IntentStart; amountLabel: string; onResult: (r: Result) => void },
) {
  const container = useRef<HTMLDivElement>(null);
  const mounted = useRef<MountedPaymentElement | null>(null);
  const [ready, setReady] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    let gone = false;
    mountPaymentElement(intent.publishableKey ?? "", intent.clientSecret, container.current!, () => setReady(true))
      .then((m) => {
        if (gone) m.element.destroy();
        else mounted.current = m;
      })
      .catch((err) => setLoadError(errorText(err, "Failed to initialize payment")));
    return () => {
      gone = true;
      mounted.current?.element.destroy();
      mounted.current = null;
    };
  }, [intent.clientSecret]);

  async function pay(e: FormEvent) {
    e.preventDefault();
    const problem = paymentFormProblem(mounted.current, ready);
    if (problem || !mounted.current) return onResult({ ok: false, message: problem ?? PROCESSOR_NOT_READY });
    setProcessing(true);
    try {
      const { error, paymentIntent } = await confirmWithStripe(mounted.current, location.href);
      if (error) onResult({ ok: false, message: error.message ?? "An unknown error occurred" });
      else if (paymentIntent?.status === "succeeded") onResult({ ok: true, paymentId: paymentIntent.id });
      else onResult({ ok: false, message: `The payment is ${paymentIntent?.status ?? "incomplete"}.` });
    } catch (err) {
      onResult({ ok: false, message: errorText(err, "An unknown error occurred") });
    } finally {
      setProcessing(false);
    }
  }

  return (
    <form onSubmit={pay} className="space-y-4">
      {loadError ? <p role="alert" className="text-sm text-red-700">{loadError}</p> : null}
      {!ready && !loadError ? <p role="status" className="text-sm text-stone-600">Loading the card form...</p> : null}
      <div ref={container} data-stripe-payment-element />
      <button type="submit" className={fullWidthButton} disabled={!ready || processing} aria-busy={processing}>
        {amountLabel}
      </button>
    </form>
  );
}

export default function TestPayment() {
  const [config, setConfig] = useState<PaymentsConfig | null | "failed">(null);
  const [amountText, setAmountText] = useState("100");
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const [intent, setIntent] = useState<IntentStart | null>(null);
  const [amount, setAmount] = useState(0);
  const [processing, setProcessing] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);

  useEffect(() => {
    api<PaymentsConfig>("/api/payments/config").then(setConfig, () => setConfig("failed"));
  }, []);

  const parsed = parseTestAmount(amountText);
  const usable = config !== null && config !== "failed" && config.provider !== null && config.testPayments;

  async function start(e: FormEvent) {
    e.preventDefault();
    if (parsed <= 0) return;
    setStarting(true);
    setStartError(null);
    try {
      const started = await api<IntentStart>("/api/payments/test-intent", {
        method: "POST",
        json: { amount: parsed, currency: "zar" },
      });
      if (!started.clientSecret) throw new Error(NOT_CONFIGURED);
      setAmount(parsed);
      setIntent(started);
    } catch (err) {
      setStartError(errorText(err, "Failed to initialize payment"));
      toast({
        title: "Payment Initialization Failed",
        description: "There was a problem setting up the payment. Please try again.",
        variant: "destructive",
      });
    } finally {
      setStarting(false);
    }
  }

  function finish(r: Result) {
    setResult(r);
    if (r.ok) {
      toast({
        title: "Payment Successful",
        description: "Your test payment has been processed successfully.",
        variant: "success",
      });
    }
  }

  async function payWithTestCard(card: TestCard) {
    if (!intent) return finish({ ok: false, message: PROCESSOR_NOT_READY });
    setProcessing(true);
    setCardError(null);
    try {
      const res = await api<ActionOutput<typeof testConfirmOutput>>("/api/payments/test-confirm", {
        method: "POST",
        json: { clientSecret: intent.clientSecret, cardNumber: card.cardNumber, expiry: card.expiry, cvc: card.cvc },
      });
      finish({ ok: true, paymentId: res.paymentIntent.id });
    } catch (err) {
      // A refused card number is the visitor's typo: they may correct it. A decline is a result.
      if (err instanceof ApiError && err.status === 400) setCardError(err.message);
      else finish({ ok: false, message: errorText(err, "An unknown error occurred") });
    } finally {
      setProcessing(false);
    }
  }

  function again() {
    setIntent(null);
    setResult(null);
    setCardError(null);
    setStartError(null);
  }

  const payLabel = `Pay R${amount.toFixed(2)}`;

  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-2xl font-extrabold tracking-tight">Stripe Payment Test</h1>
      <p className="mt-2 text-sm text-stone-600">Try the card payment flow with a test amount.</p>

      <div className="mt-6">
        <ConfigStatus config={config} />
      </div>

      {usable && !intent
        ? (
          <form onSubmit={start} className="mt-6 space-y-4 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
            <div>
              <label htmlFor="test-amount" className={fieldLabelClass}>Test Amount (ZAR)</label>
              <input
                id="test-amount"
                name="amount"
                type="number"
                min={1}
                step={1}
                inputMode="numeric"
                className={fieldInputClass}
                value={amountText}
                onChange={(e) => setAmountText(e.target.value)}
              />
            </div>
            {startError ? <p role="alert" className="text-sm text-red-700">{startError}</p> : null}
            <button type="submit" className={fullWidthButton} disabled={parsed <= 0 || starting}>
              {starting ? "Initializing..." : "Initialize Test Payment"}
            </button>
          </form>
        )
        : null}

      {intent && !result
        ? (
          <section
            aria-labelledby="test-payment-title"
            className="mt-6 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
          >
            <h2 id="test-payment-title" className="mb-4 text-lg font-bold">Test Payment</h2>
            {intent.provider === "stripe"
              ? <StripeCardForm intent={intent} amountLabel={payLabel} onResult={finish} />
              : (
                <TestCardForm
                  buttonLabel={payLabel}
                  disabled={false}
                  processing={processing}
                  error={cardError}
                  onPay={payWithTestCard}
                />
              )}
          </section>
        )
        : null}

      {result
        ? (
          <section className="mt-6 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm" data-test-result>
            {result.ok
              ? (
                <div role="status" className="text-green-900">
                  <p className="text-lg font-bold">Payment processed successfully!</p>
                  <p className="mt-2 text-sm">
                    Payment ID:{" "}
                    <code className="rounded bg-stone-100 px-1.5 py-0.5" data-payment-id>{result.paymentId}</code>
                  </p>
                </div>
              )
              : <p role="alert" className="font-semibold text-red-800">{`Payment error: ${result.message}`}</p>}
            <button type="button" className={`${secondaryButton} mt-5`} onClick={again}>Run Another Test</button>
          </section>
        )
        : null}

      <p className="mt-8 text-xs text-stone-500">
        Note: this is a test page. No real payments are processed: no card is charged and nothing is ordered.
      </p>
    </div>
  );
}
