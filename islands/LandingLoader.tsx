/**
 * A lazily loaded landing page: shows the loading text, then fetches the page's HTML fragment from
 * `src` (rendered by our own server) and shows it. On failure it offers a link to the full page.
 */
import { useEffect, useState } from "react";

type State = { kind: "loading" } | { kind: "ready"; html: string } | { kind: "error" };

export default function LandingLoader(
  { src, loadingText, fallbackHref }: { src: string; loadingText: string; fallbackHref: string },
) {
  const [state, setState] = useState<State>({ kind: "loading" });

  useEffect(() => {
    const controller = new AbortController();
    fetch(src, { signal: controller.signal, credentials: "same-origin", headers: { Accept: "text/html" } })
      .then((res) => {
        if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
        return res.text();
      })
      .then((html) => setState({ kind: "ready", html }))
      .catch((err) => {
        if (controller.signal.aborted) return;
        console.warn("landing page failed to load", err);
        setState({ kind: "error" });
      });
    return () => controller.abort();
  }, [src]);

  if (state.kind === "ready") {
    // The fragment is our own server-rendered markup (React-escaped), never user input.
    return <div data-landing-ready dangerouslySetInnerHTML={{ __html: state.html }} />;
  }
  if (state.kind === "error") {
    return (
      <div role="alert" className="rounded-2xl border border-amber-300 bg-amber-50 p-6 text-amber-950">
        <p className="font-semibold">This page didn't load.</p>
        <p className="mt-1">
          Please check your connection and{" "}
          <a href={fallbackHref} className="font-semibold underline">open the page again</a>.
        </p>
      </div>
    );
  }
  return (
    <div data-landing-loading role="status" aria-live="polite">
      <div className="flex items-center gap-3 rounded-2xl border border-stone-200 bg-white px-5 py-4 text-stone-700 shadow-sm">
        <span
          className="h-5 w-5 shrink-0 animate-spin rounded-full border-2 border-green-200 border-t-green-800"
          aria-hidden="true"
        />
        <p className="font-medium">{loadingText}</p>
      </div>
      <div className="mt-6 animate-pulse space-y-6" aria-hidden="true">
        <div className="h-64 rounded-3xl bg-stone-200" />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => <div key={i} className="h-36 rounded-2xl bg-stone-200" />)}
        </div>
      </div>
    </div>
  );
}
