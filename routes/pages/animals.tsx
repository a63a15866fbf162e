/**
 * Species profiles (docs/animals.md): GET /animals, GET /animals/{slug} with its setup checklist,
 * and the no-JavaScript forms 'Add the essentials to cart' and 'Check my cart for this animal'.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import { truncate } from "../../lib/head.tsx";
import { formRoute } from "../action.ts";
import { setFlash } from "../flash.ts";
import { renderPage } from "../render.tsx";
import { chooseAnimal, chosenAnimals, MAX_CHOSEN } from "../animal_choice.ts";
import { readOwner } from "../cart_owner.ts";
import { addEssentialsAction, allSpecies, checklistFor, speciesOfPath } from "../api/animals.ts";
import {
  cartUnits,
  type Checklist,
  productIdsFor,
  setupChecklist,
  type Species,
  speciesMatching,
  suitableSpecies,
} from "../../domains/animals/mod.ts";
import { sharedRead } from "../shared_reads.ts";
import { SpeciesIndex, SpeciesProfile } from "../../components/animals/SpeciesViews.tsx";
import { KeeperAnimalsView } from "../../components/animals/KeeperAnimalsView.tsx";
import { AccountShell } from "../../components/account/AccountShell.tsx";
import { listKeeperAnimals } from "../../domains/animals/mod.ts";
import type { AppError } from "../../lib/errors.ts";
import { currentUser, requireUser } from "../guards.ts";
import {
  ANIMAL_REMOVED,
  createKeeperAnimalAction,
  deleteKeeperAnimalAction,
  keeperAnimalsJson,
  updateKeeperAnimalAction,
} from "../api/account_animals.ts";

/**
 * The setups of the animals the shopper chose (newest first), judged against their cart: the cart
 * page's 'Your animals' setups'. Empty for a visitor without a cart or without a chosen animal.
 */
export async function chosenSetups(c: Context<AppEnv>): Promise<Checklist[]> {
  const owner = readOwner(c);
  // A signed-in keeper's recorded animals count as chosen too (after the ones chosen in this browser).
  const recorded = c.var.user ? (await listKeeperAnimals(c.var.db, c.var.user.id)).map((a) => a.species.slug) : [];
  const slugs = [...new Set([...chosenAnimals(c), ...recorded])].slice(0, MAX_CHOSEN);
  if (!owner || !slugs.length) return [];
  const bySlug = new Map((await allSpecies(c)).map((s) => [s.slug, s]));
  const chosen = slugs.flatMap((slug) => bySlug.get(slug) ?? []);
  if (!chosen.length) return [];
  const owned = await cartUnits(c.var.db, owner);
  return await Promise.all(chosen.map((s) => setupChecklist(c.var.db, s, owned)));
}

/** The species a product suits, for its page's 'Suitable for' (the same for every shopper). */
export async function suitableFor(
  c: Context<AppEnv>,
  productId: number,
): Promise<{ slug: string; commonName: string }[]> {
  const species = await sharedRead(c, `animals:suitable:${productId}`, () => suitableSpecies(c.var.db, productId));
  return species.map((s) => ({ slug: s.slug, commonName: s.commonName }));
}

/**
 * A listing's `?animal=` filter: the species and the ids of the products that suit it (bounded per
 * need, docs/animals.md); null for an unknown slug.
 */
export async function animalFilter(
  c: Context<AppEnv>,
  slug: string,
): Promise<{ species: Species; productIds: number[] } | null> {
  const species = (await allSpecies(c)).find((s) => s.slug === slug);
  if (!species) return null;
  const productIds = await sharedRead(c, `animals:ids:${slug}`, () => productIdsFor(c.var.db, species));
  return { species, productIds };
}

/** The species a search's words name ("beardie", "leo", "ball python"), for links above its results. */
export async function speciesInSearch(c: Context<AppEnv>, q: string): Promise<Species[]> {
  return q.trim() ? speciesMatching(await allSpecies(c), q) : [];
}

async function animalsIndexPage(c: Context<AppEnv>) {
  return renderPage(c, {
    head: {
      title: "Shop by Animal",
      description: "Care sheets and setup checklists for bearded dragons, leopard geckos, ball pythons and more, " +
        "with the products that fit each animal.",
      canonicalPath: "/animals",
    },
    body: <SpeciesIndex species={await allSpecies(c)} />,
  });
}

