/** The wishlist domain's public surface. */
export {
  addToWishlist,
  isInWishlist,
  listWishlist,
  removeFromWishlist,
  toggleWishlist,
  type WishlistEntry,
} from "./service.ts";
