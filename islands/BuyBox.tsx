/**
 * The product page's buy box: price, variant picker, stock line, quantity stepper, the add-to-cart form (or
 * the notify button when the choice is out of stock) and the SKU. The server renders it with the default
 * choice, so without JavaScript the page still shows a price, stock and a real form that posts to /cart.
 * Choosing a variant also updates the Specifications tab (server markup marked with data-spec).
 */
import { useState } from "react";
import { PriceTag } from "../components/catalog/PriceTag.tsx";
import {
  type BuyChoice,
  chargedPriceCents,
  choiceStatus,
  defaultChoiceIndex,
  formatArrivalDate,
  formatDecimal,
  maxQuantity,
  statusLabel,
  StockLine,
  stockUnits,
} from "../components/catalog/ProductChoice.tsx";
import { formatMoney } from "../lib/money.ts";
import { CartIcon, MinusIcon, PlusIcon } from "../components/ui/icons.tsx";
import { NotifyMe } from "../components/catalog/NotifyMe.tsx";

export interface BuyBoxProps {
  productId: number;
  choices: BuyChoice[];
  /**
   * The product's option types (Size, UVB), when every variant has a value of each: one select per
   * option replaces the list of variants (decision 0070).
   */
  options?: { name: string; values: string[] }[];
  /** Visitors are asked to sign in before they can ask for a back-in-stock e-mail. */
  signedIn: boolean;
  /** This page's path, to come back to after signing in. */
  returnPath: string;
}

function clamp(n: number, max: number): number {
  return Math.min(Math.max(1, n), Math.max(1, max));
}

/** Writes the chosen SKU, stock and dimensions into the server-rendered Specifications table. */
function syncSpecs(c: BuyChoice) {
  const set = (key: string, text: string) => {
    for (const el of document.querySelectorAll<HTMLElement>(`[data-spec="${key}"]`)) el.textContent = text;
  };
  set("sku", c.sku);
  set("stock", stockUnits(c));
  set("dimensions", c.dimensions ?? "");
  for (const row of document.querySelectorAll<HTMLElement>('[data-spec-row="dimensions"]')) row.hidden = !c.dimensions;
}

/** The big price: what one costs now, the regular price struck through when less is charged. */
function ChoicePrice({ choice }: { choice: BuyChoice }) {
  const charged = chargedPriceCents(choice);
  const discounted = charged < choice.priceCents;
  const percent = discounted ? Math.round((1 - charged / choice.priceCents) * 100) : 0;
  const preorderDiscount = choice.preorder && choice.preorderDiscount ? choice.preorderDiscount : 0;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <PriceTag priceCents={choice.priceCents} salePriceCents={discounted ? charged : null} size="lg" />
      {preorderDiscount
        ? (
          <span className="rounded-full bg-sky-50 px-2.5 py-0.5 text-xs font-bold text-sky-800 ring-1 ring-sky-200 ring-inset">
            Pre-order −{formatDecimal(preorderDiscount)}%
          </span>
        )
        : discounted
        ? (
          <span className="rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-bold text-red-700 ring-1 ring-red-200 ring-inset">
            Save {percent}%
          </span>
        )
        : null}
    </div>
  );
}

/** What a pre-order costs and when it is expected. */
function PreorderNote({ choice }: { choice: BuyChoice }) {
  const arrival = formatArrivalDate(choice.arrivalDate);
  const discount = choice.preorderDiscount && choice.preorderDiscount > 0 ? choice.preorderDiscount : 0;
  return (
    <p
      className="mt-2 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900 ring-1 ring-sky-200 ring-inset"
      data-preorder
    >
      {discount
        ? (
          <>
            <strong className="font-semibold">Pre-order price:</strong>{" "}
            {formatDecimal(discount)}% pre-order discount applied; you will be charged{" "}
            {formatMoney(chargedPriceCents(choice))} each.
          </>
        )
        : <strong className="font-semibold">Pre-order item.</strong>}
      {arrival ? <>{" "}Expected {arrival}.</> : null}
    </p>
  );
}

