/**
 * The contract both sides read: what an action answers, typed from its zod output schema. The
 * schemas live in this folder (contract/<area>.ts); the routes declare them as their actions'
 * outputs (routes/action.ts `defineAction`), /api/openapi.json describes them, and islands type
 * their calls with them without importing anything of the server (type-only imports vanish from
 * the island bundles).
 */
import type { z } from "zod";

/** What a JSON route answers, from its output schema or from the action that declares it. */
export type ActionOutput<A> = A extends z.ZodType ? z.output<A>
  : A extends { output: infer O extends z.ZodType } ? z.output<O>
  : never;
