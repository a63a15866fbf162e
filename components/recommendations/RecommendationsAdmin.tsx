/** /admin/recommendations: what the stored lists hold, and a button to rebuild them now. */
import type { ListSummary } from "../../domains/recommendations/mod.ts";
import { PageHeader } from "../admin/shared/PageHeader.tsx";

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
      <div className="overflow-x-auto rounded-xl border border-stone-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-stone-50 text-stone-600">
            <tr>
              <th scope="col" className="px-4 py-2 font-semibold">List</th>
              <th scope="col" className="px-4 py-2 text-right font-semibold">Entries</th>
              <th scope="col" className="px-4 py-2 font-semibold">Built</th>
            </tr>
          </thead>
          <tbody>
            {lists.map((l) => (
              <tr key={l.type} className="border-t border-stone-100">
                <td className="px-4 py-2">{LABELS[l.type]}</td>
                <td className="px-4 py-2 text-right tabular-nums">{l.entries}</td>
                <td className="px-4 py-2 text-stone-600">{l.builtAt ? when.format(l.builtAt) : "Never"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
