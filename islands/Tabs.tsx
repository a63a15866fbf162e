/**
 * Tabs over server-rendered panels. Without JavaScript every panel shows in turn; once hydrated,
 * this tab list shows one panel at a time (panels are found by id) with arrow-key navigation; the
 * URL's #fragment naming a panel opens it.
 */
import { type KeyboardEvent, useEffect, useRef, useState } from "react";

/**
 * A panel's attributes, rendered by the server: every tab the server sends needs its tabpanel in the
 * same HTML (the HTML checker refuses a tab without one), also before this island has hydrated.
 */
export function tabPanel(id: string) {
  return { id, role: "tabpanel", "aria-labelledby": `${id}-tab` } as const;
}

export default function Tabs({ tabs, label }: { tabs: { id: string; label: string }[]; label: string }) {
  const [active, setActive] = useState(tabs[0]?.id);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    // A link to one panel (/loyalty#my-redemptions) opens that tab, and so does following one later.
    const fromHash = () => {
      const id = decodeURIComponent(location.hash.slice(1));
      if (tabs.some((t) => t.id === id)) setActive(id);
    };
    fromHash();
    addEventListener("hashchange", fromHash);
    return () => removeEventListener("hashchange", fromHash);
  }, []);

  // Runs in the hydrating commit itself (before the island's data-hydrated marker is set), so a
  // hydrated tab list never shows every panel at once.
  useEffect(() => {
    for (const t of tabs) {
      const panel = document.getElementById(t.id);
      if (!panel) continue;
      panel.hidden = t.id !== active;
      panel.setAttribute("role", "tabpanel");
      panel.setAttribute("aria-labelledby", `${t.id}-tab`);
    }
  }, [active]);

  function onKey(e: KeyboardEvent, i: number) {
    const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    const next = (i + step + tabs.length) % tabs.length;
    setActive(tabs[next].id);
    refs.current[next]?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label={label}
      className="grid auto-cols-fr grid-flow-col gap-1 border-b border-stone-200 sm:flex"
    >
      {tabs.map((t, i) => (
        <button
          key={t.id}
          ref={(el) => {
            refs.current[i] = el;
          }}
          id={`${t.id}-tab`}
          type="button"
          role="tab"
          aria-selected={active === t.id}
          aria-controls={t.id}
          tabIndex={active === t.id ? 0 : -1}
          onClick={() => setActive(t.id)}
          onKeyDown={(e) => onKey(e, i)}
          className="-mb-px border-b-2 border-transparent px-2 py-2.5 text-sm font-semibold text-stone-600 sm:px-4 sm:whitespace-nowrap hover:text-stone-900 aria-selected:border-green-700 aria-selected:text-green-800"
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
