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
