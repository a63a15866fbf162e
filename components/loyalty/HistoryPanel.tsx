/**
 * The loyalty page's "Points History" panel: each credit and debit of the ledger, newest first, with
 * how long ago (the exact date on hover) and the signed points.
 */
import type { LedgerEntry } from "../../domains/loyalty/mod.ts";
import { formatDate, relativeTime, signedPoints } from "./format.ts";
import { NoneYet } from "./LoyaltyFrame.tsx";
import { textLink } from "./styles.ts";

export function HistoryPanel({ history, now }: { history: LedgerEntry[]; now: Date }) {
  if (!history.length) {
    return (
      <NoneYet>
        No points yet. You earn 1 point for every R1 you spend.{" "}
        <a href="/products" className={textLink}>Start shopping</a>
      </NoneYet>
    );
  }
  return (
    <ul className="divide-y divide-stone-100" data-points-history>
      {history.map((e) => (
        <li key={e.id} className="flex items-center justify-between gap-4 py-3">
          <div className="min-w-0">
            <p className="font-medium text-stone-900">{e.reason}</p>
            <time
              dateTime={e.createdAt.toISOString()}
              title={formatDate(e.createdAt)}
              className="text-xs text-stone-500"
            >
              {relativeTime(e.createdAt, now)}
            </time>
          </div>
          <span
            className={`shrink-0 font-bold tabular-nums ${e.points < 0 ? "text-red-700" : "text-green-800"}`}
            data-signed-points
          >
            {signedPoints(e.points)}
          </span>
        </li>
      ))}
    </ul>
  );
}
