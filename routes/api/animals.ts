/**
 * Species profiles and setup checklists (docs/animals.md): GET /api/animals, GET /api/animals/{slug},
 * GET /api/animals/{slug}/setup (judged against the visitor's cart when they have one) and
 * POST /api/animals/{slug}/essentials ('Add the essentials to cart').
 */
import type { Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import {
  cartUnits,
  getSpecies,
  listSpecies,
  setupChecklist,
  type Species,
  speciesCandidates,
  type Unit,
} from "../../domains/animals/mod.ts";
import { addToCart } from "../../domains/cart/mod.ts";
import { AppError } from "../../lib/errors.ts";
import { actionApi, defineAction } from "../action.ts";
import { readOwner, writeOwner } from "../cart_owner.ts";
import { chooseAnimal } from "../animal_choice.ts";
import { sharedRead } from "../shared_reads.ts";
import {
  addEssentialsOutput,
  setupChecklist as setupChecklistSchema,
  speciesProfile,
  speciesSummary,
} from "../../contract/animals.ts";
import { checklistJson, speciesProfileJson, speciesSummaryJson } from "./animals_json.ts";
import { currentCart } from "./cart_actions.ts";

/** Every profile, read once per request however many parts of a page ask. */
export function allSpecies(c: Context<AppEnv>): Promise<Species[]> {
  return sharedRead(c, "animals:all", () => listSpecies(c.var.db));
}

/** The profile named by the path's slug; 404 'Species not found' for an unknown one. */
export function speciesOfPath(c: Context<AppEnv>): Promise<Species> {
  return getSpecies(c.var.db, c.req.param("slug") ?? "");
}

/**
 * The species' checklist judged against `owned`, its candidates kept like the catalogue's reads
 * (the same for every shopper; dropped by a staff write).
 */
export async function checklistOf(c: Context<AppEnv>, s: Species, owned: Unit[] | null) {
  const pool = await sharedRead(c, `animals:pool:${s.slug}`, () => speciesCandidates(c.var.db, s));
  return await setupChecklist(c.var.db, s, owned, pool);
}

/** The species' checklist, judged against the visitor's cart when they have a session. */
export async function checklistFor(c: Context<AppEnv>, s: Species) {
  const owner = readOwner(c);
  return await checklistOf(c, s, owner ? await cartUnits(c.var.db, owner) : null);
}

export const listAnimalsAction = defineAction({
  method: "get",
  path: "/animals",
  input: undefined,
  output: z.array(speciesSummary),
  auth: "public",
  summary: "Every species profile (summary), in display order",
  handler: async (c) => (await allSpecies(c)).map(speciesSummaryJson),
});

export const getAnimalAction = defineAction({
  method: "get",
  path: "/animals/:slug",
  input: undefined,
  output: speciesProfile,
  auth: "public",
  summary: "One species profile: sizes, temperatures, humidity, UVB, minimum enclosure, care and legal notes",
  handler: async (c) => speciesProfileJson(await speciesOfPath(c)),
});

export const animalSetupAction = defineAction({
  method: "get",
  path: "/animals/:slug/setup",
  input: undefined,
  output: setupChecklistSchema,
  auth: "public",
  summary: "The species' setup checklist: each need with its reason and fitting in-stock products; with a cart, " +
    "each need covered, unsuitable (why) or missing",
  handler: async (c) => checklistJson(await checklistFor(c, await speciesOfPath(c))),
});

export const addEssentialsAction = defineAction({
  method: "post",
  path: "/animals/:slug/essentials",
  input: undefined,
  output: addEssentialsOutput,
  auth: "public",
  summary: "Add one of each essential the visitor's cart still lacks for the species (the server chooses them)",
  handler: async (c) => {
    const species = await speciesOfPath(c);
    const owner = await writeOwner(c);
    const list = await setupChecklist(c.var.db, species, await cartUnits(c.var.db, owner));
    const added: { productId: number; variantId: number | null; name: string }[] = [];
    const skipped: { name: string; message: string }[] = [];
    for (const e of list.essentials) {
      try {
        const line = await addToCart(c.var.db, owner, { productId: e.productId, variantId: e.variantId, quantity: 1 });
        added.push({ productId: e.productId, variantId: e.variantId, name: line.name });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        skipped.push({ name: e.name, message: err.message });
      }
    }
    chooseAnimal(c, species.slug);
    return { added, skipped, cart: await currentCart(c) };
  },
});

export const chooseAnimalAction = defineAction({
  method: "post",
  path: "/animals/:slug/choose",
  input: undefined,
  output: z.object({ slug: z.string(), commonName: z.string() }),
  auth: "public",
  summary: "Remember a species the shopper is setting up, so the cart shows what its setup still lacks (a cookie)",
  handler: async (c) => {
    const species = await speciesOfPath(c);
    chooseAnimal(c, species.slug);
    return { slug: species.slug, commonName: species.commonName };
  },
});

export function animalApi() {
  return actionApi("/animals", [
    listAnimalsAction,
    getAnimalAction,
    animalSetupAction,
    addEssentialsAction,
    chooseAnimalAction,
  ]);
}
