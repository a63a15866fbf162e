/**
 * Island boot: finds the island markers the server rendered, imports each island's chunk (URLs come
 * from the data-islands attribute of this script's tag, written by the server from the build
 * manifest) and hydrates it with its JSON props.
 */
import { createElement, type FunctionComponent, type ReactNode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { enhanceCartForms } from "./cart.ts";

/**
 * hydrateRoot() returns before React has hydrated anything (hydration is concurrent), so the
 * `data-hydrated` marker that tests and progressive-enhancement code wait for is set from an effect:
 * a parent's effect runs after every child's, so by then the island is interactive.
 */
function Hydrated({ el, island }: { el: HTMLElement; island: ReactNode }) {
  useEffect(() => {
    el.dataset.hydrated = "true";
  }, [el]);
  return island;
}

function boot() {
  const tag = document.querySelector<HTMLScriptElement>("script[data-islands]");
  const urls: Record<string, string> = JSON.parse(tag?.dataset.islands ?? "{}");
  for (const el of document.querySelectorAll<HTMLElement>("[data-island]")) {
    const name = el.dataset.island!;
    const url = urls[name];
    if (!url) {
      console.error(`island ${name}: no chunk in the manifest`);
      continue;
    }
    const props = JSON.parse(el.dataset.props ?? "{}");
    import(url).then((mod) => {
      const island = createElement(mod.default as FunctionComponent, props);
      hydrateRoot(el, createElement(Hydrated, { el, island }));
    }).catch((err) => console.error(`island ${name} failed to load`, err));
  }
}

enhanceCartForms();
boot();
