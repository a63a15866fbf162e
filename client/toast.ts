/**
 * The toast store shared by every island: one toast at a time (a new one replaces the old), shown by
 * the Toaster island. Islands call `toast({ title, description })`.
 */

export interface ToastInput {
  title: string;
  description?: string;
  variant?: "default" | "success" | "destructive";
}

export interface Toast extends ToastInput {
  id: number;
}

type Listener = (toast: Toast | null) => void;

let current: Toast | null = null;
let nextId = 1;
const listeners = new Set<Listener>();

/** Shows a toast, replacing any visible one. */
export function toast(input: ToastInput): Toast {
  current = { ...input, id: nextId++ };
  for (const l of listeners) l(current);
  return current;
}

/** Hides the toast with this id (or whichever is visible). */
export function dismiss(id?: number) {
  if (!current || (id !== undefined && current.id !== id)) return;
  current = null;
  for (const l of listeners) l(null);
}

/** Calls `listener` on every change; returns the unsubscribe function. */
export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToast(): Toast | null {
  return current;
}

const AFTER_RELOAD_KEY = "toast-after-reload";

/**
 * Reloads the page and shows `input` on the reloaded page (the Toaster picks it up): for actions
 * whose result the server renders, such as a reward code that changes the order's totals.
 */
export function reloadWithToast(input: ToastInput): void {
  try {
    sessionStorage.setItem(AFTER_RELOAD_KEY, JSON.stringify(input));
  } catch {
    // Storage refused (private mode, quota): the reloaded page still shows the result.
  }
  location.reload();
}

/** The toast a reloadWithToast left for this page, once. */
export function takeToastAfterReload(): ToastInput | null {
  try {
    const raw = sessionStorage.getItem(AFTER_RELOAD_KEY);
    if (raw === null) return null;
    sessionStorage.removeItem(AFTER_RELOAD_KEY);
    const value = JSON.parse(raw) as Partial<ToastInput>;
    if (typeof value?.title !== "string") return null;
    return {
      title: value.title.slice(0, 100),
      description: typeof value.description === "string" ? value.description.slice(0, 300) : undefined,
      variant: value.variant === "success" || value.variant === "destructive" ? value.variant : "default",
    };
  } catch {
    return null;
  }
}
