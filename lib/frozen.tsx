/**
 * Markup rendered once and reused: a subtree that is the same for every shopper who sees the same
 * data (a product page's gallery, buy box, description and lists; the footer) is rendered to HTML the
 * first time and kept beside that data, so the pages of signed-in shoppers, which are rendered per
 * request, do not render it again (issue 14, decision 0049).
 *
 * The markup is kept in a WeakMap keyed by the `owner` object the subtree is drawn from (the product
 * read from the page-data cache, the shop settings), plus a string naming the part and every other
 * input it depends on. A new owner (a staff change drops the cached data, so the next read makes a
 * new object) means a new render; markup dies with its owner. Everything a subtree shows must come
 * from the owner or the key: nothing of one shopper (wishlist, votes, cart, name) may be inside.
 */
import { createElement, Fragment, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { collectIslands, recordIslands } from "./islands.tsx";
import { keptBeside } from "./kept.ts";
import { narrowMarkup } from "./narrow_markup.ts";

interface Rendered {
  html: string;
  islands: string[];
  eager: string[];
}

const kept = keptBeside<object, string, Rendered>();

/**
 * Renders `children` inside a `<as {...attributes}>` element, reusing the inner markup rendered
 * earlier for the same owner and key. The islands inside are recorded for the page either way.
 */
export function Frozen(
  { owner, part, as = "div", children, ...attributes }: {
    owner: object;
    /** Names the part and every input besides the owner (e.g. `buy:true`: the buy box, signed in). */
    part: string;
    as?: string;
    children: ReactNode;
    className?: string;
    id?: string;
    "aria-label"?: string;
  },
) {
  const rendered = kept(owner, part, () => {
    // A render of its own, synchronous like the page's; the page's island collection is restored after.
    const { result, islands, eager } = collectIslands(() => renderToString(createElement(Fragment, null, children)));
    return { html: narrowMarkup(result), islands, eager };
  });
  recordIslands(rendered.islands, rendered.eager);
  return createElement(as, { ...attributes, dangerouslySetInnerHTML: { __html: rendered.html } });
}
