/**
 * The newsletter sign-up (home banner and footer). A plain form without JavaScript; with it, the
 * spec's checks and toasts without leaving the page.
 */
import { type FormEvent, useState } from "react";
import { api } from "../client/api.ts";
import { toast } from "../client/toast.ts";

export const SUBSCRIBED_TEXT = "Please check your e-mail to confirm your subscription and get your 10% discount code.";

export default function NewsletterForm({ source, tone }: { source: "home_banner" | "footer"; tone: "light" | "dark" }) {
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const id = `newsletter-${source}`;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const value = email.trim();
    if (!value || !value.includes("@")) {
      toast({ title: "Invalid email", description: "Please enter a valid email address.", variant: "destructive" });
      return;
    }
    setBusy(true);
    try {
      await api("/api/newsletter", { method: "POST", json: { email: value, source } });
      setEmail("");
      toast({ title: "Subscribed!", description: SUBSCRIBED_TEXT, variant: "success" });
    } catch (err) {
      toast({
        title: "Invalid email",
        description: err instanceof Error ? err.message : undefined,
        variant: "destructive",
      });
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
