/** Assembles the HTML document: head, body markup, and the island scripts the body needs. */
import type { ReactElement } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { type AssetManifest, scriptsFor } from "./assets.ts";
import { collectIslands } from "./islands.tsx";

function escapeAttr(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

/** Renders a full page. A page whose body has no island markers gets no script at all. */
export function renderDocument(
  { head, body, assets, bodyClass = "" }: {
    /** The head's elements, or their markup rendered earlier (routes/render.tsx keeps a cached page's). */
    head: ReactElement | string;
    body: ReactElement;
    assets: AssetManifest;
    bodyClass?: string;
  },
): string {
  const { result: bodyHtml, islands: names, eager } = collectIslands(() => renderToString(body));
  let scripts = "";
  if (names.length) {
    const urls = Object.fromEntries(names.filter((n) => assets.islands[n]).map((n) => [n, assets.islands[n]]));
    // Only the chunks the eager islands need (not every shared chunk of the build, nor those of islands
    // hydrated when visible); boot is the script itself.
    const preloads = scriptsFor(assets, eager).filter((u) => u !== assets.boot)
      .map((u) => `<link rel="modulepreload" href="${escapeAttr(u)}">`).join("");
    scripts = `${preloads}<script type="module" src="${escapeAttr(assets.boot)}" data-islands="${
      escapeAttr(JSON.stringify(urls))
    }"></script>`;
  }
  return `<!doctype html><html lang="en-ZA"><head>${
    typeof head === "string" ? head : renderToStaticMarkup(head)
  }<link rel="stylesheet" href="${escapeAttr(assets.css)}"></head><body id="top" class="${
    escapeAttr(bodyClass)
  }">${bodyHtml}${scripts}</body></html>`;
}
