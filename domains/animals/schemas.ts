/** Request shapes of a keeper's animals (zod): the spec-style messages a form shows beside a field. */
import { z } from "zod";

const today = () => new Date().toISOString().slice(0, 10);
const blankToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);

const speciesSlug = z.string({ error: "Please choose a species" }).trim().min(1, "Please choose a species")
  .max(80, "Unknown species: choose one of our species profiles");
const name = z.string({ error: "Please enter your animal's name" }).trim().min(1, "Please enter your animal's name")
  .max(60, "Names are at most 60 characters");
const acquiredOn = z.preprocess(
  blankToNull,
  z.iso.date({ error: "Date acquired must be a date (YYYY-MM-DD)" })
    .refine((d) => d <= today(), "Date acquired cannot be in the future")
    .nullable(),
);
const notes = z.preprocess(
  blankToNull,
  z.string().trim().max(1000, "Notes are at most 1000 characters").nullable(),
);

export const keeperAnimalBody = z.object({
  species: speciesSlug,
  name,
  acquiredOn: acquiredOn.optional(),
  notes: notes.optional(),
}).strict();

export const keeperAnimalPatch = z.object({
  species: speciesSlug.optional(),
  name: name.optional(),
  acquiredOn: acquiredOn.optional(),
  notes: notes.optional(),
}).strict().refine((p) => Object.values(p).some((v) => v !== undefined), "Nothing to change");

export type KeeperAnimalInput = z.output<typeof keeperAnimalBody>;
export type KeeperAnimalPatch = z.output<typeof keeperAnimalPatch>;
