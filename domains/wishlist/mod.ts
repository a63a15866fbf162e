/** The wishlist domain's public surface. */
export { addToWishlist, isInWishlist, listWishlist, removeFromWishlist, type WishlistEntry } from "./service.ts";
