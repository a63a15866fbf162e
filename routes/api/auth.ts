/** POST /api/auth/register, /login, /logout; GET /api/auth/me. */
import { Hono } from "hono";
import type { AppEnv } from "../../app.ts";
import { authSchemas, type SessionUser } from "../../domains/auth/mod.ts";
import { UnauthorizedError } from "../../lib/errors.ts";
import { ServiceError } from "../../lib/error_log.ts";
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
    vatNumber: u.vatNumber,
    role: u.role,
    defaultShippingAddressId: u.defaultShippingAddressId,
    defaultBillingAddressId: u.defaultBillingAddressId,
    createdAt: u.createdAt.toISOString(),
  };
}

export function authApi() {
  const app = new Hono<AppEnv>();
  // A failure on our side answers 500 with the spec's fallback ('Login failed. Please try again.'...).
  app.post("/register", validate("json", authSchemas.registerBody), async (c) => {
    try {
      return c.json(userJson(await register(c, c.req.valid("json"))), 201);
    } catch (err) {
      if (err instanceof ServiceError) return c.json({ error: err.message }, 500);
      throw err;
    }
  });
  app.post("/login", validate("json", authSchemas.loginBody), async (c) => {
    try {
      return c.json(userJson(await signIn(c, c.req.valid("json"))));
    } catch (err) {
      if (err instanceof ServiceError) return c.json({ error: err.message }, 500);
      throw err;
    }
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
