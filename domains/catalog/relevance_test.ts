import assert from "node:assert/strict";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { createProduct } from "../../tests/helpers/factories.ts";
import type { Db } from "../../db/client.ts";
import { asc, eq } from "drizzle-orm";
import { products } from "../../db/schema/mod.ts";
import { countMatches } from "./mod.ts";
import { searchPageIds } from "./relevance.ts";
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
  const ranked = await searchPageIds(db, { q: "gecko", where: onStorefront(), page: 1, limit: 10, cap: 3 });
  // The three ranked are the name matches, though the table holds the description matches first.
  assert.deepEqual(ranked.ids.toSorted(), byName.toSorted());
  assert.equal(ranked.total, 3);
  assert.equal(ranked.capped, true);
});

test("[search] with no more matches than the cap, every match is ranked and counted exactly", async (db) => {
  const described = await describedOnly(db, 2);
  const byName = await named(db, ["Gecko Hide", "Gecko Bowl"]);
  const ranked = await searchPageIds(db, { q: "gecko", where: onStorefront(), page: 1, limit: 10, cap: 4 });
  assert.equal(ranked.capped, false);
  assert.equal(ranked.total, await countMatches(db, { q: "gecko" }));
  assert.equal(ranked.total, 4);
  // Name matches outrank description matches, ties by name.
  assert.deepEqual(ranked.ids, [byName[1], byName[0], ...described]);
  assert.deepEqual(ranked, await searchPageIds(db, { q: "gecko", where: onStorefront(), page: 1, limit: 10 }));
});

test("[search] a typo finds its match through the trigram tier", async (db) => {
  const [glass] = await named(db, ["Glass Terrarium"]);
  // "terarium" has no text match (no word starts with it); the trigram tier finds the terrarium.
  const typo = await searchPageIds(db, { q: "terarium", where: onStorefront(), page: 1, limit: 10, cap: 5 });
  assert.deepEqual(typo, { ids: [glass], total: 1, capped: false });
});

test("[search] a page past the ranked matches is empty but still counts them", async (db) => {
  await named(db, ["Gecko Hide", "Gecko Bowl", "Gecko Ledge", "Gecko Cave"]);
  const past = await searchPageIds(db, { q: "gecko", where: onStorefront(), page: 3, limit: 2, cap: 3 });
  assert.deepEqual(past, { ids: [], total: 3, capped: true });
  const second = await searchPageIds(db, { q: "gecko", where: onStorefront(), page: 2, limit: 2, cap: 3 });
  assert.equal(second.ids.length, 1);
});

test("[search] the filter's conditions hold in every tier (archived products stay out)", async (db) => {
  const [kept] = await named(db, ["Gecko Hide"]);
  await createProduct(db, { name: "Gecko Old Hide", archivedAt: new Date() });
  await createProduct(db, { name: "Old Terrarium", archivedAt: new Date() });
  assert.deepEqual(await searchPageIds(db, { q: "gecko", where: onStorefront(), page: 1, limit: 10, cap: 1 }), {
    ids: [kept],
    total: 1,
    capped: false,
  });
  assert.deepEqual(await searchPageIds(db, { q: "terarium", where: onStorefront(), page: 1, limit: 10, cap: 1 }), {
    ids: [],
    total: 0,
    capped: false,
  });
});

test("[search] text without a searchable word ranks nothing", async (db) => {
  await named(db, ["Gecko Hide"]);
  assert.deepEqual(await searchPageIds(db, { q: "!!", where: onStorefront(), page: 1, limit: 10 }), {
    ids: [],
    total: 0,
    capped: false,
  });
});

test("[search] a search sorted by price sorts the same candidates the ranking reads", async (db) => {
  await describedOnly(db, 4); // R100 each, cheaper than the name matches below
  const [hide, bowl, ledge] = await named(db, ["Gecko Hide", "Gecko Bowl", "Gecko Ledge"]);
  await db.update(products).set({ price: "300.00" }).where(eq(products.id, hide));
  await db.update(products).set({ price: "200.00" }).where(eq(products.id, bowl));
  await db.update(products).set({ price: "250.00" }).where(eq(products.id, ledge));
  const byPrice = [asc(products.price), asc(products.id)];
  const cheapest = await searchPageIds(db, {
    q: "gecko",
    where: onStorefront(),
    page: 1,
    limit: 10,
    cap: 3,
    order: byPrice,
  });
  // The cheaper description matches are beyond the three ranked; the count is the ranking's.
  assert.deepEqual(cheapest, { ids: [bowl, ledge, hide], total: 3, capped: true });
  const all = await searchPageIds(db, { q: "gecko", where: onStorefront(), page: 2, limit: 2, order: byPrice });
  assert.equal(all.total, 7);
  assert.equal(all.ids.length, 2);
});

closeDatabase();
