/**
 * SQL for product text search: PostgreSQL full-text search (name above brand above category above
 * description, every word as a prefix) OR trigram word similarity on name and brand, so typos and
 * partial words still match ("terarium" finds terrariums, "exo ter" finds Exo Terra).
 */
import { asc, desc, type SQL, sql } from "drizzle-orm";
import { products } from "../../db/schema/mod.ts";
import { TRIGRAM_WORD_THRESHOLD } from "../../db/client.ts";

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

/** The stored search document: name, brand, category name and description (migration 0015). */
function document(): SQL {
  return sql`${products.searchVector}`;
}

function trigramText(): SQL {
  return sql`lower(${products.name} || ' ' || coalesce(${products.brand}, ''))`;
}

/** A search's name and brand document (indexed by migration 0016): words in the name or brand only. */
function titleDocument(): SQL {
  return sql`(to_tsvector('english', ${products.name}) || to_tsvector('simple', coalesce(${products.brand}, '')))`;
}

/**
 * A search's matches in three tiers, each answered by its own index: `title`, the words in the name
 * or brand; `text`, the words anywhere in the search document (a superset of `title`); `typo`, the
 * name and brand close to the words by trigram similarity. A product matches when `text` or `typo`
 * holds; a broad search ranks its matches tier by tier (decision 0054). Null without words.
 */
export function searchTiers(q: string): { title: SQL; text: SQL; typo: SQL } | null {
  const terms = searchTerms(q);
  if (!terms.length) return null;
  const words = terms.join(" ");
  const query = tsQuery(terms);
  return {
    title: sql`${titleDocument()} @@ ${query}`,
    text: sql`${document()} @@ ${query}`,
    // `<%` is word_similarity >= the session's threshold (every connection sets it to ours,
    // db/client.ts) and the trigram index can answer it; the explicit comparison keeps the rule
    // exact should a session's threshold be lower.
    typo:
      sql`(${words} <% ${trigramText()} and word_similarity(${words}, ${trigramText()}) >= ${TRIGRAM_WORD_THRESHOLD})`,
  };
}

/** The WHERE condition for a search; null when the text has no searchable word. */
export function searchCondition(q: string): SQL | null {
  const tiers = searchTiers(q);
  return tiers && sql`(${tiers.text} or ${tiers.typo})`;
}

/** Relevance: full-text rank (weighted) plus trigram similarity, higher is better; null without words. */
function searchRank(q: string): SQL | null {
  const terms = searchTerms(q);
  if (!terms.length) return null;
  return sql`(ts_rank_cd(${document()}, ${tsQuery(terms)}, 32) * 4 + word_similarity(${
    terms.join(" ")
  }, ${trigramText()}))`;
}

/** Best match first, ties by name then id; null without words. */
export function relevanceOrder(q: string): SQL[] | null {
  const rank = searchRank(q);
  return rank && [desc(rank), asc(products.name), asc(products.id)];
}
