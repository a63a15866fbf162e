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
import { chosenAnimals, MAX_CHOSEN } from "../animal_choice.ts";
import { readOwner } from "../cart_owner.ts";
import {
  addEssentialsAction,
  allSpecies,
  checklistFor,
  checklistOf,
  chooseAnimalAction,
  speciesOfPath,
} from "../api/animals.ts";
import {
  cartUnits,
  type Checklist,
  productIdsFor,
  type Species,
  speciesMatching,
  suitableSpecies,
} from "../../domains/animals/mod.ts";
import { sharedRead } from "../shared_reads.ts";
import { SpeciesIndex, SpeciesProfile } from "../../components/animals/SpeciesViews.tsx";
import { KeeperAnimalsView } from "../../components/animals/KeeperAnimalsView.tsx";
import { AccountShell } from "../../components/account/AccountShell.tsx";
import {
  type DueReplacement,
  dueReplacements,
  listKeeperAnimals,
  REMINDER_KINDS,
  type ReminderKind,
  remindersOn,
} from "../../domains/animals/mod.ts";
import { primaryButton } from "../../components/ui/buttons.ts";
import type { AppError } from "../../lib/errors.ts";
import { currentUser, requireUser } from "../guards.ts";
import {
  ANIMAL_REMOVED,
  createKeeperAnimalAction,
  deleteKeeperAnimalAction,
  keeperAnimalsJson,
  setRemindersAction,
  unsubscribeRemindersAction,
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
  return await Promise.all(chosen.map((s) => checklistOf(c, s, owned)));
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
  const [animals, species, reminders, due] = await Promise.all([
    listKeeperAnimals(c.var.db, user.id).then((list) => keeperAnimalsJson(c, list)),
    allSpecies(c),
    remindersOn(c.var.db, user.id),
    dueReplacements(c.var.db, user.id),
  ]);
  return renderPage(c, {
    head: { title: "My Animals", canonicalPath: "/account/animals", noindex: true },
    body: (
      <AccountShell tab="overview" greetingName={user.firstName ?? user.username} crumbs={[{ label: "My Animals" }]}>
        <KeeperAnimalsView
          animals={animals}
          species={species.map((s) => ({ slug: s.slug, commonName: s.commonName }))}
        />
        <RemindersSetting on={reminders} due={due} />
      </AccountShell>
    ),
  });
}

export interface KeeperSummary {
  animals: { name: string; commonName: string; gaps: number }[];
  due: number;
}

/**
 * For the home page: a signed-in keeper's animals with what their setups lack and how many bought
 * consumables are due for replacement; null for a visitor or a customer with no recorded animal.
 */
export async function keeperSummary(c: Context<AppEnv>): Promise<KeeperSummary | null> {
  const user = c.var.user;
  if (!user) return null;
  const animals = await listKeeperAnimals(c.var.db, user.id);
  if (!animals.length) return null;
  const [json, due] = await Promise.all([keeperAnimalsJson(c, animals), dueReplacements(c.var.db, user.id)]);
  return {
    animals: json.map((a) => ({ name: a.name, commonName: a.species.commonName, gaps: a.setup.gaps })),
    due: due.length,
  };
}

/** The home page's note to a keeper: each animal's gaps and what is due, linking to My Animals. */
export function KeeperNote({ summary }: { summary: KeeperSummary }) {
  return (
    <section aria-labelledby="keeper-note" className="mx-auto my-6 max-w-7xl px-4">
      <div className="rounded-xl border border-green-200 bg-green-50 p-4 text-sm text-green-950">
        <h2 id="keeper-note" className="font-bold">Your animals</h2>
        <ul className="mt-1">
          {summary.animals.map((a, i) => (
            <li key={i}>
              {a.gaps
                ? `${a.name} (${a.commonName.toLowerCase()}): the setup still lacks ${a.gaps} essential${
                  a.gaps === 1 ? "" : "s"
                }.`
                : `${a.name} (${a.commonName.toLowerCase()}): every essential is bought or in your cart.`}
            </li>
          ))}
          {summary.due
            ? <li>{`${summary.due} item${summary.due === 1 ? " is" : "s are"} due for replacement.`}</li>
            : null}
        </ul>
        <a href="/account/animals" className="mt-2 inline-block font-semibold underline">See My Animals</a>
      </div>
    </section>
  );
}

