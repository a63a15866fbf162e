/**
 * The screens of orders staff take (docs/staff-orders.md): the new-order page (find a customer, find
 * products, lines, delivery, address) and an unpaid order's "Edit lines" form. Plain forms: the
 * searches are GET forms that carry the page's state in hidden fields, so no JavaScript is needed.
 */
import { Field, fieldInputClass, fieldLabelClass } from "../../ui/Field.tsx";
import { primaryButton, secondaryButton } from "../../ui/buttons.ts";
import { PageHeader } from "../shared/PageHeader.tsx";
import { SelectField, TextareaField } from "../shared/FormFields.tsx";
import { AddressFields, type AddressFormValues } from "../../account/AddressForm.tsx";
import { formatMoney } from "../../../lib/money.ts";

/** A line as the forms carry it. */
export interface FormLine {
  productId: number;
  variantId: number | null;
  quantity: number;
  label?: string;
}

export interface ProductHit {
  productId: number;
  variantId: number | null;
  name: string;
  sku: string;
  priceCents: number;
  stock: number;
}

export interface CustomerHit {
  id: number;
  name: string | null;
  email: string;
}

/** Rows for lines to add beside the ones the order has. */
const BLANK_ROWS = 3;

/** A GET search form of the new-order page: keeps the page's other state, replaces its own query. */
function FindForm(
  { state, name, what, hint, button }: {
    state: NewOrderState;
    name: "q" | "pq";
    what: string;
    hint: string;
    button: string;
  },
) {
  const id = `${what}-q`;
  return (
    <form
      method="get"
      action="/admin/orders/new"
      role="search"
      aria-label={`Find a ${what}`}
      className="mt-3 flex flex-wrap items-end gap-2"
    >
      <Keep state={state} skip={name} />
      <div>
        <label htmlFor={id} className={fieldLabelClass}>Find a {what} ({hint})</label>
        <input id={id} name={name} defaultValue={state[name] ?? ""} maxLength={100} className={fieldInputClass} />
      </div>
      <button type="submit" className={secondaryButton}>{button}</button>
    </form>
  );
}

/** "12:3:2,15::1": the lines as the new-order page's query string keeps them. */
export function encodeLines(lines: readonly FormLine[]): string {
  return lines.map((l) => `${l.productId}:${l.variantId ?? ""}:${l.quantity}`).join(",");
}

/** The form's line rows as `items` ("line3-product", "line3-variant", "line3-quantity"); blank rows dropped. */
export function linesFromFields(fields: Record<string, string>): unknown[] {
  const items: unknown[] = [];
  for (let i = 0; i < 60; i++) {
    const product = fields[`line${i}-product`]?.trim();
    const quantity = fields[`line${i}-quantity`]?.trim();
    if (!product && !quantity) continue;
    if (quantity === "0") continue;
    const variant = fields[`line${i}-variant`]?.trim();
    items.push({
      productId: product ? Number(product) : undefined,
      variantId: variant ? Number(variant) : null,
      quantity: quantity ? Number(quantity) : undefined,
    });
  }
  return items;
}

