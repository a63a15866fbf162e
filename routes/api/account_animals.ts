/**
 * A keeper's animals (docs/animals.md): GET/POST /api/account/animals, PATCH/DELETE
 * /api/account/animals/{id}. 400 for an unknown species, 404 for another customer's animal; each
 * animal comes with what its setup still lacks, judged against the keeper's paid orders and cart.
 */
import type { Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import {
  boughtUnits,
  cartUnits,
  createKeeperAnimal,
  deleteKeeperAnimal,
  type KeeperAnimal,
  keeperSchemas,
  listKeeperAnimals,
  REMINDER_KINDS,
  setReminders,
  type Species,
  unitsOfLines,
  unsubscribeByToken,
  updateKeeperAnimal,
} from "../../domains/animals/mod.ts";
import { ValidationError } from "../../lib/errors.ts";
import { parseId } from "../../lib/ids.ts";
import { actionApi, defineAction } from "../action.ts";
import { currentUser } from "../guards.ts";
import { deleteKeeperAnimalOutput, keeperAnimal, keeperAnimalList } from "../../contract/animals.ts";
import { allSpecies, checklistOf } from "./animals.ts";

export const ANIMAL_REMOVED = "The animal has been removed.";

/** The customer's animals as JSON, each with its setup's gaps (one read of what they own for all). */
export async function keeperAnimalsJson(
  c: Context<AppEnv>,
  animals: KeeperAnimal[],
): Promise<z.input<typeof keeperAnimal>[]> {
  if (!animals.length) return [];
  const user = currentUser(c);
  const [bought, inCart, all] = await Promise.all([
    boughtUnits(c.var.db, user.id).then((lines) => unitsOfLines(c.var.db, lines)),
    cartUnits(c.var.db, { userId: user.id }),
    allSpecies(c),
  ]);
  const owned = [...bought, ...inCart];
  const bySlug = new Map(all.map((s) => [s.slug, s]));
  const lists = new Map<string, Awaited<ReturnType<typeof checklistOf>>>();
  for (const slug of new Set(animals.map((a) => a.species.slug))) {
    lists.set(slug, await checklistOf(c, bySlug.get(slug) as Species, owned));
  }
  return animals.map((a) => {
    const list = lists.get(a.species.slug)!;
    const lacking = list.needs.filter((n) => n.required && n.coverage?.status !== "covered")
      .map((n) => ({ need: n.need, label: n.label, notes: n.coverage?.notes ?? [] }));
    return {
      id: a.id,
      name: a.name,
      species: { ...a.species, url: `/animals/${a.species.slug}` },
      acquiredOn: a.acquiredOn,
      notes: a.notes,
      createdAt: a.createdAt.toISOString(),
      setup: { gaps: lacking.length, lacking },
    };
  });
}

async function oneJson(c: Context<AppEnv>, animal: KeeperAnimal) {
  return (await keeperAnimalsJson(c, [animal]))[0];
}

export const listKeeperAnimalsAction = defineAction({
  method: "get",
  path: "/account/animals",
  input: undefined,
  output: keeperAnimalList,
  auth: "customer",
  summary: "The customer's animals, each with what its setup still lacks",
  handler: async (c) => await keeperAnimalsJson(c, await listKeeperAnimals(c.var.db, currentUser(c).id)),
});

export const createKeeperAnimalAction = defineAction({
  method: "post",
  path: "/account/animals",
  input: keeperSchemas.keeperAnimalBody,
  output: keeperAnimal,
  status: 201,
  auth: "customer",
  summary: "Record an animal (species slug, name, optional date acquired and notes); 400 for an unknown species",
  handler: async (c, input) => await oneJson(c, await createKeeperAnimal(c.var.db, currentUser(c).id, input)),
});

export const updateKeeperAnimalAction = defineAction({
  method: "patch",
  path: "/account/animals/:id",
  input: keeperSchemas.keeperAnimalPatch,
  output: keeperAnimal,
  auth: "customer",
  summary: "Change one of the customer's animals; 404 for another customer's",
  handler: async (c, input) => {
    const id = parseId(c.req.param("id"));
    return await oneJson(c, await updateKeeperAnimal(c.var.db, currentUser(c).id, id, input));
  },
});

export const deleteKeeperAnimalAction = defineAction({
  method: "delete",
  path: "/account/animals/:id",
  input: undefined,
  output: deleteKeeperAnimalOutput,
  auth: "customer",
  summary: "Remove one of the customer's animals; 404 for another customer's",
  handler: async (c) => {
    await deleteKeeperAnimal(c.var.db, currentUser(c).id, parseId(c.req.param("id")));
    return { success: true as const, message: ANIMAL_REMOVED };
  },
});

/** Which reminders a switch or an unsubscribe link is about: replacement reminders unless it says. */
const reminderKind = z.enum(REMINDER_KINDS, { error: "kind must be replacement, cart or price." }).default(
  "replacement",
);

export const setRemindersAction = defineAction({
  method: "put",
  path: "/account/reminders",
  input: z.object({ on: z.boolean({ error: "on must be true or false." }), kind: reminderKind }).strict(),
  output: z.object({ on: z.boolean(), kind: z.enum(REMINDER_KINDS) }),
  auth: "customer",
  summary: "Turn the customer's replacement reminders (UVB tubes, substrate...), with kind=cart the " +
    "e-mails about items left in their cart, or with kind=price the wishlist price-drop e-mails, on or off",
  handler: async (c, { on, kind }) => {
    await setReminders(c.var.db, currentUser(c).id, on, kind);
    return { on, kind };
  },
});

/** The refusal of an unsubscribe token that is unknown or malformed. */
export const REMINDER_LINK_NOT_VALID = "This link is not valid";

export const unsubscribeRemindersAction = defineAction({
  method: "post",
  path: "/reminders/unsubscribe",
  input: z.object({ token: z.string().max(100), kind: reminderKind }),
  output: z.object({ success: z.literal(true) }),
  auth: "public",
  summary: "Stop replacement reminders (with kind=cart cart reminders, with kind=price price-drop e-mails) with the " +
    "token of a reminder " +
    "e-mail's link (no sign-in needed)",
  handler: async (c, { token, kind }) => {
    if (!(await unsubscribeByToken(c.var.db, token, kind))) throw new ValidationError(REMINDER_LINK_NOT_VALID);
    return { success: true as const };
  },
});

/** POST /api/reminders/unsubscribe: mounted at /reminders. */
export function reminderApi() {
  return actionApi("/reminders", [unsubscribeRemindersAction]);
}

export function accountAnimalApi() {
  return actionApi("/account", [
    listKeeperAnimalsAction,
    createKeeperAnimalAction,
    updateKeeperAnimalAction,
    deleteKeeperAnimalAction,
    setRemindersAction,
  ]);
}
