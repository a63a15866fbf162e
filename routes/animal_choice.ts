/**
 * The animals a shopper is setting up (docs/animals.md): kept in a cookie when they add a species'
 * essentials or ask to check their cart against it, so the cart page can show each one's gaps.
 * Signed-in keepers' recorded animals count too (routes/pages/cart.tsx reads both).
 */
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "./context.ts";
import { cookieSecure } from "./session.ts";

export const ANIMALS_COOKIE = "setup_animals";
/** The cart page judges at most this many species (the most recently chosen). */
export const MAX_CHOSEN = 3;
const SLUG = /^[a-z0-9-]{1,80}$/;

/** The species slugs the shopper chose, newest first (unknown text is dropped). */
export function chosenAnimals(c: Context<AppEnv>): string[] {
  const raw = getCookie(c, ANIMALS_COOKIE) ?? "";
  return [...new Set(raw.split(".").filter((s) => SLUG.test(s)))].slice(0, MAX_CHOSEN);
}

/** Puts a species first in the shopper's chosen animals (a year-long, HttpOnly cookie). */
export function chooseAnimal(c: Context<AppEnv>, slug: string): void {
  const next = [slug, ...chosenAnimals(c).filter((s) => s !== slug)].slice(0, MAX_CHOSEN);
  setCookie(c, ANIMALS_COOKIE, next.join("."), {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure: cookieSecure(c),
    maxAge: 365 * 86_400,
  });
}
