/**
 * The island marker. The server renders an island's markup inside an element carrying its name and
 * JSON props; client/boot.ts finds the markers, lazily imports each island's chunk and hydrates it.
 *
 * Which islands a page uses is recorded while it renders (collectIslands), not found afterwards by
 * scanning the finished HTML: the regex scan over 60-90 KB of markup was a visible share of every
 * request's CPU (docs/decisions/0037).
 */
import type { ComponentType } from "react";

/**
 * The names seen by the render in progress. renderToString is synchronous and JavaScript runs one
 * thing at a time, so one module-level slot cannot mix two requests' renders.
 */
let collecting: Set<string> | null = null;

/** Wraps a server-rendered island; `props` must be plain JSON. */
export function Island<P extends object>(
  { name, component: Component, props }: { name: string; component: ComponentType<P>; props: P },
) {
  collecting?.add(name);
  return (
    <div data-island={name} data-props={JSON.stringify(props)} style={{ display: "contents" }}>
      <Component {...props} />
    </div>
  );
}

/**
 * Runs a synchronous render and returns its result with the island names it rendered, in order of
 * first appearance. Nested calls keep the outer collection intact.
 */
export function collectIslands<T>(render: () => T): { result: T; islands: string[] } {
  const outer = collecting;
  const names = new Set<string>();
  collecting = names;
  try {
    const result = render();
    return { result, islands: [...names] };
  } finally {
    collecting = outer;
  }
}
