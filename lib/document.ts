/** Assembles the HTML document: head, body markup, and the island scripts the body needs. */
import type { ReactElement } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import type { AssetManifest } from "./assets.ts";
import { islandsIn } from "./islands.tsx";

function escapeAttr(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

/** Renders a full page. A page whose body has no island markers gets no script at all. */
export function renderDocument(
  { head, body, assets, bodyClass = "" }: {
    head: ReactElement;
    body: ReactElement;
    assets: AssetManifest;
    bodyClass?: string;
  },
): string {
  const bodyHtml = renderToString(body);
  const names = islandsIn(bodyHtml);
  let scripts = "";
  if (names.length) {
    const urls = Object.fromEntries(names.filter((n) => assets.islands[n]).map((n) => [n, assets.islands[n]]));
    const preloads = [...assets.shared, ...Object.values(urls)]
      .map((u) => `<link rel="modulepreload" href="${escapeAttr(u)}">`).join("");
    scripts = `${preloads}<script type="module" src="${escapeAttr(assets.boot)}" data-islands="${
      escapeAttr(JSON.stringify(urls))
    }"></script>`;
  }
  return `<!doctype html><html lang="en-ZA"><head>${renderToStaticMarkup(head)}<link rel="stylesheet" href="${
    escapeAttr(assets.css)
  }"></head><body id="top" class="${escapeAttr(bodyClass)}">${bodyHtml}${scripts}</body></html>`;
}
