/** /admin/recommendations: what the stored lists hold, and a button to rebuild them now. */
import type { ListSummary } from "../../domains/recommendations/mod.ts";
import { PageHeader } from "../admin/shared/PageHeader.tsx";
import { type Column, DataTable } from "../admin/shared/AdminTable.tsx";

const LABELS: Record<ListSummary["type"], string> = {
  similar_products: "Similar products (per product)",
  frequently_bought: "Frequently bought together (per product)",
  cross_sell: "Cross-sell complements (per product)",
  up_sell: "Up-sell (per product)",
  trending: "Trending, last 7 days (shop-wide)",
  category_popular: "Popular (shop-wide and per category)",
  based_on_history: "Based on browsing history (per customer)",
  personalized: "Personalized (per customer)",
};

const when = new Intl.DateTimeFormat("en-ZA", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Africa/Johannesburg",
});

const columns: Column<ListSummary>[] = [
  { header: "List", cell: (l) => LABELS[l.type] },
  { header: "Entries", align: "right", className: "tabular-nums", cell: (l) => l.entries },
  { header: "Built", className: "text-stone-600", cell: (l) => (l.builtAt ? when.format(l.builtAt) : "Never") },
];

export function RecommendationsAdmin({ lists }: { lists: ListSummary[] }) {
  return (
    <div className="space-y-6">
      <PageHeader title="Recommendations" />
      <p className="max-w-prose text-stone-700">
        The shop recomputes its recommendations every 30 minutes from product views and paid orders. Rebuild now after a
        large catalogue change; a product whose lists were never built gets them computed when its page is opened.
      </p>
      <form method="post" action="/admin/recommendations/rebuild">
        <button type="submit" className="rounded-lg bg-green-800 px-4 py-2 font-semibold text-white hover:bg-green-900">
          Rebuild recommendations
        </button>
      </form>
      <DataTable
        className=""
        minWidth="28rem"
        columns={columns}
        rows={lists.map((l) => ({ ...l, id: l.type }))}
      />
    </div>
  );
}
