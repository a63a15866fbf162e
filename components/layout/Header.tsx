/** Top bar, sticky header (logo, search, account, wishlist, cart) and the category navigation. */
import { formatMoney } from "../../lib/money.ts";
import { Island } from "../../lib/islands.tsx";
import SearchBox from "../../islands/SearchBox.tsx";
import { CartIcon, ChevronDownIcon, HeartIcon, LogoMark, MenuIcon, UserIcon } from "../ui/icons.tsx";
import { type ChromeData, isAdminRole } from "./types.ts";
import { Frozen } from "../../lib/frozen.tsx";

/** The header search box's props on a page without a query: the owner of its frozen markup. */
const EMPTY_SEARCH = { id: "header-search", initialQuery: "" };

export function Header({ chrome }: { chrome: ChromeData }) {
  const top = chrome.categories.filter((c) => c.parentId === null);
  const sub = chrome.categories.filter((c) => c.parentId !== null);
  // The one input of the navigation besides the categories: which top category's page this is.
  const current = top.find((c) => chrome.path === `/category/${c.slug}`)?.slug ?? "";
  return (
    <>
      {/* A named region: every bit of the page sits in a landmark, so screen-reader users can reach or skip it. */}
      {/* Pre-rendered once per shop settings (lib/frozen.tsx); the category navigation below, per category list. */}
      <Frozen
        owner={chrome.shop}
        part="top-bar"
        as="section"
        aria-label="Delivery and help"
        className="bg-green-900 text-green-50"
      >
        {
          /* On a phone the line would be cut off beside the links (audit finding, issue 16 item 9): there
            it shows the free-delivery promise alone, whole; the links are in the menu. */
        }
        <div className="mx-auto flex max-w-7xl items-center justify-center gap-4 px-4 py-1.5 text-xs sm:justify-between">
          <p className="text-center sm:truncate sm:text-left">
            Free delivery on orders from {formatMoney(chrome.shop.freeShippingThresholdCents)}
            <span className="hidden sm:inline">&nbsp;· Shipping across South Africa</span>
          </p>
          <nav aria-label="Help" className="hidden shrink-0 gap-4 sm:flex">
            <a href="/help" className="hover:underline">Help</a>
            <a href="/contact" className="hover:underline">Contact</a>
            <a href="/track-order" className="hover:underline">Track Order</a>
          </nav>
        </div>
      </Frozen>
      <header
        id="site-header"
        className="site-header sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur"
      >
        <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-3 md:gap-6">
          <button
            type="button"
            popoverTarget="mobile-menu"
            className="rounded-md p-2 text-stone-700 hover:bg-stone-100 md:hidden"
            aria-label="Open menu"
          >
            <MenuIcon className="h-6 w-6" />
          </button>
          <a href="/" className="flex shrink-0 items-center gap-2" aria-label={`${chrome.shop.name} home`}>
            <LogoMark />
            <span className="text-lg font-extrabold tracking-tight text-green-900">{chrome.shop.name}</span>
          </a>
          <div className="hidden flex-1 md:block">
            {chrome.query
              ? (
                <Island
                  name="SearchBox"
                  component={SearchBox}
                  props={{ id: "header-search", initialQuery: chrome.query }}
                />
              )
              : (
                // Without a query (most pages) the box is the same on every page: rendered once.
                <Frozen owner={EMPTY_SEARCH} part="search" className="contents">
                  <Island name="SearchBox" component={SearchBox} props={EMPTY_SEARCH} />
                </Frozen>
              )}
          </div>
          <div className="ml-auto flex items-center gap-1 md:ml-0">
            <AccountMenu chrome={chrome} />
            <a href="/wishlist" className="rounded-md p-2 text-stone-700 hover:bg-stone-100" aria-label="Wishlist">
              <HeartIcon className="h-6 w-6" />
            </a>
            <a
              href="/cart"
              className="relative rounded-md p-2 text-stone-700 hover:bg-stone-100"
              aria-label={`Cart, ${chrome.cartCount} items`}
            >
              <CartIcon className="h-6 w-6" />
              <span
                data-cart-count
                className={`absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-green-700 px-1 text-center text-xs leading-5 font-bold text-white ${
                  chrome.cartCount > 0 ? "" : "hidden"
                }`}
              >
                {chrome.cartCount}
              </span>
            </a>
          </div>
        </div>
        <Frozen
          owner={chrome.categories}
          part={`nav:${current}`}
          as="nav"
          aria-label="Categories"
          className="hidden border-t border-stone-100 md:block"
        >
          <ul className="mx-auto flex max-w-7xl items-center gap-1 px-4 text-sm font-medium">
            {top.map((c) => (
              <li key={c.slug}>
                <a
                  href={`/category/${c.slug}`}
                  aria-current={c.slug === current ? "page" : undefined}
                  className="block rounded-md px-3 py-2.5 text-stone-700 hover:bg-green-50 hover:text-green-900 aria-[current=page]:text-green-800"
                >
                  {c.name}
                </a>
              </li>
            ))}
            {sub.length
              ? (
                <li className="relative">
                  <details className="group">
                    <summary className="flex cursor-pointer list-none items-center gap-1 rounded-md px-3 py-2.5 text-stone-700 hover:bg-green-50 hover:text-green-900">
                      More <ChevronDownIcon className="h-4 w-4 transition group-open:rotate-180" />
                    </summary>
                    <ul className="absolute left-0 z-50 mt-1 w-60 rounded-lg border border-stone-200 bg-white p-1 shadow-lg">
                      {sub.map((c) => (
                        <li key={c.slug}>
                          <a href={`/category/${c.slug}`} className="block rounded-md px-3 py-2 hover:bg-green-50">
                            {c.name}
                          </a>
                        </li>
                      ))}
                    </ul>
                  </details>
                </li>
              )
              : null}
          </ul>
        </Frozen>
      </header>
    </>
  );
}

