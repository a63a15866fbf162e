/**
 * SQL for product text search: PostgreSQL full-text search (name above brand above category above
 * description, every word as a prefix) OR trigram word similarity on name and brand, so typos and
 * partial words still match ("terarium" finds terrariums, "exo ter" finds Exo Terra).
 */
import { type SQL, sql } from "drizzle-orm";
import { categories, products } from "../../db/schema/mod.ts";

/** Minimum pg_trgm word_similarity for a typo match. */
const TRIGRAM_THRESHOLD = 0.45;

/** Lower-case words of letters and digits, at most 8: safe to build a tsquery from. */
export function searchTerms(q: string): string[] {
  return (q.toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "").match(/[a-z0-9]+/g) ?? [])
    .slice(0, 8);
}

/** Words keepers use for the same thing; a search for one also finds the others. */
const SYNONYMS: string[][] = [
  ["vivarium", "terrarium", "enclosure", "viv", "tank"],
  ["bulb", "lamp", "globe"],
  ["substrate", "bedding"],
  ["hide", "cave"],
  ["mister", "fogger", "sprayer"],
  ["tortoise", "turtle"],
  ["uv", "uvb"],
];

/**
 * One-way: a keeper asking for a UVB bulb or lamp also wants the UVB tubes, but one asking for a
 * tube (a cork bark tube, say) does not want every lamp.
 */
const BROADER = new Map<string, string[]>([["bulb", ["tube"]], ["lamp", ["tube"]], ["globe", ["tube"]]]);

function alternatives(term: string): string[] {
  const group = SYNONYMS.find((g) => g.includes(term)) ?? [term];
  return [term, ...group.filter((w) => w !== term), ...(BROADER.get(term) ?? [])];
}

function tsQuery(terms: string[]): SQL {
  const text = terms.map((t) => `(${alternatives(t).map((w) => `${w}:*`).join(" | ")})`).join(" & ");
  return sql`to_tsquery('english', ${text})`;
}

function document(): SQL {
  return sql`(${products.searchVector} || setweight(to_tsvector('english', coalesce(${categories.name}, '')), 'C'))`;
}

function trigramText(): SQL {
  return sql`lower(${products.name} || ' ' || coalesce(${products.brand}, ''))`;
}

/** The WHERE condition for a search; null when the text has no searchable word. */
export function searchCondition(q: string): SQL | null {
  const terms = searchTerms(q);
  if (!terms.length) return null;
  return sql`(${document()} @@ ${tsQuery(terms)} or word_similarity(${
    terms.join(" ")
  }, ${trigramText()}) >= ${TRIGRAM_THRESHOLD})`;
}

/** Relevance: full-text rank (weighted) plus trigram similarity, higher is better; null without words. */
export function searchRank(q: string): SQL | null {
  const terms = searchTerms(q);
  if (!terms.length) return null;
  return sql`(ts_rank_cd(${document()}, ${tsQuery(terms)}, 32) * 4 + word_similarity(${
    terms.join(" ")
  }, ${trigramText()}))`;
}
