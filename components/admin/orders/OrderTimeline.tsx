/**
 * The admin order page's "Timeline" card: every event of the order, oldest first, each with its
 * changes or detail, when and by whom, and the raw record behind it where there is one.
 */
import type { AdminOrderDetail } from "../../../domains/fulfilment/mod.ts";
import { RawDetails } from "../audit/AuditViews.tsx";
import { adminTime } from "./AdminOrderList.tsx";
import { Card } from "./OrderCard.tsx";

export function OrderTimeline({ timeline }: { timeline: AdminOrderDetail["timeline"] }) {
  return (
    <Card title="Timeline" id="timeline-title">
      <ol className="relative space-y-4 border-l border-stone-200 pl-5" data-timeline>
        {timeline.map((e, i) => (
          <li key={i} data-event={e.kind}>
            <span className="absolute -left-1.5 mt-1.5 h-3 w-3 rounded-full border-2 border-white bg-green-700" />
            <p className="text-sm font-semibold">{e.title}</p>
            {e.changes?.length
              ? (
                <ul className="text-sm text-stone-700" data-event-changes>
                  {e.changes.map((c, j) => <li key={j} className="whitespace-pre-line">{c}</li>)}
                </ul>
              )
              : e.detail
              ? <p className="text-sm whitespace-pre-line text-stone-700">{e.detail}</p>
              : null}
            <p className="text-xs text-stone-500">{`${adminTime(e.at)}${e.by ? ` · by ${e.by}` : ""}`}</p>
            {e.raw ? <RawDetails details={e.raw} /> : null}
          </li>
        ))}
      </ol>
    </Card>
  );
}
