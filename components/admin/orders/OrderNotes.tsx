/**
 * The admin order page's "Internal notes" card: the form to add a note (only staff see them) and the
 * notes so far, with when and by whom.
 */
import type { AdminOrderDetail } from "../../../domains/fulfilment/mod.ts";
import { secondaryButton } from "../../ui/buttons.ts";
import { fieldInputClass } from "../../ui/Field.tsx";
import { adminTime } from "./AdminOrderList.tsx";
import { Card } from "./OrderCard.tsx";

export function OrderNotes({ orderId, notes }: { orderId: number; notes: AdminOrderDetail["notes"] }) {
  return (
    <Card title="Internal notes" id="notes-title">
      <form method="post" action={`/admin/orders/${orderId}/notes`} className="space-y-2">
        <label htmlFor="note-body" className="sr-only">Note</label>
        <textarea
          id="note-body"
          name="body"
          required
          maxLength={2000}
          rows={3}
          placeholder="Only staff see notes."
          className={fieldInputClass}
        />
        <button type="submit" className={secondaryButton}>Add note</button>
      </form>
      {notes.length
        ? (
          <ul className="mt-4 space-y-3" data-notes>
            {notes.map((n) => (
              <li key={n.id} className="rounded-lg bg-stone-50 p-3 text-sm">
                <p className="whitespace-pre-line">{n.body}</p>
                <p className="mt-1 text-xs text-stone-500">
                  {`${adminTime(n.createdAt)}${n.by ? ` · ${n.by}` : ""}`}
                </p>
              </li>
            ))}
          </ul>
        )
        : <p className="mt-3 text-sm text-stone-600">No notes yet.</p>}
    </Card>
  );
}