async function animalPage(c: Context<AppEnv>) {
  const species = await speciesOfPath(c);
  const list = await checklistFor(c, species);
  return renderPage(c, {
    head: {
      title: `${species.commonName} Care and Setup`,
      description: truncate(`${species.commonName} (${species.scientificName}): ${species.careSummary}`, 160),
      canonicalPath: `/animals/${species.slug}`,
    },
    body: <SpeciesProfile species={species} list={list} />,
  });
}

/** GET /account/animals: the keeper's animals with their setups' gaps, and the forms. */
async function keeperAnimalsPage(c: Context<AppEnv>) {
  const user = currentUser(c);
  const [animals, species] = await Promise.all([
    listKeeperAnimals(c.var.db, user.id).then((list) => keeperAnimalsJson(c, list)),
    allSpecies(c),
  ]);
  return renderPage(c, {
    head: { title: "My Animals", canonicalPath: "/account/animals", noindex: true },
    body: (
      <AccountShell tab="overview" greetingName={user.firstName ?? user.username} crumbs={[{ label: "My Animals" }]}>
        <KeeperAnimalsView
          animals={animals}
          species={species.map((s) => ({ slug: s.slug, commonName: s.commonName }))}
        />
      </AccountShell>
    ),
  });
}

/** A refused animal form: the reason as a toast, back to the list. */
function animalFormRefused(c: Context<AppEnv>, title: string, err: AppError) {
  setFlash(c, { title, description: err.message, variant: "destructive" });
  return c.redirect("/account/animals", 303);
}

/** Form fields as an animal's input: empty optional fields are left as they are sent (the schema clears them). */
function animalFields(fields: Record<string, string>) {
  return { species: fields.species, name: fields.name, acquiredOn: fields.acquiredOn, notes: fields.notes };
}

export function animalPages() {
  const app = new Hono<AppEnv>();
  app.use("/account/animals", requireUser());
  app.use("/account/animals/*", requireUser());
  app.get("/account/animals", keeperAnimalsPage);
  formRoute(app, createKeeperAnimalAction, {
    path: "/account/animals",
    input: animalFields,
    onSuccess: (c, output) => {
      setFlash(c, {
        title: "Animal added",
        description: `${output.name} the ${output.species.commonName.toLowerCase()} is recorded.`,
      });
      return c.redirect("/account/animals", 303);
    },
    onError: (c, err) => animalFormRefused(c, "Failed to add the animal", err),
  });
  formRoute(app, updateKeeperAnimalAction, {
    path: "/account/animals/:id",
    input: animalFields,
    onSuccess: (c, output) => {
      setFlash(c, { title: "Animal updated", description: `${output.name}'s details are saved.` });
      return c.redirect("/account/animals", 303);
    },
    onError: (c, err) => animalFormRefused(c, "Failed to update the animal", err),
  });
  formRoute(app, deleteKeeperAnimalAction, {
    path: "/account/animals/:id/delete",
    onSuccess: (c) => {
      setFlash(c, { title: "Animal removed", description: ANIMAL_REMOVED });
      return c.redirect("/account/animals", 303);
    },
    onError: (c, err) => animalFormRefused(c, "Failed to remove the animal", err),
  });
  app.get("/animals", animalsIndexPage);
  app.get("/animals/:slug", animalPage);
  formRoute(app, addEssentialsAction, {
    path: "/animals/:slug/essentials",
    onSuccess: (c, output) => {
      const n = output.added.length;
      setFlash(c, {
        title: n ? "Added to Cart" : "Nothing added",
        description: [
          n ? `${n} essential${n === 1 ? "" : "s"} added to your cart.` : "",
          ...output.skipped.map((s) => `${s.name}: ${s.message}`),
        ].filter(Boolean).join(" "),
        variant: n ? undefined : "destructive",
      });
      return c.redirect(`/animals/${c.req.param("slug")}#setup`, 303);
    },
    onError: (c, err) => {
      setFlash(c, { title: "Failed to add the essentials", description: err.message, variant: "destructive" });
      return c.redirect(c.req.param("slug") ? `/animals/${c.req.param("slug")}` : "/animals", 303);
    },
  });
  app.post("/animals/:slug/choose", async (c) => {
    const species = await speciesOfPath(c);
    chooseAnimal(c, species.slug);
    setFlash(c, {
      title: "Checking your cart",
      description: `Your cart page now shows what a ${species.commonName.toLowerCase()}'s setup still lacks.`,
    });
    return c.redirect(`/animals/${species.slug}#setup`, 303);
  });
  return app;
}
