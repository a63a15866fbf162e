/** The wishlist domain's public surface. */
export {
  addToWishlist,
  isInWishlist,
  listWishlist,
  removeFromWishlist,
  toggleWishlist,
  type WishlistEntry,
} from "./service.ts";
export {
  claimPriceDrops,
  type DuePriceDrops,
  duePriceDrops,
  PRICE_DROP_MIN_PERCENT,
  type PriceDrop,
  settlePriceRises,
} from "./price_drops.ts";
