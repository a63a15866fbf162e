/** PUT /api/admin/animals/{slug}: staff replace a species profile's fields (audited; docs/animals.md). */
import { keeperSchemas, updateSpecies } from "../../domains/animals/mod.ts";
import { speciesProfile } from "../../contract/animals.ts";
import { actionApi, defineAction } from "../action.ts";
import { currentUser } from "../guards.ts";
import { speciesProfileJson } from "./animals_json.ts";

export const updateSpeciesAction = defineAction({
  method: "put",
  path: "/admin/animals/:slug",
  input: keeperSchemas.speciesBody,
  output: speciesProfile,
  auth: "admin",
  summary: "Replace a species profile's facts (audited); 404 for an unknown species",
  handler: async (c, input) =>
    speciesProfileJson(await updateSpecies(c.var.db, currentUser(c).id, c.req.param("slug") ?? "", input)),
});

export function adminAnimalApi() {
  return actionApi("/admin/animals", [updateSpeciesAction]);
}
