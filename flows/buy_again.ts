/**
 * "Buy it again" on a customer's order page: every line of one of their past orders goes back into
 * their cart (same product, same option, same quantity) at today's price. A line that cannot be
 * bought now (sold out, fewer left than ordered, no longer sold) is skipped and named, and the rest
 * are added: reptile keepers reorder the same feeders, substrate and supplements every few weeks.
 */
import type { Db } from "../db/client.ts";
import { getOrder } from "../domains/orders/mod.ts";
import { ConflictError } from "../lib/errors.ts";
import { tryAddToCart } from "./add_bundle_to_cart.ts";

/** What went into the cart (by name) and what did not, with why. */
export interface BuyAgainResult {
  added: string[];
  refused: { name: string; message: string }[];
}

/** The refusal of a line whose product or option the shop no longer sells. */
export const noLongerSold = (name: string) => `${name} is no longer sold.`;

/** Puts the lines of the customer's own order into their cart; NotFoundError for anyone else's order. */
export async function buyAgain(db: Db, userId: number, orderId: number): Promise<BuyAgainResult> {
  const order = await getOrder(db, orderId, { userId, isAdmin: false });
  const result: BuyAgainResult = { added: [], refused: [] };
  for (const item of order.items) {
    if (item.productId === null) {
      result.refused.push({ name: item.name, message: noLongerSold(item.name) });
      continue;
    }
    const outcome = await tryAddToCart(db, { userId }, {
      productId: item.productId,
      variantId: item.variantId,
      quantity: item.quantity,
    });
    if ("added" in outcome) result.added.push(outcome.added);
    else {
      // Stock refusals say how many can be had; anything else means the product or option is gone.
      const message = outcome.refused instanceof ConflictError ? outcome.refused.message : noLongerSold(item.name);
      result.refused.push({ name: item.name, message });
    }
  }
  return result;
}
