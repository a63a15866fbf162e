/**
 * The confirmation step of account deletion (/account/delete): what is erased, what is kept and why,
 * then the password and an "I understand" checkbox. A plain form; it works without JavaScript.
 */
import { dangerButton, secondaryButton } from "../ui/buttons.ts";
import { CurrentPasswordField, FormAlert, type FormState } from "../ui/Field.tsx";
import { AccountCard } from "./AccountShell.tsx";

function Check({ tone }: { tone: "erase" | "keep" }) {
  return (
    <span
      aria-hidden="true"
      className={`mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
        tone === "erase" ? "bg-red-100 text-red-800" : "bg-stone-200 text-stone-700"
      }`}
    >
      {tone === "erase" ? "×" : "✓"}
    </span>
  );
}

const ERASED = [
  "Your name, e-mail address, phone number and password",
  "Your saved addresses, cart and wishlist",
  "Your loyalty points, unused rewards and referral invitations",
  "Newsletter subscription, back-in-stock alerts, browsing history and copies of e-mails we sent you",
  "Your votes on reviews; you are signed out on every device",
];

const KEPT = [
  "Your orders and invoices, with the names and addresses on them, for five years as the VAT Act requires; they are used for nothing else",
  "Reviews and replies you wrote, shown as written by 'Former customer'",
];

function CheckList({ title, items, tone }: { title: string; items: string[]; tone: "erase" | "keep" }) {
  return (
    <>
      <h3 className="text-sm font-semibold text-stone-900">{title}</h3>
      <ul className="mt-2 space-y-2 text-sm text-stone-700">
        {items.map((t) => (
          <li key={t} className="flex gap-2">
            <Check tone={tone} />
            {t}
          </li>
        ))}
      </ul>
    </>
  );
}

export function AccountDeleteView({ state = {} }: { state?: FormState }) {
  const e = state.errors ?? {};
  return (
    <AccountCard
      id="confirm-delete"
      tone="danger"
      title="Delete your account?"
      description="This permanently erases your account. It cannot be undone, and you would need to register again to shop with an account."
    >
      <div className="grid gap-6 md:grid-cols-2">
        <div>
          <CheckList title="What we erase" items={ERASED} tone="erase" />
        </div>
        <div>
          <CheckList title="What we keep" items={KEPT} tone="keep" />
          <p className="mt-3 text-sm text-stone-600">
            Want a copy first?{" "}
            <a href="/api/account/export" className="font-medium text-green-800 underline" download>
              Download my data
            </a>.
          </p>
        </div>
      </div>
      <form
        method="post"
        action="/account/delete"
        className="mt-6 space-y-4 border-t border-stone-200 pt-6"
        noValidate
        data-form="delete"
      >
        <FormAlert message={state.message} />
        <div className="max-w-sm">
          <CurrentPasswordField label="Your password" error={e.password} hint="To confirm it is you." />
        </div>
        <div>
          <label className="flex items-start gap-2 text-sm text-stone-800">
            <input
              type="checkbox"
              name="confirm"
              required
              className="mt-0.5 h-4 w-4 accent-red-700"
              aria-invalid={e.confirm ? true : undefined}
              aria-describedby={e.confirm ? "confirm-error" : undefined}
            />
            <span>I understand this cannot be undone</span>
          </label>
          {e.confirm ? <p id="confirm-error" className="mt-1 text-sm text-red-700">{e.confirm}</p> : null}
        </div>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={dangerButton}>Delete my account permanently</button>
          <a href="/account?tab=settings" className={secondaryButton}>Cancel</a>
        </div>
      </form>
    </AccountCard>
  );
}
