/** POST /api/auth/register, /login, /logout; GET /api/auth/me. */
import { z } from "zod";
import { authSchemas, type SessionUser } from "../../domains/auth/mod.ts";
import { UnauthorizedError } from "../../lib/errors.ts";
import { actionApi, defineAction } from "../action.ts";
import { register, signIn, signOut } from "../auth_actions.ts";

export function userJson(u: SessionUser) {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    phone: u.phone,
    vatNumber: u.vatNumber,
    role: u.role,
    defaultShippingAddressId: u.defaultShippingAddressId,
    defaultBillingAddressId: u.defaultBillingAddressId,
    createdAt: u.createdAt.toISOString(),
  };
}

/** A user as the API answers it (userJson's shape). */
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  vatNumber: z.string().nullable(),
  role: z.enum(["customer", "admin", "super_admin"]),
  defaultShippingAddressId: z.number().int().nullable(),
  defaultBillingAddressId: z.number().int().nullable(),
  createdAt: z.string(),
});

/** `{ success: true, message }`: what most actions answer. */
export const successMessage = z.object({ success: z.literal(true), message: z.string() });

// A failure on our side answers 500 with the spec's fallback ('Login failed. Please try again.'...):
// register and signIn throw a ServiceError, which jsonRoute answers so.
/** Both answer the signed-in user. */
const signsIn = { method: "post", output: userSchema, auth: "public" } as const;

export const registerAction = defineAction({
  ...signsIn,
  path: "/auth/register",
  input: authSchemas.registerBody,
  status: 201,
  summary: "Create a customer account and sign in",
  handler: async (c, input) => userJson(await register(c, input)),
});

export const loginAction = defineAction({
  ...signsIn,
  path: "/auth/login",
  input: authSchemas.loginBody,
  summary: "Sign in with e-mail or username and password",
  handler: async (c, input) => userJson(await signIn(c, input)),
});

export const logoutAction = defineAction({
  method: "post",
  path: "/auth/logout",
  input: undefined,
  output: z.object({ success: z.literal(true) }),
  auth: "public",
  summary: "Sign out (ends the session, if any)",
  handler: async (c) => {
    await signOut(c);
    return { success: true as const };
  },
});

export const meAction = defineAction({
  method: "get",
  path: "/auth/me",
  input: undefined,
  output: userSchema,
  auth: "public",
  summary: "The signed-in user (401 'Not logged in' without a session)",
  // deno-lint-ignore require-await
  handler: async (c) => {
    if (!c.var.user) throw new UnauthorizedError("Not logged in");
    return userJson(c.var.user);
  },
});

export function authApi() {
  return actionApi("/auth", [registerAction, loginAction, logoutAction, meAction]);
}
