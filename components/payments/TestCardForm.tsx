/**
 * The offline test provider's card form (used by the payment islands when no Stripe keys are set):
 * clearly labelled as a test, it names the two test cards and sends nothing anywhere but the shop.
 */
import { type FormEvent, useState } from "react";
import { fieldInputClass, fieldLabelClass } from "../ui/Field.tsx";
import { fullWidthButton } from "../ui/buttons.ts";
import { CreditCardIcon } from "../ui/icons.tsx";
import { CARD_EXPIRED, cardExpiryInPast } from "../../domains/payments/card_expiry.ts";

export interface TestCard {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

/** The card checks a real form would make before sending; the provider decides the rest. */
export function testCardProblem(card: TestCard, now = new Date()): string | null {
  if (!/^\d{12,19}$/.test(card.cardNumber.replace(/[\s-]/g, ""))) return "Please enter the card number.";
  if (!/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/.test(card.expiry.trim())) return "Please enter the expiry date as MM/YY.";
  if (cardExpiryInPast(card.expiry, now)) return CARD_EXPIRED;
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return "Please enter the 3 or 4 digit CVC.";
  return null;
}

/** "4242424242424242" -> "4242 4242 4242 4242" as the visitor types. */
function groupDigits(value: string): string {
  return value.replace(/[^\d]/g, "").slice(0, 19).replace(/(\d{4})(?=\d)/g, "$1 ");
}

function formatExpiry(value: string): string {
  const digits = value.replace(/[^\d]/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export function TestCardForm(
  { buttonLabel, disabled, processing, error, onPay }: {
    buttonLabel: string;
    /** The form cannot be sent yet (not ready) or any more (processing). */
    disabled: boolean;
    processing: boolean;
    /** A message about the card from the provider (a refused number, a declined card). */
    error?: string | null;
    onPay: (card: TestCard) => void;
  },
) {
  const [card, setCard] = useState<TestCard>({ cardNumber: "", expiry: "", cvc: "" });
  const [problem, setProblem] = useState<string | null>(null);
  const message = problem ?? error ?? null;

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = testCardProblem(card);
    setProblem(found);
    if (!found) onPay(card);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-test-card-form>
      <div className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950" role="note">
        <p className="font-semibold">Test payment — no real money</p>
        <p className="mt-1">
          The shop's offline test provider is active. Pay with <strong>4242 4242 4242 4242</strong>{" "}
          (any future expiry, any CVC), or use <strong>4000 0000 0000 0002</strong> to see a declined card.
        </p>
      </div>
      <div>
        <label htmlFor="test-card-number" className={fieldLabelClass}>Card number</label>
        <div className="relative">
          <input
            id="test-card-number"
            name="cardNumber"
            inputMode="numeric"
            autoComplete="off"
            placeholder="4242 4242 4242 4242"
            className={`${fieldInputClass} pl-10`}
            value={card.cardNumber}
            onChange={(e) => setCard({ ...card, cardNumber: groupDigits(e.target.value) })}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? "test-card-error" : undefined}
            disabled={processing}
          />
          <CreditCardIcon className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-stone-400" />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-4">
        <div>
          <label htmlFor="test-card-expiry" className={fieldLabelClass}>Expiry (MM/YY)</label>
          <input
            id="test-card-expiry"
            name="expiry"
            inputMode="numeric"
            autoComplete="off"
            placeholder="12/34"
            className={fieldInputClass}
            value={card.expiry}
            onChange={(e) => setCard({ ...card, expiry: formatExpiry(e.target.value) })}
            disabled={processing}
          />
        </div>
        <div>
          <label htmlFor="test-card-cvc" className={fieldLabelClass}>CVC</label>
          <input
            id="test-card-cvc"
            name="cvc"
            inputMode="numeric"
            autoComplete="off"
            placeholder="123"
            maxLength={4}
            className={fieldInputClass}
            value={card.cvc}
            onChange={(e) => setCard({ ...card, cvc: e.target.value.replace(/[^\d]/g, "").slice(0, 4) })}
            disabled={processing}
          />
        </div>
      </div>
      {message ? <p id="test-card-error" role="alert" className="text-sm text-red-700">{message}</p> : null}
      <button type="submit" className={fullWidthButton} disabled={disabled || processing} aria-busy={processing}>
        {buttonLabel}
      </button>
      {processing
        ? <p role="status" className="text-center text-sm text-stone-600">Processing your payment...</p>
        : null}
    </form>
  );
}