function AccountMenu({ chrome }: { chrome: ChromeData }) {
  const user = chrome.user;
  if (!user) {
    return (
      <a
        href="/login"
        className="flex items-center gap-1 rounded-md p-2 text-sm font-medium text-stone-700 hover:bg-stone-100"
      >
        <UserIcon className="h-6 w-6" />
        {/* Below 1024 px only the icon shows; the text stays there for screen readers. */}
        <span className="sr-only lg:not-sr-only">Sign In</span>
      </a>
    );
  }
  return (
    <details className="relative">
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded-md p-2 text-sm font-medium text-stone-700 hover:bg-stone-100">
        <UserIcon className="h-6 w-6" />
        {/* Below 1024 px only the icon shows: the summary is then named "My Account" for screen readers. */}
        <span className="sr-only lg:hidden">My Account</span>
        <span className="hidden max-w-28 truncate lg:inline">{user.firstName || user.username}</span>
      </summary>
      <ul className="absolute right-0 z-50 mt-1 w-52 rounded-lg border border-stone-200 bg-white p-1 text-sm shadow-lg">
        <li>
          <a className="block rounded-md px-3 py-2 hover:bg-green-50" href="/account">My Account</a>
        </li>
        <li>
          <a className="block rounded-md px-3 py-2 hover:bg-green-50" href="/account?tab=orders">My Orders</a>
        </li>
        {isAdminRole(user.role)
          ? (
            <li>
              <a className="block rounded-md px-3 py-2 hover:bg-green-50" href="/admin">Admin Dashboard</a>
            </li>
          )
          : null}
        <li>
          <a className="block rounded-md px-3 py-2 hover:bg-green-50" href="/loyalty">Loyalty Program</a>
        </li>
        <li>
          <form method="post" action="/logout">
            <button type="submit" className="block w-full rounded-md px-3 py-2 text-left hover:bg-green-50">
              Logout
            </button>
          </form>
        </li>
      </ul>
    </details>
  );
}
