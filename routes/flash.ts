/**
 * One-shot toasts carried across a redirect in a short-lived cookie. The cookie holds a short queue
 * (a sign-in can need 'Cart Sync Issue' and 'Added to Wishlist'): each page shows one toast that
 * arrived with the request, and the rest wait for the next page. The cookie is HttpOnly,
 * SameSite=Lax and Secure on the same rule as the session cookie; what comes back is re-checked field
 * by field (and React escapes it), so a forged cookie can at most show its owner plain text.
 */
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppEnv } from "./context.ts";
import type { ToastInput } from "../client/toast.ts";
import { cookieSecure } from "./session.ts";

const FLASH_COOKIE = "flash";
/** Toasts kept at once; a longer queue drops its oldest. */
export const FLASH_QUEUE_MAX = 3;
const MAX_TITLE = 100;
const MAX_DESCRIPTION = 300;
const VARIANTS = new Set(["default", "success", "destructive"]);

/** A request's toasts: those its cookie brought (not shown yet) and those it added for the next page. */
interface FlashState {
  incoming: ToastInput[];
  added: ToastInput[];
  hadCookie: boolean;
}

const states = new WeakMap<Request, FlashState>();

function toastOf(value: unknown): ToastInput | null {
  if (!value || typeof value !== "object") return null;
  const { title, description, variant } = value as Record<string, unknown>;
  if (typeof title !== "string" || !title) return null;
  return {
    title: title.slice(0, MAX_TITLE),
    ...(typeof description === "string" && description ? { description: description.slice(0, MAX_DESCRIPTION) } : {}),
    ...(typeof variant === "string" && VARIANTS.has(variant) ? { variant: variant as ToastInput["variant"] } : {}),
  };
}

function parseCookie(raw: string | undefined): ToastInput[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    // A single object is the cookie's older one-toast form.
    const list = Array.isArray(parsed) ? parsed : [parsed];
    return list.slice(-FLASH_QUEUE_MAX).map(toastOf).filter((t): t is ToastInput => t !== null);
  } catch {
    return [];
  }
}

function stateOf(c: Context<AppEnv>): FlashState {
  let state = states.get(c.req.raw);
  if (!state) {
    const raw = getCookie(c, FLASH_COOKIE);
    state = { incoming: parseCookie(raw), added: [], hadCookie: raw !== undefined };
    states.set(c.req.raw, state);
  }
  return state;
}

/** Writes what is still to show (newest last); several writes in one request: the last one counts. */
function save(c: Context<AppEnv>, state: FlashState) {
  const queue = [...state.incoming, ...state.added].slice(-FLASH_QUEUE_MAX);
  const secure = cookieSecure(c);
  if (queue.length) {
    setCookie(c, FLASH_COOKIE, JSON.stringify(queue), {
      path: "/",
      httpOnly: true,
      sameSite: "Lax",
      secure,
      maxAge: 60,
    });
  } else if (state.hadCookie || state.added.length) {
    deleteCookie(c, FLASH_COOKIE, { path: "/", secure });
  }
}

/**
 * Queues a toast for the next page; the same title twice is kept once (the newer). Toasts an earlier
 * request left unshown are dropped: they told of a page the visitor never saw, and a newer action
 * speaks now (several toasts of one action, such as a sign-in's, all stay).
 */
export function setFlash(c: Context<AppEnv>, toast: ToastInput) {
  const state = stateOf(c);
  state.incoming = [];
  state.added = [...state.added.filter((t) => t.title !== toast.title), toast];
  save(c, state);
}

/**
 * The toast to show on this page, from those the request brought: a destructive one first (a problem
 * must not hide behind good news), else the newest (the visitor's latest action). The others stay
 * queued, as do toasts this request added itself (they are for the page it leads to).
 */
export function takeFlash(c: Context<AppEnv>): ToastInput | null {
  const state = stateOf(c);
  if (!state.incoming.length) {
    if (state.hadCookie && !state.added.length) save(c, state); // an empty or unreadable cookie goes
    return null;
  }
  const problem = state.incoming.findIndex((t) => t.variant === "destructive");
  const [shown] = state.incoming.splice(problem >= 0 ? problem : state.incoming.length - 1, 1);
  save(c, state);
  return shown;
}
