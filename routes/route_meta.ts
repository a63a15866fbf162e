/**
 * What the route table cannot say by itself: which middleware is a guard (and its rule), which is a
 * validator (and its schema), which handler serves a declared action. Guards, validators and the action
 * adapters tag themselves here; /api/openapi.json and the authorisation matrix test read the tags
 * while walking `app.routes`.
 */
import type { z } from "zod";

/** Who may call an action or route: everyone, a signed-in user, staff, or a super admin only. */
export type Auth = "public" | "customer" | "admin" | "super_admin";

const guardRules = new WeakMap<object, Auth>();
const validators = new WeakMap<object, { target: string; schema: z.ZodType }>();
const served = new WeakMap<object, unknown>();

/** Marks a guard middleware with the rule it enforces. */
export function describeGuard<M extends object>(middleware: M, auth: Auth): M {
  guardRules.set(middleware, auth);
  return middleware;
}

/** Marks a validator middleware with its target (json, query, form, param) and schema. */
export function describeValidator<M extends object>(middleware: M, target: string, schema: z.ZodType): M {
  validators.set(middleware, { target, schema });
  return middleware;
}

/** Marks a route handler as serving a declared action. */
export function describeHandler<H extends object>(handler: H, action: unknown): H {
  served.set(handler, action);
  return handler;
}

/** The auth rule a guard middleware enforces, if `handler` is one. */
export function guardRuleOf(handler: unknown): Auth | undefined {
  return typeof handler === "function" ? guardRules.get(handler) : undefined;
}

/** The schema a validator middleware applies, if `handler` is one. */
export function validatorOf(handler: unknown): { target: string; schema: z.ZodType } | undefined {
  return typeof handler === "function" ? validators.get(handler) : undefined;
}

/** The declared action a route handler serves, if any. */
export function servedActionOf(handler: unknown): unknown {
  return typeof handler === "function" ? served.get(handler) : undefined;
}
