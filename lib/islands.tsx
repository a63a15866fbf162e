/**
 * The island marker. The server renders an island's markup inside an element carrying its name and
 * JSON props; client/boot.ts finds the markers, lazily imports each island's chunk and hydrates it.
 */
import type { ComponentType } from "react";

/** Wraps a server-rendered island; `props` must be plain JSON. */
export function Island<P extends object>(
  { name, component: Component, props }: { name: string; component: ComponentType<P>; props: P },
) {
  return (
    <div data-island={name} data-props={JSON.stringify(props)} style={{ display: "contents" }}>
      <Component {...props} />
    </div>
  );
}

/** The island names used in rendered HTML, in order of first appearance. */
export function islandsIn(html: string): string[] {
  return [...new Set([...html.matchAll(/data-island="([A-Za-z0-9]+)"/g)].map((m) => m[1]))];
}
