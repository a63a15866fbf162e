/**
 * The reviews block's navigation: the source tabs (only when there is a choice to make), the sort
 * links and the pager. Every one is a link to the filtered page, so it works without JavaScript.
 */
import type { ReviewPageJson } from "../../domains/reviews/json.ts";
import type { FilterLink, ReviewFilters } from "./filters.ts";
import { SORT_LABELS, SOURCE_LABELS } from "./parts.tsx";

const pill = (active: boolean) =>
  `inline-flex items-center gap-1 rounded-full border px-3 py-1.5 text-sm font-medium ${
    active
      ? "border-green-800 bg-green-800 text-white"
      : "border-stone-300 bg-white text-stone-800 hover:border-stone-400 hover:bg-stone-50"
  }`;

export function SourceTabs(
  { summary, state, to }: { summary: ReviewPageJson["summary"]; state: ReviewFilters; to: FilterLink },
) {
  // A source tab only when that source has reviews; the group only when there is a choice to make.
  const sourceTabs = (["internal", "google", "amazon"] as const).filter((s) => (summary.sources?.[s] ?? 0) > 0);
  if (!(sourceTabs.length > 1 || state.source !== "all")) return null;
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2" role="group" aria-label="Review source">
      {(["all", ...sourceTabs] as const).map((source) => {
        const next = { ...state, source, page: 1 };
        return (
          <a
            key={source}
            {...to(next)}
            className={pill(state.source === source)}
            aria-current={state.source === source ? "true" : undefined}
          >
            {SOURCE_LABELS[source]}
          </a>
        );
      })}
    </div>
  );
}

export function SortLinks({ state, to }: { state: ReviewFilters; to: FilterLink }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" role="group" aria-label="Sort reviews">
      <span className="text-stone-600">Sort:</span>
      {(["recent", "helpful", "highest", "lowest"] as const).map((sort) => {
        const next = { ...state, sort, page: 1 };
        return (
          <a
            key={sort}
            {...to(next)}
            aria-current={state.sort === sort ? "true" : undefined}
            className={state.sort === sort
              ? "font-semibold text-green-800 underline underline-offset-4"
              : "text-stone-700 hover:underline"}
          >
            {SORT_LABELS[sort]}
          </a>
        );
      })}
    </div>
  );
}

/** Previous or Next, or an empty span holding its place at either end. */
function PageLink(
  { page, state, to, label }: { page: number | null; state: ReviewFilters; to: FilterLink; label: string },
) {
  return page === null ? <span /> : <a className={pill(false)} {...to({ ...state, page })}>{label}</a>;
}

export function Pager(
  { state, page, pageCount, to }: { state: ReviewFilters; page: number; pageCount: number; to: FilterLink },
) {
  if (pageCount <= 1) return null;
  return (
    <nav className="mt-6 flex items-center justify-between text-sm" aria-label="Review pages">
      <PageLink page={state.page > 1 ? state.page - 1 : null} state={state} to={to} label="← Previous" />
      <span className="text-stone-600">Page {page} of {pageCount}</span>
      <PageLink page={state.page < pageCount ? state.page + 1 : null} state={state} to={to} label="Next →" />
    </nav>
  );
}
