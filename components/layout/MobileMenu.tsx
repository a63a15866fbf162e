/**
 * The full-screen mobile menu (a native popover: opens and closes without JavaScript) and the
 * bottom bar shown on small screens.
 */
import { CartIcon, GridIcon, HomeIcon, SearchIcon, UserIcon } from "../ui/icons.tsx";
import { type ChromeData, isAdminRole, mainLinks, supportLinks } from "./types.ts";
import { Frozen } from "../../lib/frozen.tsx";
import { PopoverPanel } from "../ui/Dialog.tsx";

export function MobileMenu({ chrome }: { chrome: ChromeData }) {
  const link = "block rounded-md px-3 py-2.5 text-stone-800 hover:bg-green-50";
  return (
    <PopoverPanel
      id="mobile-menu"
      label="Menu"
      title="Menu"
      titleClass="text-green-900"
      closeLabel="Close menu"
      className="mobile-menu m-0 h-dvh max-h-none w-screen max-w-none overflow-y-auto bg-white p-0"
    >
      <form action="/search" method="get" role="search" aria-label="Search the shop" className="px-4 pt-4">
        <label htmlFor="mobile-search" className="sr-only">Search products</label>
        <input
          id="mobile-search"
          name="q"
          type="search"
          placeholder="Search products"
          className="w-full rounded-full border border-stone-300 px-4 py-2 text-sm"
        />
      </form>
      <nav aria-label="Mobile" className="grid gap-6 px-4 py-4">
        <section>
          <h2 className="mb-1 px-3 text-xs font-semibold tracking-wider text-stone-500 uppercase">Categories</h2>
          <Frozen owner={chrome.categories} part="mobile" as="ul">
            {chrome.categories.map((c) => (
              <li key={c.slug}>
                <a className={link} href={`/category/${c.slug}`}>{c.name}</a>
              </li>
            ))}
          </Frozen>
        </section>
        <section>
          <h2 className="mb-1 px-3 text-xs font-semibold tracking-wider text-stone-500 uppercase">
            {chrome.user ? "My Account" : "Account"}
          </h2>
          <ul>
            {chrome.user
              ? (
                <>
                  <li>
                    <a className={link} href="/account">My Account</a>
                  </li>
                  <li>
                    <a className={link} href="/account?tab=orders">My Orders</a>
                  </li>
                  {isAdminRole(chrome.user.role)
                    ? (
                      <li>
                        <a className={link} href="/admin">Admin Dashboard</a>
                      </li>
                    )
                    : null}
                  <li>
                    <a className={link} href="/loyalty">Loyalty Program</a>
                  </li>
                </>
              )
              : (
                <>
                  <li>
                    <a className={link} href="/login">Sign In</a>
                  </li>
                  <li>
                    <a className={link} href="/register">Register</a>
                  </li>
                </>
              )}
          </ul>
        </section>
        {/* Links fixed in the code: rendered once. */}
        <Frozen owner={supportLinks} part="mobile-help" as="section">
          <h2 className="mb-1 px-3 text-xs font-semibold tracking-wider text-stone-500 uppercase">Help &amp; Info</h2>
          <ul>
            {[...mainLinks.slice(1), { label: "Help", href: "/help" }, ...supportLinks].map((l) => (
              <li key={l.href}>
                <a className={link} href={l.href}>{l.label}</a>
              </li>
            ))}
          </ul>
        </Frozen>
      </nav>
    </PopoverPanel>
  );
}

export function BottomBar({ chrome }: { chrome: ChromeData }) {
  const items = [
    { label: "Home", href: "/", icon: <HomeIcon /> },
    { label: "Search", href: "/search", icon: <SearchIcon /> },
    { label: "Categories", href: "/categories", icon: <GridIcon /> },
    { label: "Cart", href: "/cart", icon: <CartIcon /> },
    { label: "Account", href: chrome.user ? "/account" : "/login", icon: <UserIcon /> },
  ];
  return (
    <nav aria-label="Quick" className="fixed inset-x-0 bottom-0 z-40 border-t border-stone-200 bg-white md:hidden">
      <ul className="grid grid-cols-5">
        {items.map((i) => (
          <li key={i.label}>
            <a
              href={i.href}
              aria-current={chrome.path === i.href ? "page" : undefined}
              className="relative flex flex-col items-center gap-0.5 py-2 text-xs text-stone-600 aria-[current=page]:text-green-800"
            >
              {i.icon}
              {i.label}
              {i.label === "Cart"
                ? (
                  <span
                    data-cart-count
                    className={`absolute top-1 left-1/2 ml-2 min-w-4 rounded-full bg-green-700 px-1 text-center text-[10px] leading-4 font-bold text-white ${
                      chrome.cartCount > 0 ? "" : "hidden"
                    }`}
                  >
                    {chrome.cartCount}
                  </span>
                )
                : null}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
