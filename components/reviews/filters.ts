/**
 * The reviews block's state, shared by the island and its parts: the filters a visitor picks (rating,
 * source, sort, page) with their query string, and who is viewing. Kept apart from the island so its
 * parts can name these types without importing the island.
 */
import type { MouseEvent } from "react";

export interface ReviewFilters {
  rating: number | null;
  source: "all" | "internal" | "google" | "amazon";
  sort: "recent" | "helpful" | "highest" | "lowest";
  page: number;
}

/** The signed-in customer's id (null for a visitor) and where to send a visitor to log in. */
export interface ReviewViewer {
  id: number | null;
  loginHref: string;
}

/**
 * What a filter link needs: its address (so it works without JavaScript) and the click handler that
 * loads that filter state through the API once hydrated. Spread on the link.
 */
export type FilterLink = (next: ReviewFilters) => { href: string; onClick: (e: MouseEvent) => void };

/** The query string of a filter state (defaults left out). */
export function filterQuery(f: ReviewFilters): string {
  const q = new URLSearchParams();
  if (f.rating) q.set("rating", String(f.rating));
  if (f.source !== "all") q.set("source", f.source);
  if (f.sort !== "recent") q.set("sort", f.sort);
  if (f.page > 1) q.set("page", String(f.page));
  return q.toString();
}