/** One option chip: name, price (sale price first), stock status, pre-order details. */
function OptionChip(
  { choice, checked, name, onChoose }: { choice: BuyChoice; checked: boolean; name: string; onChoose: () => void },
) {
  const status = choiceStatus(choice);
  const arrival = formatArrivalDate(choice.arrivalDate);
  const statusTone = status === "in_stock"
    ? "text-green-800"
    : status === "preorder"
    ? "text-sky-800"
    : "text-stone-500";
  return (
    <label
      className={`relative flex cursor-pointer flex-col gap-1 rounded-xl border bg-white px-3.5 py-2.5 text-sm transition hover:border-stone-500 has-[:checked]:border-green-700 has-[:checked]:bg-green-50 has-[:checked]:ring-1 has-[:checked]:ring-green-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-green-700 ${
        status === "out_of_stock" ? "border-dashed border-stone-300" : "border-stone-300"
      }`}
    >
      <input
        type="radio"
        name={name}
        value={choice.variantId ?? ""}
        checked={checked}
        onChange={onChoose}
        className="sr-only"
        data-variant-option={choice.variantId ?? ""}
      />
      <span className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
        <span className={`font-semibold ${status === "out_of_stock" ? "text-stone-500" : "text-stone-900"}`}>
          {choice.name}
        </span>
        {choice.salePriceCents !== null
          ? (
            <span className="flex items-baseline gap-x-1.5 whitespace-nowrap">
              <span className="font-semibold text-red-700">{formatMoney(choice.salePriceCents)}</span>
              <s className="text-xs text-stone-500">
                <span className="sr-only">Was</span>
                {formatMoney(choice.priceCents)}
              </s>
            </span>
          )
          : <span className="font-medium whitespace-nowrap text-stone-800">{formatMoney(choice.priceCents)}</span>}
      </span>
      <span className="flex flex-wrap gap-x-1.5 text-xs text-stone-600">
        <span className={`font-semibold ${statusTone}`}>{statusLabel[status]}</span>
        {status === "preorder" && arrival
          ? (
            <>
              {" "}
              <span className="whitespace-nowrap">· Expected {arrival}</span>
            </>
          )
          : null}
        {status === "preorder" && choice.preorderDiscount
          ? (
            <>
              {" "}
              <span className="whitespace-nowrap">· {formatDecimal(choice.preorderDiscount)}% pre-order discount</span>
            </>
          )
          : null}
      </span>
    </label>
  );
}

/**
 * The choice that matches `picked` (one value per option), else the first that has the value just
 * changed (option `changed`), so a select always lands on a variant that exists.
 */
export function choiceFor(choices: BuyChoice[], picked: string[], changed: number): number {
  const exact = choices.findIndex((c) => c.optionValues?.every((v, i) => v === picked[i]));
  if (exact >= 0) return exact;
  return Math.max(0, choices.findIndex((c) => c.optionValues?.[changed] === picked[changed]));
}

/** One select per option; each value says when its variant (with the other picks) is out of stock. */
function OptionSelects(
  { productId, options, choices, choice, onPick }: {
    productId: number;
    options: { name: string; values: string[] }[];
    choices: BuyChoice[];
    choice: BuyChoice;
    onPick: (option: number, value: string) => void;
  },
) {
  const picked = choice.optionValues ?? [];
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {options.map((option, i) => {
        const id = `product-${productId}-option-${i}`;
        return (
          <div key={option.name}>
            <label htmlFor={id} className="mb-1 block text-sm font-semibold text-stone-900">{option.name}</label>
            <select
              id={id}
              value={picked[i] ?? ""}
              onChange={(e) => onPick(i, e.currentTarget.value)}
              data-option={option.name}
              className="h-11 w-full rounded-xl border border-stone-300 bg-white px-3 text-sm font-medium text-stone-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700"
            >
              {option.values.map((value) => {
                const combo = picked.map((p, j) => (j === i ? value : p));
                const match = choices.find((c) => c.optionValues?.every((v, j) => v === combo[j]));
                const note = !match
                  ? " (not available)"
                  : choiceStatus(match) === "out_of_stock"
                  ? " (out of stock)"
                  : "";
                return <option key={value} value={value}>{value}{note}</option>;
              })}
            </select>
          </div>
        );
      })}
    </div>
  );
}

