/**
 * The cart's lines: a table on wide screens, cards on phones, each with its quantity stepper and
 * Remove. Each control is a server form (works without JavaScript); the CartView island passes
 * handlers that call the cart API instead.
 */
import { formatMoney } from "../../lib/money.ts";
import type { CartJson } from "../../contract/cart.ts";
import { ProductImage } from "../catalog/ProductImage.tsx";
import { Table } from "../ui/Table.tsx";

export type CartItemJson = CartJson["items"][number];

const rand = (amount: number) => formatMoney(Math.round(amount * 100));

/** Why a line cannot be checked out as it is: stock fell below its quantity after it was added. */
export function stockWarning(item: Pick<CartItemJson, "quantity" | "product">): string | null {
  const max = item.product.stock;
  if (item.quantity <= max) return null;
  if (max <= 0) return "Out of stock: please remove this item.";
  return item.product.preorder
    ? `Only ${max} can be pre-ordered: please lower the quantity.`
    : `Only ${max} left: please lower the quantity.`;
}

/** A line's picture, drawn `size` pixels square. */
function LineImage({ item, size, className }: { item: CartItemJson; size: number; className: string }) {
  return (
    <ProductImage
      src={item.product.image}
      name={item.product.name}
      alt=""
      width={size}
      height={size}
      className={className}
    />
  );
}

type OnSet = (item: CartItemJson, quantity: number) => void;
type OnRemove = (item: CartItemJson) => void;

function Stepper({ item, onSet }: { item: CartItemJson; onSet: OnSet }) {
  const btn =
    "h-9 w-9 text-lg font-bold text-stone-700 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-40";
  return (
    <form
      method="post"
      action={`/cart/items/${item.id}`}
      className="inline-flex items-center overflow-hidden rounded-lg border border-stone-300 bg-white"
      onSubmit={(e) => {
        e.preventDefault();
        const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        onSet(item, Number(submitter?.value ?? item.quantity));
      }}
    >
      <button
        type="submit"
        name="quantity"
        value={Math.max(1, Math.min(item.quantity - 1, item.product.stock))}
        className={btn}
        disabled={item.quantity <= 1}
        aria-label={`One fewer ${item.product.name}`}
      >
        −
      </button>
      <span className="w-10 text-center text-sm font-semibold" aria-live="polite" data-quantity>{item.quantity}</span>
      <button
        type="submit"
        name="quantity"
        value={item.quantity + 1}
        className={btn}
        disabled={item.quantity >= item.product.stock}
        aria-label={`One more ${item.product.name}`}
      >
        +
      </button>
    </form>
  );
}

function RemoveButton({ item, onRemove }: { item: CartItemJson; onRemove: OnRemove }) {
  return (
    <form
      method="post"
      action={`/cart/items/${item.id}/remove`}
      onSubmit={(e) => {
        e.preventDefault();
        onRemove(item);
      }}
    >
      <button
        type="submit"
        className="text-sm font-medium text-red-700 hover:underline"
        aria-label={`Remove ${item.product.name}`}
      >
        Remove
      </button>
    </form>
  );
}

function ItemName({ item }: { item: CartItemJson }) {
  return (
    <div className="min-w-0">
      <a href={`/product/${item.product.slug}`} className="font-semibold text-stone-900 hover:text-green-800">
        {item.product.name}
      </a>
      {item.product.variantName ? <p className="text-xs text-stone-500">{item.product.variantName}</p> : null}
      {item.product.preorder ? <p className="text-xs text-amber-700">Pre-order</p> : null}
      {stockWarning(item)
        ? <p className="mt-1 text-xs font-semibold text-red-700" data-stock-warning>{stockWarning(item)}</p>
        : null}
    </div>
  );
}

function Price({ item }: { item: CartItemJson }) {
  return (
    <span>
      {rand(item.product.price)}
      {item.product.regularPrice !== null
        ? <s className="ml-1 text-xs text-stone-500">{rand(item.product.regularPrice)}</s>
        : null}
    </span>
  );
}

/** Every line of the cart, twice: the wide-screen table and the phone cards (CSS shows one). */
export function CartLines(
  { items, onSet, onRemove }: {
    items: CartItemJson[];
    onSet: OnSet;
    onRemove: OnRemove;
  },
) {
  return (
    <>
      <Table
        className="hidden w-full overflow-hidden rounded-xl border border-stone-200 bg-white text-sm md:table"
        headClass="bg-stone-50 text-left text-stone-600"
        columns={[
          {
            header: "Product",
            span: 2,
            th: "p-3 font-semibold",
            td: "w-20 p-3",
            cell: (item) => <LineImage item={item} size={64} className="h-16 w-16 rounded-lg" />,
          },
          { td: "p-3", cell: (item) => <ItemName item={item} /> },
          {
            header: "Price",
            th: "p-3 font-semibold",
            td: "p-3 whitespace-nowrap",
            cell: (item) => <Price item={item} />,
          },
          {
            header: "Quantity",
            th: "p-3 font-semibold",
            td: "p-3",
            cell: (item) => <Stepper item={item} onSet={onSet} />,
          },
          {
            header: "Total",
            th: "p-3 text-right font-semibold",
            td: "p-3 text-right font-semibold whitespace-nowrap",
            cell: (item) => rand(item.lineTotal),
          },
          {
            header: <span className="sr-only">Actions</span>,
            th: "p-3",
            td: "p-3 text-right",
            cell: (item) => <RemoveButton item={item} onRemove={onRemove} />,
          },
        ]}
        rows={items}
        rowKey={(item) => item.id}
        rowProps={(item) => ({ className: "border-t border-stone-100", "data-cart-line": item.id })}
      />
      <ul className="space-y-3 md:hidden">
        {items.map((item) => (
          <li key={item.id} className="flex gap-3 rounded-xl border border-stone-200 bg-white p-3">
            <LineImage item={item} size={80} className="h-20 w-20 shrink-0 rounded-lg" />
            <div className="flex min-w-0 flex-1 flex-col gap-2">
              <ItemName item={item} />
              <p className="text-sm">
                <Price item={item} />
              </p>
              <div className="flex items-center justify-between gap-2">
                <Stepper item={item} onSet={onSet} />
                <span className="font-semibold">{rand(item.lineTotal)}</span>
              </div>
              <RemoveButton item={item} onRemove={onRemove} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
