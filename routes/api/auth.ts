/** POST /api/auth/register, /login, /logout; GET /api/auth/me. */
import { Hono } from "hono";
import type { AppEnv } from "../../app.ts";
import { authSchemas, type SessionUser } from "../../domains/auth/mod.ts";
import { UnauthorizedError } from "../../lib/errors.ts";
import { validate } from "../validate.ts";
import { register, signIn, signOut } from "../auth_actions.ts";

export function userJson(u: SessionUser) {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    phone: u.phone,
    role: u.role,
    defaultShippingAddressId: u.defaultShippingAddressId,
    defaultBillingAddressId: u.defaultBillingAddressId,
    createdAt: u.createdAt.toISOString(),
  };
}

export function authApi() {
  const app = new Hono<AppEnv>();
  app.post("/register", validate("json", authSchemas.registerBody), async (c) => {
    const user = await register(c, c.req.valid("json"));
    return c.json(userJson(user), 201);
  });
  app.post("/login", validate("json", authSchemas.loginBody), async (c) => {
    const user = await signIn(c, c.req.valid("json"));
    return c.json(userJson(user));
  });
  app.post("/logout", async (c) => {
    await signOut(c);
    return c.json({ success: true });
  });
  app.get("/me", (c) => {
    if (!c.var.user) throw new UnauthorizedError("Not logged in");
    return c.json(userJson(c.var.user));
  });
  return app;
}