/** The keeper's replacement reminders switch (a plain form). */
const paidDate = new Intl.DateTimeFormat("en-ZA", { dateStyle: "long", timeZone: "Africa/Johannesburg" });

function RemindersSetting({ on, due }: { on: boolean; due: DueReplacement[] }) {
  return (
    <section aria-labelledby="reminders" className="mt-6 rounded-xl border border-stone-200 bg-white p-4">
      <h2 id="reminders" className="scroll-mt-32 text-lg font-bold">Replacement reminders</h2>
      {due.length
        ? (
          <div className="mt-2 text-sm">
            <h3 className="font-semibold text-amber-900">Due for replacement</h3>
            <ul className="mt-1 list-disc pl-5">
              {due.map((d) => (
                <li key={`${d.productId}-${d.paidAt.getTime()}`}>
                  {`${d.productName}, bought ${paidDate.format(d.paidAt)} (replace every ${d.months} months): `}
                  <a href={`/cart?product=${d.productId}`} className="font-semibold text-green-900 underline">
                    {`Reorder ${d.productName}`}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )
        : null}
      <p className="mt-1 text-sm text-stone-700">
        {on
          ? "On: we e-mail you when something you bought (a UVB tube, a basking lamp) is due for replacement."
          : "Off: we send no replacement reminders."}
      </p>
      <form method="post" action="/account/reminders" className="mt-3">
        <input type="hidden" name="on" value={on ? "0" : "1"} />
        <button type="submit" className={primaryButton}>{on ? "Turn reminders off" : "Turn reminders on"}</button>
      </form>
    </section>
  );
}

/** What each kind of reminder's switch and unsubscribe page say, and where its switch is. */
const REMINDER_TEXTS: Record<ReminderKind, {
  title: string;
  ask: string;
  done: string;
  invalid: string;
  /** The unsubscribe page's button. */
  button: string;
  switchAt: string;
  switched: (on: boolean) => { title: string; description: string };
}> = {
  replacement: {
    title: "Replacement reminders",
    ask: "Stop e-mails reminding you to replace what wears out?",
    done: "Replacement reminders are off. You can turn them on again in your account, under My Animals.",
    invalid: "This link is not valid. You can turn reminders off in your account, under My Animals.",
    button: "Turn reminders off",
    switchAt: "/account/animals#reminders",
    switched: (on) => ({
      title: on ? "Reminders on" : "Reminders off",
      description: on ? "We will remind you." : "No more reminders.",
    }),
  },
  cart: {
    title: "Cart reminders",
    ask: "Stop e-mails about items left in your cart?",
    done: "Cart reminders are off. You can turn them on again in your account, under Settings.",
    invalid: "This link is not valid. You can turn cart reminders off in your account, under Settings.",
    button: "Turn cart reminders off",
    switchAt: "/account?tab=settings#cart-reminders",
    switched: (on) => ({
      title: on ? "Cart reminders on" : "Cart reminders off",
      description: on ? "We will e-mail you about items left in your cart." : "No more e-mails about your cart.",
    }),
  },
  price: {
    title: "Wishlist price drops",
    ask: "Stop e-mails when the price of something on your wishlist drops?",
    done: "Price-drop e-mails are off. You can turn them on again in your account, under Settings.",
    invalid: "This link is not valid. You can turn price-drop e-mails off in your account, under Settings.",
    button: "Turn price-drop e-mails off",
    switchAt: "/account?tab=settings#price-alerts",
    switched: (on) => ({
      title: on ? "Price-drop e-mails on" : "Price-drop e-mails off",
      description: on
        ? "We will e-mail you when something on your wishlist drops in price."
        : "No more e-mails about wishlist prices.",
    }),
  },
};

/** The kind an unsubscribe link names (none: replacement reminders, as links before cart reminders), or null. */
function kindOf(raw: string | undefined): ReminderKind | null {
  if (raw === undefined || raw === "") return "replacement";
  return (REMINDER_KINDS as readonly string[]).includes(raw) ? raw as ReminderKind : null;
}

/** The page of an unsubscribe link: confirm (GET) or done (POST); a bad link says so. */
function unsubscribePage(
  c: Context<AppEnv>,
  kind: ReminderKind,
  token: string,
  state: "confirm" | "done" | "invalid",
  status: 200 | 400 = 200,
) {
  const texts = REMINDER_TEXTS[kind];
  return renderPage(c, {
    status,
    head: { title: texts.title, canonicalPath: "/reminders/unsubscribe", noindex: true },
    body: (
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">{texts.title}</h1>
        {state === "confirm"
          ? (
            <form method="post" action="/reminders/unsubscribe" className="mt-6">
              <input type="hidden" name="token" value={token} />
              <input type="hidden" name="kind" value={kind} />
              <p className="text-stone-700">{texts.ask}</p>
              <button type="submit" className={`${primaryButton} mt-4`}>
                {texts.button}
              </button>
            </form>
          )
          : <p className="mt-4 text-stone-700" role="status">{state === "done" ? texts.done : texts.invalid}</p>}
      </section>
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
  app.use("/account/reminders", requireUser());
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
  // The twin of PUT /api/account/reminders (the account page's switch posts on=1 or on=0).
  formRoute(app, setRemindersAction, {
    path: "/account/reminders",
    input: (fields) => ({ on: fields.on === "1", kind: fields.kind || undefined }),
    onSuccess: (c, { on, kind }) => {
      setFlash(c, REMINDER_TEXTS[kind].switched(on));
      return c.redirect(REMINDER_TEXTS[kind].switchAt, 303);
    },
    onError: (_c, err) => {
      throw err;
    },
  });
  app.get("/reminders/unsubscribe", (c) => {
    const token = c.req.query("token") ?? "";
    const kind = kindOf(c.req.query("kind"));
    const valid = kind !== null && /^[a-z2-7]{16,64}$/.test(token);
    return unsubscribePage(c, kind ?? "replacement", token, valid ? "confirm" : "invalid");
  });
  // The link's one click (also what a mail client's List-Unsubscribe-Post would send: the token
  // and kind are then in the query string). The twin of POST /api/reminders/unsubscribe.
  const kindAsked = (fields: Record<string, string>, c: Context<AppEnv>) =>
    kindOf(fields.kind ?? c.req.query("kind")) ?? "replacement";
  formRoute(app, unsubscribeRemindersAction, {
    path: "/reminders/unsubscribe",
    input: (fields, c) => ({
      token: fields.token ?? c.req.query("token") ?? "",
      kind: fields.kind ?? c.req.query("kind"),
    }),
    onSuccess: (c, _output, { kind }) => unsubscribePage(c, kind, "", "done"),
    onError: (c, _err, fields) => unsubscribePage(c, kindAsked(fields, c), "", "invalid", 400),
  });
  // The twin of POST /api/animals/{slug}/choose.
  formRoute(app, chooseAnimalAction, {
    path: "/animals/:slug/choose",
    onSuccess: (c, species) => {
      setFlash(c, {
        title: "Checking your cart",
        description: `Your cart page now shows what a ${species.commonName.toLowerCase()}'s setup still lacks.`,
      });
      return c.redirect(`/animals/${species.slug}#setup`, 303);
    },
    onError: (_c, err) => {
      throw err;
    },
  });
  return app;
}
