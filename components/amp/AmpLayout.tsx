/**
 * The frame of every AMP page: menu sidebar (opens on the right), header with the shop name and a
 * menu button, the page's main content, footer with the information links and copyright, and the
 * two analytics tags. amp-sidebar must be a direct child of <body>, so this renders a fragment that
 * the document places straight into the body.
 */
import type { ReactNode } from "react";
import { ampOn } from "./elements.ts";
import { AmpAnalytics } from "./AmpAnalytics.tsx";
import type { AmpSite } from "./document.ts";
import { formatMoney } from "../../lib/money.ts";
import { LogoMark, MenuIcon } from "../ui/icons.tsx";

export const AMP_MENU_LINKS = [
  { label: "Home", href: "/" },
  { label: "Categories", href: "/categories" },
  { label: "All Products", href: "/products" },
  { label: "Cart", href: "/cart" },
  { label: "My Account", href: "/account" },
];

export const AMP_FOOTER_LINKS = [
  { label: "About Us", href: "/about" },
  { label: "Contact", href: "/contact" },
  { label: "Terms & Conditions", href: "/terms" },
  { label: "Privacy Policy", href: "/privacy" },
];

const SIDEBAR_ID = "site-menu";

/** A list of links named `label` (the sidebar's menu, the footer's information pages). */
function LinkNav(
  { className, label, links }: { className?: string; label: string; links: readonly { href: string; label: string }[] },
) {
  return (
    <nav className={className} aria-label={label}>
      <ul>
        {links.map((l) => (
          <li key={l.href}>
            <a href={l.href}>{l.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function AmpLayout({ site, children }: { site: AmpSite; children: ReactNode }) {
  return (
    <>
      <amp-sidebar id={SIDEBAR_ID} layout="nodisplay" side="right">
        <div className="sidebar-head">
          <span>Menu</span>
          <button type="button" className="sidebar-close" aria-label="Close menu" {...ampOn(`tap:${SIDEBAR_ID}.close`)}>
            ×
          </button>
        </div>
        <LinkNav className="sidebar-nav" label="Main menu" links={AMP_MENU_LINKS} />
      </amp-sidebar>
      <p className="topbar">
        Free delivery on orders from {formatMoney(site.freeShippingCents)} · Shipping across South Africa
      </p>
      <header className="site-header">
        <div className="wrap">
          <a href="/" className="brand">
            <LogoMark />
            <span>{site.name}</span>
          </a>
          <button
            type="button"
            className="menu-btn"
            aria-label="Open menu"
            aria-controls={SIDEBAR_ID}
            {...ampOn(`tap:${SIDEBAR_ID}.toggle`)}
          >
            <MenuIcon />
            <span aria-hidden="true">Menu</span>
          </button>
        </div>
      </header>
      <main className="wrap page">{children}</main>
      <footer className="site-footer">
        <div className="wrap">
          <LinkNav label="Information" links={AMP_FOOTER_LINKS} />
          <p>© {new Date().getFullYear()} {site.companyName}. All rights reserved.</p>
        </div>
      </footer>
      <AmpAnalytics {...site.analytics} />
    </>
  );
}