function LineRows({ lines }: { lines: readonly FormLine[] }) {
  const rows = [...lines, ...Array.from({ length: BLANK_ROWS }, () => null)];
  return (
    <table className="mt-2 w-full text-sm" data-line-rows>
      <caption className="sr-only">Order lines</caption>
      <thead>
        <tr className="text-left text-stone-600">
          <th scope="col" className="py-1 pr-2 font-medium">Product</th>
          <th scope="col" className="py-1 pr-2 font-medium">Product id</th>
          <th scope="col" className="py-1 pr-2 font-medium">Variant id</th>
          <th scope="col" className="py-1 font-medium">Quantity (0 removes)</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((l, i) => (
          <tr key={i} className="border-t border-stone-100">
            <td className="py-1 pr-2 text-stone-800">{l?.label ?? (l ? `#${l.productId}` : "New line")}</td>
            <LineInput row={i} field="product" label="product id" value={l ? String(l.productId) : ""} />
            <LineInput row={i} field="variant" label="variant id" value={l?.variantId ? String(l.variantId) : ""} />
            <LineInput row={i} field="quantity" label="quantity" value={l ? String(l.quantity) : ""} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One box of a line row ("line3-product", "line3-variant", "line3-quantity"): ids by number pad, quantity 0 to 99. */
function LineInput(
  { row, field, label, value }: {
    row: number;
    field: "product" | "variant" | "quantity";
    label: string;
    value: string;
  },
) {
  const quantity = field === "quantity";
  return (
    <td className={quantity ? "py-1" : "py-1 pr-2"}>
      <input
        name={`line${row}-${field}`}
        aria-label={`Line ${row + 1} ${label}`}
        {...(quantity ? { type: "number", min: 0, max: 99 } : { inputMode: "numeric" as const })}
        defaultValue={value}
        className={`${fieldInputClass} w-24`}
      />
    </td>
  );
}

/** A search's hits as a list marked `data-{kind}-hits`, or `empty` when there are none. */
function HitList<T>(
  { hits, kind, empty = null, children }: {
    hits: T[];
    kind: "customer" | "product";
    empty?: React.ReactNode;
    children: (hit: T) => React.ReactNode;
  },
) {
  if (!hits.length) return <>{empty}</>;
  return (
    <ul className="mt-3 divide-y divide-stone-100 text-sm" {...{ [`data-${kind}-hits`]: true }}>
      {hits.map(children)}
    </ul>
  );
}

function Card({ title, children, id }: { title: string; children: React.ReactNode; id?: string }) {
  return (
    <section className="mt-5 rounded-xl border border-stone-200 bg-white p-4 shadow-sm" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold text-stone-900">{title}</h2>
      {children}
    </section>
  );
}

/** Hidden fields that carry the page's state through a GET search. */
function Keep({ state, skip }: { state: Record<string, string | undefined>; skip: string }) {
  return (
    <>
      {Object.entries(state).filter(([k, v]) => k !== skip && v).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
    </>
  );
}

/** The new-order page's state, carried in its URL between the GET searches. */
type NewOrderState = { q?: string; customer?: string; pq?: string; lines?: string };

export function NewStaffOrderPage(props: {
  state: NewOrderState;
  customers: CustomerHit[];
  chosen: CustomerHit | null;
  products: ProductHit[];
  lines: FormLine[];
  address: AddressFormValues;
  lockers: { id: string; name: string }[];
  values?: Record<string, string>;
  errors?: Record<string, string>;
  message?: string | null;
}) {
  const { state, values = {}, errors = {} } = props;
  /** This page with `change` made to its state (empty fields left out). */
  const pageWith = (change: NewOrderState) =>
    `/admin/orders/new?${new URLSearchParams(
      Object.entries({ ...state, ...change }).filter(([, v]) => v) as [string, string][],
    )}`;
  const withLine = (hit: ProductHit) => {
    // A copy of each line: the page draws props.lines after these links, and must show them unchanged.
    const lines = props.lines.map((l) => ({ ...l }));
    const same = lines.find((l) => l.productId === hit.productId && l.variantId === hit.variantId);
    if (same) same.quantity = Math.min(99, same.quantity + 1);
    else lines.push({ productId: hit.productId, variantId: hit.variantId, quantity: 1 });
    return pageWith({ lines: encodeLines(lines) });
  };
  return (
    <section data-new-order-page>
      <PageHeader
        title="New order"
        intro="Take an order by phone or chat: it is priced at the shop's prices, holds the stock for 24 hours and the customer is e-mailed a link to pay."
      />
      {props.message
        ? (
          <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-800" data-form-error>
            {props.message}
          </p>
        )
        : null}
      <Card title="1. Customer" id="customer-heading">
        <FindForm state={state} name="q" what="customer" hint="name or e-mail" button="Search customers" />
        <HitList
          hits={props.customers}
          kind="customer"
          empty={state.q
            ? (
              <p className="mt-3 text-sm text-stone-600">
                No customer found: type their e-mail below for a new account.
              </p>
            )
            : null}
        >
          {(c) => (
            <li key={c.id} className="flex items-center justify-between py-1.5">
              <span>{c.name ? `${c.name} · ` : ""}{c.email}</span>
              <a className="font-medium text-emerald-800 underline" href={pageWith({ customer: String(c.id), q: "" })}>
                Choose <span className="sr-only">{c.email}</span>
              </a>
            </li>
          )}
        </HitList>
      </Card>
      <Card title="2. Products" id="products-heading">
        <FindForm state={state} name="pq" what="product" hint="name or SKU" button="Search products" />
        <HitList hits={props.products} kind="product">
          {(p) => (
            <li key={`${p.productId}:${p.variantId}`} className="flex items-center justify-between gap-3 py-1.5">
              <span>
                {p.name}{" "}
                <span className="text-stone-600">({p.sku}) · {formatMoney(p.priceCents)} · {p.stock} in stock</span>
              </span>
              <a className="font-medium text-emerald-800 underline" href={withLine(p)}>
                Add <span className="sr-only">{p.name}</span>
              </a>
            </li>
          )}
        </HitList>
      </Card>
      <form method="post" action="/admin/orders/new" noValidate data-staff-order-form>
        <Card title="3. Order" id="order-heading">
          {props.chosen
            ? (
              <p className="mt-2 text-sm text-stone-800" data-chosen-customer>
                For <strong>{props.chosen.name ?? props.chosen.email}</strong> ({props.chosen.email})
                <input type="hidden" name="customerId" value={props.chosen.id} />
              </p>
            )
            : (
              <div className="mt-3 max-w-md">
                <Field
                  label="Customer's e-mail (a new customer gets an account)"
                  name="email"
                  type="email"
                  defaultValue={values.email ?? ""}
                  error={errors.email ?? errors.customerId}
                />
              </div>
            )}
          <LineRows lines={props.lines} />
          {errors.items ? <p className="mt-1 text-sm text-red-700">{errors.items}</p> : null}
          <div className="mt-4 grid max-w-xl gap-3 sm:grid-cols-2">
            <SelectField
              id="shippingMethod"
              label="Delivery"
              name="shippingMethod"
              defaultValue={values.shippingMethod ?? "standard"}
              options={[
                { value: "standard", label: "Standard delivery" },
                { value: "pudo_locker", label: "PUDO locker" },
              ]}
              error={errors.shippingMethod}
            />
            <SelectField
              id="pudoLockerCode"
              label="PUDO locker (for locker delivery)"
              name="pudoLockerCode"
              defaultValue={values.pudoLockerCode ?? ""}
              options={[{ value: "", label: "None" }, ...props.lockers.map((l) => ({ value: l.id, label: l.name }))]}
            />
          </div>
        </Card>
        <Card title="4. Delivery address" id="address-heading">
          <div className="mt-3">
            <AddressFields values={props.address} errors={errors} idPrefix="staff-address" deliveryOnly />
          </div>
          <div className="mt-4 max-w-xl">
            <TextareaField
              id="note"
              label="Note for staff (optional)"
              name="note"
              defaultValue={values.note ?? ""}
              error={errors.note}
            />
          </div>
          <button type="submit" className={`${primaryButton} mt-5`}>Create order and e-mail the pay link</button>
        </Card>
      </form>
    </section>
  );
}

/** An unpaid order's lines, editable: quantities (0 removes) and new lines by product id. */
export function EditLinesForm({ orderId, lines }: { orderId: number; lines: FormLine[] }) {
  return (
    <section
      className="mt-6 rounded-xl border border-stone-200 bg-white p-4 shadow-sm"
      aria-labelledby="edit-lines-heading"
      data-edit-lines
    >
      <h2 id="edit-lines-heading" className="text-lg font-semibold text-stone-900">Edit lines</h2>
      <p className="mt-1 text-sm text-stone-600">
        Until the customer pays: the lines are re-priced at the shop's prices, the stock is moved and the customer's pay
        link shows the new total.
      </p>
      <form method="post" action={`/admin/orders/${orderId}/lines`}>
        <LineRows lines={lines} />
        <button type="submit" className={`${primaryButton} mt-4`}>Save lines</button>
      </form>
    </section>
  );
}
