/**
 * The island marker. The server renders an island's markup inside an element carrying its name and
 * JSON props; client/boot.ts finds the markers, lazily imports each island's chunk and hydrates it.
 *
 * Which islands a page uses is recorded while it renders (collectIslands), not found afterwards by
 * scanning the finished HTML: the regex scan over 60-90 KB of markup was a visible share of every
 * request's CPU (docs/decisions/0037).
 *
 * `hydrate="visible"` is for islands below the fold whose markup works without JavaScript (the
 * footer's newsletter form, the reviews): the page does not preload their chunks and boot imports
 * them only when they come near the viewport, so they cost nothing on the first load
 * (docs/decisions/0043).
 */
import type { ComponentType } from "react";
import { narrowJson } from "./narrow_markup.ts";

/**
 * The names seen by the render in progress. renderToString is synchronous and JavaScript runs one
 * thing at a time, so one module-level slot cannot mix two requests' renders.
 */
let collecting: Map<string, boolean> | null = null;

/** When boot hydrates an island: at once ("load") or when it nears the viewport ("visible"). */
export type Hydration = "load" | "visible";

/** Wraps a server-rendered island; `props` must be plain JSON. */
export function Island<P extends object>(
  { name, component: Component, props, hydrate = "load" }: {
    name: string;
    component: ComponentType<P>;
    props: P;
    hydrate?: Hydration;
  },
) {
  // One eager use of a name makes its chunk part of the first load.
  if (collecting) collecting.set(name, (collecting.get(name) ?? false) || hydrate === "load");
  return (
    <div
      data-island={name}
      data-props={narrowJson(JSON.stringify(props))}
      data-hydrate={hydrate === "load" ? undefined : hydrate}
      style={{ display: "contents" }}
    >
      <Component {...props} />
    </div>
  );
}

/**
 * Runs a synchronous render and returns its result with the island names it rendered, in order of
 * first appearance, and those of them the first load needs (any use not marked "visible"). Nested
 * calls keep the outer collection intact.
 */
export function collectIslands<T>(render: () => T): { result: T; islands: string[]; eager: string[] } {
  const outer = collecting;
  const names = new Map<string, boolean>();
  collecting = names;
  try {
    const result = render();
    return { result, islands: [...names.keys()], eager: [...names].filter(([, e]) => e).map(([n]) => n) };
  } finally {
    collecting = outer;
  }
}

/**
 * Records islands rendered elsewhere (markup pre-rendered by lib/frozen.tsx) in the render in
 * progress, as if their markers had rendered here.
 */
export function recordIslands(islands: readonly string[], eager: readonly string[]): void {
  if (!collecting) return;
  for (const name of islands) collecting.set(name, (collecting.get(name) ?? false) || eager.includes(name));
}
