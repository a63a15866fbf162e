/**
 * The checkout's shipping method chooser: standard delivery (the fee below the free-delivery
 * threshold) or a PUDO locker (free). It is the fieldset of the review form and works without
 * JavaScript: CSS (:has) shows the locker list when the PUDO radio is checked, and the server checks
 * the locker. Once hydrated it shows only the chosen locker's address, makes the locker required
 * while PUDO is chosen, and puts the chosen method's delivery and total into the Order Total panel
 * (server-rendered beside it, showing standard delivery until then).
 */
import { useEffect, useState } from "react";
import { formatMoney } from "../lib/money.ts";

/** What one method costs: its delivery fee and the order total with it (server figures). */
export interface MethodPrice {
  feeCents: number;
  totalCents: number;
}

export interface LockerJson {
  id: string;
  name: string;
  address: string;
}

export interface ShippingMethodChooserProps {
  lockers: LockerJson[];
  /** PUDO eligibility from the server: when closed, the spec's reason. */
  pudo: { eligible: true } | { eligible: false; message: string };
  prices: { standard: MethodPrice; pudo_locker: MethodPrice };
  method: "standard" | "pudo_locker";
  locker: string | null;
}

const priceText = (p: MethodPrice) => (p.feeCents ? formatMoney(p.feeCents) : "Free");

const option =
  "flex cursor-pointer items-start gap-3 rounded-xl border p-3.5 transition-colors has-[:checked]:border-green-700 has-[:checked]:bg-green-50/70 has-[:checked]:ring-1 has-[:checked]:ring-green-700/30 has-[:disabled]:cursor-not-allowed has-[:disabled]:bg-stone-50 has-[:disabled]:opacity-70";
const radio = "mt-0.5 h-4 w-4 shrink-0 accent-green-800";

type Method = ShippingMethodChooserProps["method"];

/** One method's radio, with its name, price (or Free) and a line about it. */
function MethodOption(
  { id, value, method, onChoose, disabled, describedBy, title, price, priceProps, note }: {
    id: string;
    value: Method;
    method: Method;
    onChoose: (m: Method) => void;
    disabled?: boolean;
    describedBy?: string;
    title: string;
    price: MethodPrice;
    /** Data attributes on the price (a test hook). */
    priceProps?: Record<`data-${string}`, true>;
    note: string;
  },
) {
  return (
    <label className={`${option} border-stone-200`}>
      <input
        type="radio"
        id={id}
        name="shippingMethod"
        value={value}
        checked={method === value}
        disabled={disabled}
        onChange={() => onChoose(value)}
        aria-describedby={describedBy}
        className={radio}
      />
      <span className="min-w-0 flex-1">
        <span className="flex justify-between gap-2 font-semibold text-stone-900">
          {title}{" "}
          <span className={price.feeCents ? "tabular-nums" : "text-green-800"} {...priceProps}>
            {priceText(price)}
          </span>
        </span>
        <span className="block text-sm text-stone-600">{note}</span>
      </span>
    </label>
  );
}

export default function ShippingMethodChooser(
  { lockers, pudo, prices, method: initialMethod, locker: initialLocker }: ShippingMethodChooserProps,
) {
  const [method, setMethod] = useState(pudo.eligible ? initialMethod : "standard");
  const [locker, setLocker] = useState(initialLocker ?? "");
  // Before hydration the CSS rules decide what shows (the no-JavaScript form); after it, the state does.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // The Order Total panel is server markup outside this island: keep its two figures in step.
  useEffect(() => {
    if (!hydrated) return;
    const price = prices[method];
    const panel = document.querySelector("[data-order-total-panel]");
    const shipping = panel?.querySelector("[data-shipping]");
    const total = panel?.querySelector("[data-total]");
    if (shipping) shipping.textContent = priceText(price);
    if (total) total.textContent = formatMoney(price.totalCents);
  }, [hydrated, method]);
  const chosen = lockers.find((l) => l.id === locker) ?? null;
  const panelClass = hydrated
    ? (method === "pudo_locker" ? "" : "hidden")
    : "group-has-[#ship-standard:checked]/ship:hidden";

  return (
    <fieldset className="group/ship space-y-3" data-shipping-methods>
      <legend className="mb-3 text-base font-bold text-stone-900">Shipping method</legend>
      <MethodOption
        id="ship-standard"
        value="standard"
        method={method}
        onChoose={setMethod}
        title="Standard delivery"
        price={prices.standard}
        priceProps={{ "data-price-standard": true }}
        note="3-5 business days"
      />
      <MethodOption
        id="ship-pudo"
        value="pudo_locker"
        method={method}
        onChoose={setMethod}
        disabled={!pudo.eligible}
        describedBy={pudo.eligible ? undefined : "pudo-message"}
        title="PUDO locker"
        price={prices.pudo_locker}
        note="Collect from a locker near you"
      />
      {pudo.eligible
        ? (
          <div className={`space-y-2 rounded-xl bg-stone-50 p-3.5 ${panelClass}`} data-locker-panel>
            <label htmlFor="pudo-locker" className="block text-sm font-medium text-stone-800">PUDO locker</label>
            <select
              id="pudo-locker"
              name="pudoLockerCode"
              value={locker}
              required={hydrated && method === "pudo_locker"}
              onChange={(e) => setLocker(e.currentTarget.value)}
              className="w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-sm focus:border-green-700 focus:ring-2 focus:ring-green-700/20 focus:outline-none"
            >
              <option value="">Choose a locker…</option>
              {lockers.map((l) => <option key={l.id} value={l.id}>{l.name}</option>)}
            </select>
            {hydrated
              ? (chosen
                ? (
                  <p className="text-sm text-stone-700" data-locker-address>
                    <span className="font-semibold text-stone-900">{chosen.name}</span>: {chosen.address}
                  </p>
                )
                : null)
              : (
                <ul className="space-y-1 text-xs text-stone-600">
                  {lockers.map((l) => (
                    <li key={l.id}>
                      <span className="font-semibold text-stone-800">{l.name}</span>: {l.address}
                    </li>
                  ))}
                </ul>
              )}
          </div>
        )
        : (
          <p
            id="pudo-message"
            className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
            data-pudo-message
          >
            {pudo.message}
          </p>
        )}
    </fieldset>
  );
}
