/**
 * /admin/restock/receive: book a supplier's delivery into stock. One SKU and quantity a line, pasted
 * from the supplier's sheet or filled in from the restock plan, and the delivery's reference. A plain
 * form post (decision 0107): refused lines come back on the form with the text as sent.
 */
import { FormAlert, type FormState } from "../../ui/Field.tsx";
import { primaryButton, secondaryButton } from "../../ui/buttons.ts";
import { type FieldSpec, FormFields } from "../shared/FormFields.tsx";
import { PageHeader } from "../shared/PageHeader.tsx";

const FIELDS: FieldSpec[] = [
  {
    label: "SKUs and quantities received",
    name: "lines",
    textarea: true,
    rows: 12,
    required: true,
    placeholder: "CRK-50, 24\nUVB-T5-12, 6",
    hint: "One line each: the SKU, then the units that arrived (comma, tab or space between). The same SKU twice is " +
      "added up. A variant's SKU for a product sold as variants. Or paste the restock plan's CSV whole, heading row " +
      "and all: its SKU and Order columns are read (correct Order to what arrived; 0 skips a row).",
    span: "sm:col-span-2",
  },
  {
    label: "Reference (optional)",
    name: "reference",
    maxLength: 100,
    hint: "The supplier's invoice or delivery note number, kept in each product's stock history",
  },
];

export function ReceiveStockView({ state, planNote }: { state: FormState; planNote?: string }) {
  return (
    <section>
      <PageHeader
        title="Receive stock"
        intro="Book a delivery in: each line's units are added to the stock on hand, all lines or none, and show in the stock history as received. Customers waiting for an item that was sold out are e-mailed."
      >
        <a href="/admin/restock" className={secondaryButton}>Back to restock</a>
      </PageHeader>
      <form method="post" action="/admin/restock/receive" className="mt-5 space-y-4" noValidate>
        <FormAlert message={state.message} />
        {planNote ? <p className="text-sm text-stone-600" data-plan-note>{planNote}</p> : null}
        <div className="grid gap-4 rounded-xl border border-stone-200 bg-white p-5 sm:grid-cols-2">
          <FormFields fields={FIELDS} values={state.values ?? {}} errors={state.errors ?? {}} />
        </div>
        <div className="flex justify-end">
          <button type="submit" className={primaryButton}>Book in stock</button>
        </div>
      </form>
    </section>
  );
}
