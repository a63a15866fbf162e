/** What the shared chrome (header, menus, footer) needs from the request. */
import type { ShopInfo } from "../../config.ts";

export interface NavCategory {
  name: string;
  slug: string;
  parentId: number | null;
}

export interface ChromeUser {
  username: string;
  firstName: string | null;
  role: "customer" | "admin" | "super_admin";
}

export interface ChromeData {
  shop: ShopInfo;
  categories: NavCategory[];
  user: ChromeUser | null;
  cartCount: number;
  /** Current path, for aria-current and the login redirect. */
  path: string;
  /** The search box's current text. */
  query?: string;
  /**
   * Who takes Instant EFT at checkout, if anyone (Stitch pay-by-bank first, else PayFast's page): the
   * footer's badges then show it (decision 0010).
   */
  instantEft?: "Stitch" | "PayFast" | null;
}

export const mainLinks = [
  { label: "Home", href: "/" },
  { label: "Shop All", href: "/products" },
  { label: "Browse Categories", href: "/categories" },
  { label: "Featured Products", href: "/featured" },
  { label: "New Arrivals", href: "/new" },
  { label: "Special Offers", href: "/offers" },
  { label: "About Us", href: "/about" },
];

export const supportLinks = [
  { label: "Contact Us", href: "/contact" },
  { label: "FAQs", href: "/faqs" },
  { label: "Shipping Information", href: "/shipping" },
  { label: "Returns Policy", href: "/returns" },
  { label: "Order Tracking", href: "/track-order" },
  { label: "Privacy Policy", href: "/privacy" },
];

export function isAdminRole(role: ChromeUser["role"]): boolean {
  return role === "admin" || role === "super_admin";
}
