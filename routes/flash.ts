/** One-shot toasts carried across a redirect in a short-lived cookie. */
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { ToastInput } from "../client/toast.ts";

const FLASH_COOKIE = "flash";

export function setFlash(c: Context, toast: ToastInput) {
  setCookie(c, FLASH_COOKIE, JSON.stringify(toast), { path: "/", httpOnly: true, sameSite: "Lax", maxAge: 60 });
}

/** Reads and clears the pending toast, if any. */
export function takeFlash(c: Context): ToastInput | null {
  const raw = getCookie(c, FLASH_COOKIE);
  if (!raw) return null;
  deleteCookie(c, FLASH_COOKIE, { path: "/" });
  try {
    const parsed = JSON.parse(raw);
    return typeof parsed?.title === "string"
      ? {
        title: parsed.title,
        description: typeof parsed.description === "string" ? parsed.description : undefined,
        variant: parsed.variant,
      }
      : null;
  } catch {
    return null;
  }
}
