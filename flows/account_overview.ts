/**
 * What the account area shows besides orders: the loyalty card, the wishlist tab and the address
 * summary, read through the loyalty, wishlist and address domains.
 */
import type { Db } from "../db/client.ts";
import {
  goldProgress,
  type LoyaltyTier,
  loyaltyTier,
  pointsBalance,
  pointsToGold,
  SILVER_POINTS,
} from "../domains/loyalty/mod.ts";
import * as wishlist from "../domains/wishlist/mod.ts";
import { type Address, listAddresses } from "../domains/addresses/mod.ts";

export interface LoyaltySummary {
  points: number;
  tier: LoyaltyTier;
  /** The next tier and the points still needed, or null at Gold. */
  next: { tier: LoyaltyTier; pointsNeeded: number } | null;
  /** Progress towards Gold, 0 to 100 (the loyalty page's bar: balance / 1000, capped). */
  progressPercent: number;
}

/** The points balance (the ledger's sum) and the tier it earns, for the overview's loyalty card. */
export async function loyaltySummary(db: Db, userId: number): Promise<LoyaltySummary> {
  const points = await pointsBalance(db, userId);
  const tier = loyaltyTier(points);
  const next = tier === "Gold"
    ? null
    : tier === "Silver"
    ? { tier: "Gold" as const, pointsNeeded: pointsToGold(points) }
    : { tier: "Silver" as const, pointsNeeded: SILVER_POINTS - points };
  return { points, tier, next, progressPercent: goldProgress(points) };
}

export interface WishlistEntry {
  productId: number;
  name: string;
  slug: string;
  priceCents: number;
  salePriceCents: number | null;
  image: string | null;
  inStock: boolean;
  addedAt: Date;
}

/** The user's wishlist, most recently added first (read through the wishlist domain). */
export async function listWishlist(db: Db, userId: number, opts: { limit?: number } = {}): Promise<WishlistEntry[]> {
  const entries = await wishlist.listWishlist(db, userId);
  return entries.slice(0, opts.limit ?? 100).map((e) => ({
    productId: e.productId,
    name: e.product.name,
    slug: e.product.slug,
    priceCents: e.product.priceCents,
    salePriceCents: e.product.salePriceCents,
    image: e.product.images[0] ?? null,
    inStock: e.product.stock > 0,
    addedAt: e.addedAt,
  }));
}

export interface AddressSummary {
  id: number;
  label: string | null;
  name: string;
  lines: string[];
  phone: string | null;
}

export interface AddressBookSummary {
  count: number;
  shipping: AddressSummary | null;
  billing: AddressSummary | null;
}

function summarise(a: Address): AddressSummary {
  return {
    id: a.id,
    label: a.label,
    name: `${a.firstName} ${a.lastName}`.trim(),
    lines: [
      a.addressLine1,
      a.addressLine2,
      `${a.city}, ${a.state}`,
      `${a.postalCode} ${a.country}`,
    ].filter((l): l is string => !!l && l.trim() !== ""),
    phone: a.phone,
  };
}

/** The default shipping and billing addresses (the address domain keeps one default per use). */
export async function addressBookSummary(db: Db, userId: number): Promise<AddressBookSummary> {
  const all = await listAddresses(db, userId);
  const shipping = all.find((a) => a.isDefaultShipping);
  const billing = all.find((a) => a.isDefaultBilling);
  return {
    count: all.length,
    shipping: shipping ? summarise(shipping) : null,
    billing: billing ? summarise(billing) : null,
  };
}
