/**
 * Island boot: finds the island markers the server rendered, imports each island's chunk (URLs come
 * from the data-islands attribute of this script's tag, written by the server from the build
 * manifest) and hydrates it with its JSON props.
 */
import { createElement } from "react";
import { hydrateRoot } from "react-dom/client";
import { enhanceCartForms } from "./cart.ts";

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
      hydrateRoot(el, createElement(mod.default, props));
      el.dataset.hydrated = "true";
    }).catch((err) => console.error(`island ${name} failed to load`, err));
  }
}

enhanceCartForms();
boot();
