import assert from "node:assert/strict";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { createProduct } from "../../tests/helpers/factories.ts";
import type { Db } from "../../db/client.ts";
import { countMatches } from "./mod.ts";
import { rankByRelevance } from "./relevance.ts";
import { onStorefront } from "./visibility.ts";

const { test, closeDatabase } = useTestDatabase();

/** Products that mention geckos in their description only, written first so the table holds them first. */
async function describedOnly(db: Db, n: number) {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const p = await createProduct(db, {
      name: `Cork Round ${i}`,
      description: "A cork round for gecko and gecko-friendly vivaria; geckos climb it.",
    });
    ids.push(p.id);
  }
  return ids;
}

async function named(db: Db, names: string[]) {
  const ids: number[] = [];
  for (const name of names) ids.push((await createProduct(db, { name, description: "For leopard geckos." })).id);
  return ids;
}

test("[search] a broad search ranks its name matches first and says more match", async (db) => {
  await describedOnly(db, 4);
  const byName = await named(db, ["Gecko Hide", "Gecko Bowl", "Gecko Ledge"]);
  const ranked = await rankByRelevance(db, "gecko", onStorefront(), 1, 10, 3);
  // The three ranked are the name matches, though the table holds the description matches first.
  assert.deepEqual(ranked.ids.toSorted(), byName.toSorted());
  assert.equal(ranked.total, 3);
  assert.equal(ranked.capped, true);
});

test("[search] with no more matches than the cap, every match is ranked and counted exactly", async (db) => {
  const described = await describedOnly(db, 2);
  const byName = await named(db, ["Gecko Hide", "Gecko Bowl"]);
  const ranked = await rankByRelevance(db, "gecko", onStorefront(), 1, 10, 4);
  assert.equal(ranked.capped, false);
  assert.equal(ranked.total, await countMatches(db, { q: "gecko" }));
  assert.equal(ranked.total, 4);
  // Name matches outrank description matches, ties by name.
  assert.deepEqual(ranked.ids, [byName[1], byName[0], ...described]);
  assert.deepEqual(ranked, await rankByRelevance(db, "gecko", onStorefront(), 1, 10));
});

test("[search] a typo finds its match through the trigram tier", async (db) => {
  const [glass] = await named(db, ["Glass Terrarium"]);
  // "terarium" has no text match (no word starts with it); the trigram tier finds the terrarium.
  const typo = await rankByRelevance(db, "terarium", onStorefront(), 1, 10, 5);
  assert.deepEqual(typo, { ids: [glass], total: 1, capped: false });
});

test("[search] a page past the ranked matches is empty but still counts them", async (db) => {
  await named(db, ["Gecko Hide", "Gecko Bowl", "Gecko Ledge", "Gecko Cave"]);
  const past = await rankByRelevance(db, "gecko", onStorefront(), 3, 2, 3);
  assert.deepEqual(past, { ids: [], total: 3, capped: true });
  const second = await rankByRelevance(db, "gecko", onStorefront(), 2, 2, 3);
  assert.equal(second.ids.length, 1);
});

test("[search] the filter's conditions hold in every tier (archived products stay out)", async (db) => {
  const [kept] = await named(db, ["Gecko Hide"]);
  await createProduct(db, { name: "Gecko Old Hide", archivedAt: new Date() });
  await createProduct(db, { name: "Old Terrarium", archivedAt: new Date() });
  assert.deepEqual(await rankByRelevance(db, "gecko", onStorefront(), 1, 10, 1), {
    ids: [kept],
    total: 1,
    capped: false,
  });
  assert.deepEqual(await rankByRelevance(db, "terarium", onStorefront(), 1, 10, 1), {
    ids: [],
    total: 0,
    capped: false,
  });
});

test("[search] text without a searchable word ranks nothing", async (db) => {
  await named(db, ["Gecko Hide"]);
  assert.deepEqual(await rankByRelevance(db, "!!", onStorefront(), 1, 10), { ids: [], total: 0, capped: false });
});

closeDatabase();