export default function BuyBox({ productId, choices, options, signedIn, returnPath }: BuyBoxProps) {
  const [index, setIndex] = useState(() => defaultChoiceIndex(choices));
  const [quantityText, setQuantityText] = useState("1");
  // A fixed id, not useId(): the island hydrates under its own root, where useId would differ from the server.
  const quantityId = `product-${productId}-quantity`;
  const choice = choices[index] ?? choices[0];
  const status = choiceStatus(choice);
  const max = maxQuantity(choice);
  const parsed = Number.parseInt(quantityText, 10);
  const quantity = clamp(Number.isNaN(parsed) ? 1 : parsed, max);
  const hasVariants = choice.variantId !== null;

  function choose(i: number) {
    setIndex(i);
    setQuantityText(String(clamp(quantity, maxQuantity(choices[i]))));
    syncSpecs(choices[i]);
  }

  const stepButton =
    "flex w-11 items-center justify-center text-stone-700 transition hover:bg-stone-100 disabled:cursor-not-allowed disabled:text-stone-300 disabled:hover:bg-transparent focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-green-700";

  return (
    <div className="flex flex-col gap-5" data-buy-box>
      <ChoicePrice choice={choice} />

      {hasVariants && options?.length
        ? (
          <OptionSelects
            productId={productId}
            options={options}
            choices={choices}
            choice={choice}
            onPick={(i, value) => {
              const picked = (choice.optionValues ?? []).map((v, j) => (j === i ? value : v));
              choose(choiceFor(choices, picked, i));
            }}
          />
        )
        : hasVariants
        ? (
          <fieldset>
            <legend className="text-sm font-semibold text-stone-900">
              Option: <span className="font-normal text-stone-700" data-choice-name>{choice.name}</span>
            </legend>
            <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
              {choices.map((c, i) => (
                <OptionChip
                  key={c.variantId ?? i}
                  choice={c}
                  checked={i === index}
                  name={`variant-${productId}`}
                  onChoose={() => choose(i)}
                />
              ))}
            </div>
          </fieldset>
        )
        : null}

      <div aria-live="polite">
        <StockLine choice={choice} />
        {choice.preorder ? <PreorderNote choice={choice} /> : null}
      </div>

      {status === "out_of_stock"
        ? (
          <div className="flex flex-col gap-2">
            <NotifyMe productId={productId} variantId={choice.variantId} signedIn={signedIn} returnPath={returnPath} />
            <p className="text-sm text-stone-600">
              {hasVariants ? "This option is" : "This product is"} out of stock. Ask us to e-mail you when it is back.
            </p>
          </div>
        )
        : (
          <form
            method="post"
            action="/cart"
            className="flex items-center gap-3"
            data-cart-add
          >
            <input type="hidden" name="productId" value={productId} />
            {hasVariants ? <input type="hidden" name="variantId" value={choice.variantId ?? ""} /> : null}
            <div className="flex items-center">
              <label htmlFor={quantityId} className="sr-only">
                Quantity
              </label>
              <div className="inline-flex h-12 overflow-hidden rounded-xl border border-stone-300 bg-white">
                <button
                  type="button"
                  className={stepButton}
                  aria-label="Decrease quantity"
                  disabled={quantity <= 1}
                  onClick={() => setQuantityText(String(clamp(quantity - 1, max)))}
                >
                  <MinusIcon className="h-4 w-4" strokeWidth={2.25} />
                </button>
                <input
                  id={quantityId}
                  type="number"
                  name="quantity"
                  inputMode="numeric"
                  min={1}
                  max={max}
                  step={1}
                  required
                  value={quantityText}
                  onChange={(e) => setQuantityText(e.currentTarget.value)}
                  onBlur={() => setQuantityText(String(quantity))}
                  className="w-14 [appearance:textfield] border-x border-stone-200 text-center font-semibold text-stone-900 tabular-nums focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-green-700 [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
                  data-quantity
                />
                <button
                  type="button"
                  className={stepButton}
                  aria-label="Increase quantity"
                  disabled={quantity >= max}
                  onClick={() => setQuantityText(String(clamp(quantity + 1, max)))}
                >
                  <PlusIcon className="h-4 w-4" strokeWidth={2.25} />
                </button>
              </div>
            </div>
            <button
              type="submit"
              className="inline-flex h-12 min-w-0 flex-1 items-center justify-center gap-2 rounded-xl bg-green-700 px-4 font-semibold text-white shadow-sm transition hover:bg-green-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700"
            >
              <CartIcon className="h-5 w-5" />
              {status === "preorder" ? "Pre-order Now" : "Add to Cart"}
            </button>
          </form>
        )}

      <p className="text-xs text-stone-500">
        SKU: <span className="font-mono" data-sku>{choice.sku}</span>
      </p>
    </div>
  );
}
