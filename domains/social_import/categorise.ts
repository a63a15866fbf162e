/**
 * Guessing a shop category for an imported product from words: the item's name, its Meta
 * `product_type` and `category` against each shop category's name (weighs 2) and description
 * (weighs 1). A guess needs a score of 2 (one name word, or two description words); otherwise the
 * product stays without a category and the import says how many did, for staff to sort out.
 */

const STOP = new Set([
  "and",
  "the",
  "for",
  "with",
  "your",
  "that",
  "them",
  "than",
  "more",
  "from",
  "into",
  "every",
  "should",
  "through",
  "especially",
  "plus",
  "before",
  "between",
  "make",
  "sure",
  "have",
  "lined",
  "their",
  "own",
  "reptile",
  "reptiles",
  "animal",
  "animals",
  "species",
  "keeper",
  "keepers",
  "popular",
  "chosen",
  "needs",
  "need",
  "pick",
  "always",
  "anything",
  "minor",
  "problem",
  "simplest",
  "prevent",
  "well",
  "less",
  "sizes",
  "size",
  "adult",
  "large",
  "rather",
  "supplies",
]);

/**
 * Lower-case word stems: plural "s"/"es" dropped, at most six letters ("terraria", "terrarium" ->
 * "terrar"; "dishes" -> "dish").
 */
export function stems(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of text.toLowerCase().normalize("NFKD").match(/[a-z0-9]+/g) ?? []) {
    if (word.length < 3 || STOP.has(word) || /^\d/.test(word)) continue;
    out.add(word.replace(/(sh|ch|x|ss)es$/, "$1").replace(/(?<=[a-z]{2}[^s])s$/, "").slice(0, 6));
  }
  return out;
}

export interface CategoryWords {
  id: number;
  name: string;
  description: string | null;
}

/** Prepares the categories once per import. */
export function categoryMatcher(categories: CategoryWords[]) {
  const prepared = categories.map((c) => ({ id: c.id, name: stems(c.name), words: stems(c.description ?? "") }));
  /** The best category id for these texts, or null when nothing scores 2. */
  return function match(...texts: (string | undefined | null)[]): number | null {
    const words = stems(texts.filter(Boolean).join(" "));
    let best: { id: number; score: number } | null = null;
    for (const c of prepared) {
      let score = 0;
      for (const w of words) score += c.name.has(w) ? 2 : c.words.has(w) ? 1 : 0;
      if (score >= 2 && (!best || score > best.score)) best = { id: c.id, score };
    }
    return best?.id ?? null;
  };
}
