/**
 * Download links for an order's tax invoice and credit notes (the order page, the account's orders,
 * the admin order page). `base` is where the PDFs are served: /orders/{id} for the customer,
 * /admin/orders/{id} for staff. Nothing is shown for an order without documents (unpaid).
 */
import type { OrderDocuments } from "../../domains/tax_documents/mod.ts";
import { textLink } from "../account/AccountShell.tsx";

export function TaxDocumentLinks(
  { documents, base, compact = false }: { documents: OrderDocuments | undefined; base: string; compact?: boolean },
) {
  if (!documents?.invoice) return null;
  const link = compact ? `${textLink} text-xs` : `${textLink} text-sm`;
  return (
    <ul className={compact ? "mt-1 flex flex-wrap justify-end gap-x-3" : "space-y-1.5"} data-tax-documents>
      <li>
        <a href={`${base}/invoice.pdf`} className={link} download data-invoice-link>
          {compact ? "Tax invoice" : `Tax invoice ${documents.invoice.number} (PDF)`}
        </a>
      </li>
      {documents.creditNotes.map((n) => (
        <li key={n.id}>
          <a href={`${base}/credit-notes/${n.id}.pdf`} className={link} download data-credit-note-link={n.number}>
            {compact ? `Credit note ${n.number}` : `Credit note ${n.number} (PDF)`}
          </a>
        </li>
      ))}
    </ul>
  );
}
