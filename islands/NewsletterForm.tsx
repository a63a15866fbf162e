/**
 * The newsletter sign-up (home banner and footer). A plain form without JavaScript; with it, the
 * spec's checks and toasts without leaving the page.
 */
import { type FormEvent, useState } from "react";
import { api, ApiError } from "../client/api.ts";
import { toast, type ToastInput } from "../client/toast.ts";

export const SUBSCRIBED_TEXT = "Please check your e-mail to confirm your subscription and get your 10% discount code.";

/** The spec's toast for an address that does not pass the checks. */
export const INVALID_EMAIL: ToastInput = {
  title: "Invalid email",
  description: "Please enter a valid email address.",
  variant: "destructive",
};

/**
 * The toast for a failed sign-up: only a refused address is 'Invalid email' (the spec's text);
 * rate limiting, server and network failures say the subscription failed, with the server's words
 * (the same title as the no-JavaScript form).
 */
export function subscribeFailureToast(err: unknown): ToastInput {
  if (err instanceof ApiError && err.status === 400) return INVALID_EMAIL;
  const description = err instanceof ApiError
    ? err.message
    : err instanceof Error
    ? "Please check your connection and try again."
    : "Please try again later.";
  return { title: "Subscription failed", description, variant: "destructive" };
}

export default function NewsletterForm({ source, tone }: { source: "home_banner" | "footer"; tone: "light" | "dark" }) {
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const id = `newsletter-${source}`;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const value = email.trim();
    if (!value || !value.includes("@")) {
      toast(INVALID_EMAIL);
      return;
    }
    setBusy(true);
    try {
      await api("/api/newsletter", { method: "POST", json: { email: value, source } });
      setEmail("");
      toast({ title: "Subscribed!", description: SUBSCRIBED_TEXT, variant: "success" });
    } catch (err) {
      toast(subscribeFailureToast(err));
    } finally {
      setBusy(false);
    }
  }

  const input = tone === "dark"
    ? "border-stone-600 bg-stone-800 text-white placeholder:text-stone-400"
    : "border-stone-300 bg-white";
  return (
    <form
      method="post"
      action="/newsletter"
      onSubmit={submit}
      className={`flex flex-col gap-2 ${tone === "light" ? "sm:flex-row" : ""}`}
    >
      <input type="hidden" name="source" value={source} />
      <label htmlFor={id} className="sr-only">Email address</label>
      <input
        id={id}
        name="email"
        type="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        placeholder="you@example.co.za"
        autoComplete="email"
        maxLength={254}
        className={`min-w-0 flex-1 rounded-lg border px-4 py-3 ${input}`}
      />
      <button
        type="submit"
        disabled={busy}
        className="rounded-lg bg-green-700 px-6 py-3 font-bold text-white hover:bg-green-800 disabled:opacity-60"
      >
        Subscribe
      </button>
    </form>
  );
}
