/** Whose cart a request works on: the signed-in user's, else the guest session's. */
import type { Context } from "hono";
import type { AppEnv } from "./context.ts";
import type { CartOwner } from "../domains/cart/mod.ts";
import { ensureSession } from "./session.ts";

/** The owner for reading: null for a visitor without a session (an empty cart, no database work). */
export function readOwner(c: Context<AppEnv>): CartOwner | null {
  if (c.var.user) return { userId: c.var.user.id };
  if (c.var.session) return { sessionId: c.var.session.id };
  return null;
}

/** The owner for writing: a visitor gets a guest session (and cookie) first. */
export async function writeOwner(c: Context<AppEnv>): Promise<CartOwner> {
  if (c.var.user) return { userId: c.var.user.id };
  return { sessionId: (await ensureSession(c)).id };
}
