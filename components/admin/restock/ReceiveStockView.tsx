/**
 * /admin/restock/receive: book a supplier's delivery into stock. One SKU and quantity a line, pasted
 * from the supplier's sheet or filled in from the restock plan, and the delivery's reference. A plain
 * form post (decision 0107): refused lines come back on the form with the text as sent.
 */
import type { FormState } from "../../ui/Field.tsx";
import type { FieldSpec } from "../shared/FormFields.tsx";
import { PlanFilledForm } from "../shared/PlanFilledForm.tsx";

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
    <PlanFilledForm
      title="Receive stock"
      intro="Book a delivery in: each line's units are added to the stock on hand, all lines or none, and show in the stock history as received. Customers waiting for an item that was sold out are e-mailed."
      back={{ href: "/admin/restock", label: "Back to restock" }}
      action="/admin/restock/receive"
      fields={FIELDS}
      state={state}
      planNote={planNote}
      submit="Book in stock"
    />
  );
}
