/** Turns a page (head + body) into an HTML response inside the shared layout. */
import type { Context } from "hono";
import type { ReactElement } from "react";
import type { AppEnv } from "./context.ts";
import { HeadTags, type PageHead } from "../lib/head.tsx";
import { renderDocument } from "../lib/document.ts";
import { renderToStaticMarkup } from "react-dom/server";
import type { Config } from "../config.ts";
import { Layout } from "../components/layout/Layout.tsx";
import type { ChromeData, NavCategory } from "../components/layout/types.ts";
import type { Category } from "../domains/catalog/mod.ts";
import { ErrorView, NotFoundView } from "../components/layout/ErrorView.tsx";
import { takeFlash } from "./flash.ts";
import { logError } from "../lib/error_log.ts";
import type { ToastInput } from "../client/toast.ts";
import { readOwner } from "./cart_owner.ts";
import { cartItemCount } from "../domains/cart/mod.ts";
import { siteShop } from "./shop_info.ts";
import { keptBeside } from "../lib/kept.ts";
import { narrowMarkup } from "../lib/narrow_markup.ts";

/**
 * The menus' categories, one array per cached category list: markup pre-rendered from it
 * (lib/frozen.tsx: the category navigation) is kept as long as the list is.
 */
const navOf = keptBeside<Category[], "nav", NavCategory[]>();
function navCategories(categories: Category[]): NavCategory[] {
  return navOf(categories, "nav", () => categories.map((x) => ({ name: x.name, slug: x.slug, parentId: x.parentId })));
}

/** Loads what the header, menus and footer show (`cartCount` when the page has read it already). */
export async function loadChrome(c: Context<AppEnv>, cartCount?: number): Promise<ChromeData> {
  const [categories, shop] = await Promise.all([c.var.caches.categories.get(), siteShop(c)]);
  const user = c.var.user;
  const owner = readOwner(c);
  return {
    shop,
    categories: navCategories(categories),
    user: user ? { username: user.username, firstName: user.firstName, role: user.role } : null,
    cartCount: cartCount ?? (owner ? await cartItemCount(c.var.db, owner) : 0),
    path: c.req.path,
    query: c.req.path === "/search" ? c.req.query("q") : undefined,
    instantEft: instantEftBy(c),
  };
}

/** Who takes Instant EFT at checkout: the footer shows the badge only for a method checkout offers. */
export function instantEftBy(c: Context<AppEnv>): ChromeData["instantEft"] {
  return c.var.stitch ? "Stitch" : c.var.payfast ? "PayFast" : null;
}

/**
 * loadChrome, or, when the database fails, a frame without categories and cart count, so a page
 * that shows its own loading error (or the error page itself) still renders.
 */
export async function loadChromeOrFallback(c: Context<AppEnv>): Promise<ChromeData> {
  try {
    return await loadChrome(c);
  } catch (err) {
    logError("loading the page chrome failed", err, { requestId: c.get("requestId"), path: c.req.path });
    const user = c.var.user;
    return {
      shop: c.var.config.shop,
      categories: [],
      user: user ? { username: user.username, firstName: user.firstName, role: user.role } : null,
      cartCount: 0,
      path: c.req.path,
      instantEft: instantEftBy(c),
    };
  }
}

/**
 * A head's markup, rendered once per head object and config: a product page's head comes from the
 * cached page data (decision 0047), so signed-in shoppers' pages reuse it (decision 0049). Other
 * pages build their head per request and render it per request.
 */
const heads = keptBeside<PageHead, Config, string>();
function headMarkup(head: PageHead, config: Config): string {
  return heads(head, config, () =>
    narrowMarkup(renderToStaticMarkup(
      <HeadTags
        head={head}
        siteUrl={config.siteUrl}
        siteName={config.shop.name}
        defaultDescription={config.shop.description}
        defaultImage={config.shop.defaultImage}
      />,
    )));
}

/** Renders a storefront page in the layout. */
export async function renderPage(
  c: Context<AppEnv>,
  page: {
    head: PageHead;
    body: ReactElement;
    status?: 200 | 400 | 401 | 403 | 404 | 409 | 429 | 500;
    chrome?: ChromeData;
    /** The signed-in shopper's cart item count, when the page has read it with its own rows. */
    cartCount?: number;
    /** A toast of the page itself, shown when no flash toast is waiting (one toast at a time). */
    toast?: ToastInput | null;
  },
) {
  const { config, deps } = c.var;
  const chrome = page.chrome ?? await loadChrome(c, page.cartCount);
  const html = renderDocument({
    head: headMarkup(page.head, config),
    body: <Layout chrome={chrome} toast={takeFlash(c) ?? page.toast ?? null}>{page.body}</Layout>,
    assets: deps.assets,
    bodyClass: "bg-stone-50 text-stone-900 antialiased",
  });
  return c.html(html, page.status ?? 200);
}

/** The HTML error page for a status (404 shows the missing URL). */
export async function renderErrorPage(c: Context<AppEnv>, status: number, message?: string) {
  const code = ([400, 401, 403, 404, 409, 429] as const).find((s) => s === status) ?? 500;
  // The database may be what failed: the fallback frame has no categories.
  const chrome = await loadChromeOrFallback(c);
  if (code === 404 && (!message || message === "Not found")) {
    return renderPage(c, {
      head: { title: "Page Not Found", canonicalPath: c.req.path, noindex: true },
      body: <NotFoundView path={c.req.path} email={c.var.config.shop.contact.email} />,
      status: 404,
      chrome,
    });
  }
  return renderPage(c, {
    head: {
      title: code === 500 ? "Something went wrong" : message ?? "Error",
      canonicalPath: c.req.path,
      noindex: true,
    },
    body: <ErrorView status={code} message={message} />,
    status: code,
    chrome,
  });
}
