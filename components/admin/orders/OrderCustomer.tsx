/**
 * The admin order page's "Customer" card: who placed the order, where it came from (shop checkout,
 * taken by staff, or a WhatsApp message, whose number stands in for the e-mail) and staff's standing
 * note and tags on the customer, so whoever packs the order sees the gate code (or that this is a trade order).
 */
import type { AdminOrderDetail } from "../../../domains/fulfilment/mod.ts";
import { Card, Row } from "./OrderCard.tsx";
import { TagPills } from "../users/CustomerCards.tsx";

export function OrderCustomer({ detail }: { detail: AdminOrderDetail }) {
  const { customer } = detail;
  return (
    <Card title="Customer" id="customer-title">
      {customer
        ? (
          <dl className="text-sm">
            <Row label="Name">{customer.name ?? customer.username}</Row>
            <Row label="Username">{customer.username}</Row>
            {detail.whatsapp ? null : (
              <Row label="E-mail">
                <a href={`mailto:${customer.email}`} className="underline">{customer.email}</a>
              </Row>
            )}
            <Row label="Source">
              {detail.whatsapp
                ? (
                  <span data-order-source="whatsapp">
                    {`WhatsApp${detail.whatsapp.number ? ` ${detail.whatsapp.number}` : ""}`}
                    <span className="block break-all text-xs text-stone-500">
                      {`Message ${detail.whatsapp.waTradeId}`}
                    </span>
                  </span>
                )
                : detail.source === "staff"
                ? <span data-order-source="staff">Taken by staff</span>
                : "Shop checkout"}
            </Row>
            {customer.tags.length
              ? (
                <Row label="Tags">
                  <TagPills tags={customer.tags} />
                </Row>
              )
              : null}
            {customer.note
              ? (
                <Row label="Note">
                  <span className="whitespace-pre-line" data-customer-note>{customer.note}</span>
                  <a href={`/admin/users/${customer.id}#note-h`} className="block text-xs text-green-800 underline">
                    Edit on the customer's page
                  </a>
                </Row>
              )
              : null}
          </dl>
        )
        : <p className="text-sm text-stone-600">The customer's account no longer exists.</p>}
    </Card>
  );
}
